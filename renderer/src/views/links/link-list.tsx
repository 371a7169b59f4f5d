// The links this till made, newest first, with the state the service reported when the list was
// read (a paid one with its payment: amount, time, payment id); each row shows its code, copies its
// URL, prints it or deletes it (a paid link stays: it is the record of its payment).
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentLinkView } from '../../../../preload/contract';
import { formatMoney } from '../../format/decimal-text';
import { linkLabel, linkMoney } from './link-words';

export interface LinkRowActions {
  onShow(linkId: string): void;
  onCopy(url: string): void;
  onPrint(linkId: string): void;
  onDelete(link: PaymentLinkView): void;
}

export function LinkList({ links, shownId, actions }: { links: PaymentLinkView[]; shownId: string | null; actions: LinkRowActions }) {
  const { t } = useTranslation();
  if (links.length === 0) return <p className="empty">{t('links.list.empty')}</p>;
  return (
    <table className="links-table">
      <thead>
        <tr>
          <th scope="col">{t('links.list.created')}</th>
          <th scope="col">{t('links.list.amount')}</th>
          <th scope="col">{t('links.list.description')}</th>
          <th scope="col">{t('links.list.state')}</th>
          <th scope="col">{t('links.list.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {links.map((link) => (
          <LinkRow key={link.id} link={link} shown={link.id === shownId} actions={actions} />
        ))}
      </tbody>
    </table>
  );
}

/** "Paid 250,00 Kč at 21.11.26 18:02", and the service's payment id beneath it. */
function PaidLine({ link, lang }: { link: PaymentLinkView; lang: string }) {
  const { t } = useTranslation();
  const payment = link.payment;
  if (!payment) return null;
  const at = new Date(payment.time).toLocaleString(lang === 'cs' ? 'cs-CZ' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' });
  const amount = payment.amount ?? link.amount;
  return (
    <div className="link-payment">
      <span>
        {amount === null ? t('links.payment.paidAt', { time: at }) : t('links.payment.paid', { money: formatMoney(amount, link.currency, lang), time: at })}
      </span>
      {payment.id && <span className="payment-id muted">{t('links.payment.id', { id: payment.id })}</span>}
    </div>
  );
}

const LinkRow = memo(function LinkRow({ link, shown, actions }: { link: PaymentLinkView; shown: boolean; actions: LinkRowActions }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const label = linkLabel(t, link, lang);
  const made = new Date(link.created).toLocaleString(lang === 'cs' ? 'cs-CZ' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' });
  return (
    <tr data-link-id={link.id} aria-current={shown || undefined} className={link.state === 'gone' || link.state === 'expired' ? 'link-gone' : undefined}>
      <td>{made}</td>
      <td className="link-amount">{linkMoney(t, link, lang)}</td>
      <td className="description">{link.description || '—'}</td>
      <td>
        <span className={`badge link-state-${link.state}`}>{t(`links.state.${link.state}`)}</span>
        <PaidLine link={link} lang={lang} />
      </td>
      <td>
        <div className="row-actions">
          <button type="button" aria-label={t('links.showOf', { link: label })} onClick={() => actions.onShow(link.id)}>
            {t('links.show')}
          </button>
          <button type="button" aria-label={t('links.copyOf', { link: label })} onClick={() => actions.onCopy(link.url)}>
            {t('links.copy')}
          </button>
          <button
            type="button"
            aria-label={t('links.printOf', { link: label })}
            disabled={link.state !== 'active' && link.state !== 'unknown'}
            onClick={() => actions.onPrint(link.id)}
          >
            {t('links.print')}
          </button>
          {link.state !== 'paid' && (
            <button type="button" className="danger" aria-label={t('links.deleteOf', { link: label })} onClick={() => actions.onDelete(link)}>
              {t('links.delete')}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
});
