// Confirms deleting a link: Keep comes first and takes the focus, so Enter never deletes; the
// link is named by its description and amount.
import { useTranslation } from 'react-i18next';
import type { PaymentLinkView } from '../../../../preload/contract';
import { ConfirmActions } from '../common/confirm-actions';
import { Dialog } from '../common/dialog';
import type { CommandRunner } from '../common/use-command';
import { linkLabel, wordLinkError } from './link-words';

export function DeleteLinkDialog(props: { link: PaymentLinkView; command: CommandRunner; onConfirm(): Promise<void>; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const { error, pending } = props.command;
  return (
    <Dialog title={t('links.deleteDialog.title')} onClose={props.onClose}>
      <p>{t('links.deleteDialog.confirm', { link: linkLabel(t, props.link, i18n.language) })}</p>
      {error && (
        <p role="alert" className="error" data-code={error.code}>
          {wordLinkError(t, i18n, error)}
        </p>
      )}
      <ConfirmActions
        label={t('links.deleteDialog.yes')}
        danger
        pending={pending}
        onConfirm={props.onConfirm}
        onBack={props.onClose}
        backLabel={t('links.deleteDialog.keep')}
      />
    </Dialog>
  );
}
