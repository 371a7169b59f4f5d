// Leaving Settings with changes not yet saved: the switch is held back in
// the ui slice and this asks Save / Discard / Stay. Stay is the safe choice and has the focus.
import { useTranslation } from 'react-i18next';
import { useAppState } from '../../services/app-context';
import { Dialog } from '../common/dialog';
import type { SettingsForm } from './use-settings-form';

export function UnsavedSettingsDialog({ form }: { form: SettingsForm }) {
  const { t } = useTranslation();
  const pendingTab = useAppState((s) => s.pendingTab);
  const stay = useAppState((s) => s.stayOnTab);
  const leave = useAppState((s) => s.leaveToPendingTab);
  if (!pendingTab) return null;

  const saveAndLeave = async () => {
    // A refused save keeps the cashier here, where the form shows why.
    if (await form.save()) leave();
    else stay();
  };

  return (
    <Dialog title={t('settings.unsaved.title')} onClose={stay}>
      <p>{t('settings.unsaved.text')}</p>
      <div className="actions">
        <button type="button" data-autofocus onClick={stay}>
          {t('settings.unsaved.stay')}
        </button>
        <button
          type="button"
          className="primary"
          aria-disabled={form.command.pending || undefined}
          onClick={() => void (form.command.pending ? null : saveAndLeave())}
        >
          {t('settings.unsaved.save')}
        </button>
        <button type="button" className="danger" onClick={leave}>
          {t('settings.unsaved.discard')}
        </button>
      </div>
    </Dialog>
  );
}
