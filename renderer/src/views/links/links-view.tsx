// Payment links: create a link (amount, currency, description), show it as a QR code
// and a URL, copy it, print it, list the links made here with their state at the service, delete one.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentLinkView } from '../../../../preload/contract';
import { CommandErrorText, wordError } from '../common/command-error';
import { useCommand } from '../common/use-command';
import { DeleteLinkDialog } from './delete-link-dialog';
import { useLinkActions } from './link-actions';
import { LinkForm } from './link-form';
import { LinkList, type LinkRowActions } from './link-list';
import { LinkPreview } from './link-preview';
import { usePaymentLinks } from './use-payment-links';

export function LinksView() {
  const { t, i18n } = useTranslation();
  const links = usePaymentLinks();
  const actions = useLinkActions();
  const deleting = useCommand();
  const [toDelete, setToDelete] = useState<PaymentLinkView | null>(null);
  const { show } = links;
  const { copy, print } = actions;
  const { setError: clearDeleteError } = deleting;
  const rowActions = useMemo<LinkRowActions>(
    () => ({
      onShow: show,
      onCopy: (url) => void copy(url),
      onPrint: (id) => void print(id),
      onDelete: (link) => {
        clearDeleteError(null);
        setToDelete(link);
      },
    }),
    [show, copy, print, clearDeleteError],
  );
  const confirmDelete = async () => {
    if (toDelete && (await links.remove(toDelete.id, deleting))) setToDelete(null);
  };
  const failed = links.list?.checkFailed;

  return (
    <section aria-label={t('links.title')} className="split links-view">
      <div className="stack">
        <h2>{t('links.title')}</h2>
        <p className="muted">{t('links.intro')}</p>
        <LinkForm links={links} />
        <div className="links-head">
          <h3>{t('links.list.title')}</h3>
          <button type="button" aria-disabled={links.listing.pending || undefined} onClick={() => void (links.listing.pending || links.reload())}>
            {t('links.list.refresh')}
          </button>
        </div>
        {links.list === null && !links.listing.error && <p role="status">{t('links.list.loading')}</p>}
        <CommandErrorText error={links.listing.error} />
        {failed && (
          <p className="error">
            {t('links.checkFailed', { reason: wordError(t, i18n, { code: failed.code, message: '', ...(failed.params ? { params: failed.params } : {}) }) })}
          </p>
        )}
        {links.list && <LinkList links={links.list.links} shownId={links.shown?.id ?? null} actions={rowActions} />}
        {actions.done && <p role="status">{actions.done}</p>}
        {actions.copyError && (
          <p role="alert" className="error">
            {actions.copyError}
          </p>
        )}
        <CommandErrorText error={actions.command.error} />
      </div>
      <LinkPreview link={links.shown} onCopy={(url) => void copy(url)} onPrint={(id) => void print(id)} />
      {toDelete && <DeleteLinkDialog link={toDelete} command={deleting} onConfirm={confirmDelete} onClose={() => setToDelete(null)} />}
    </section>
  );
}
