// Settings: every field of SettingsView. A new API key is checked with the service (who-am-i)
// before anything is saved; language switches at once.
import { useTranslation } from 'react-i18next';
import type { Language, SettingsView as Settings } from '../../../../preload/contract';
import { useAppState } from '../../services/app-context';
import { BackupsSection } from './backups-section';
import { DiagnosticsSection } from './diagnostics-section';
import { LocalFields, PosApiPortField } from './local-fields';
import { ManagerPinPanel } from './manager-pin-panel';
import { PosApiSection } from './pos-api-section';
import { StaffSection } from './staff-section';
import { ReceiptModeField } from './receipt-mode-field';
import { UpdateChannelField } from './update-channel-field';
import { ServiceFields } from './service-fields';
import { SettingsErrorText } from './settings-error-text';
import { UnsavedSettingsDialog } from './unsaved-dialog';
import { useSettingsForm, type SettingsForm as Form } from './use-settings-form';

export function SettingsView() {
  const settings = useAppState((s) => s.settings);
  if (!settings) return null;
  return <SettingsForm settings={settings} />;
}

function SettingsForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const form = useSettingsForm(settings);
  return (
    <section aria-label={t('settings.title')} className="settings">
      <h2>{t('settings.title')}</h2>
      <LanguageField form={form} />
      <form
        className="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          void form.save();
        }}
      >
        <fieldset className="settings-group">
          <legend>{t('settings.cashierTitle')}</legend>
          <LocalFields draft={form.draft} set={form.set} />
        </fieldset>
        <IntegrationFields settings={settings} form={form} />
        <SettingsErrorText error={form.command.error} />
        {form.saved && <p role="status">{form.saved}</p>}
        <button type="submit" className="primary" disabled={form.command.pending}>
          {t('settings.save')}
        </button>
      </form>
      <PosApiSection hint={settings.posApiTokenHint} unlock={form.unlock} />
      <BackupsSection unlock={form.unlock} pinSet={settings.managerPinSet} />
      <StaffSection unlock={form.unlock} pinSet={settings.managerPinSet} />
      <DiagnosticsSection />
      <UnsavedSettingsDialog form={form} />
    </section>
  );
}

/**
 * What connects the till to the payment service and the POS, behind the
 * manager PIN. Locked, the fields show their values but cannot change (main refuses them too).
 */
function IntegrationFields({ settings, form }: { settings: Settings; form: Form }) {
  const { t } = useTranslation();
  return (
    <section className="settings-group integration" aria-label={t('settings.integrationTitle')}>
      <h3>{t('settings.integrationTitle')}</h3>
      <ManagerPinPanel pinSet={settings.managerPinSet} unlock={form.unlock} />
      <fieldset disabled={form.unlock.locked} className="integration-fields">
        <legend className="sr-only">{t('settings.integrationTitle')}</legend>
        <ServiceFields settings={settings} draft={form.draft} set={form.set} />
        <PosApiPortField draft={form.draft} set={form.set} />
        <ReceiptModeField value={form.draft.receiptMode} onChange={(mode) => form.set('receiptMode', mode)} />
        <UpdateChannelField value={form.draft.updateChannel} onChange={(channel) => form.set('updateChannel', channel)} />
      </fieldset>
    </section>
  );
}

/** The language applies at once and is saved on its own, outside the form's Save. */
function LanguageField({ form }: { form: Form }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <label>
        {t('settings.language')}
        <select value={i18n.language} onChange={(e) => void form.switchLanguage(e.target.value as Language)}>
          <option value="en">English</option>
          <option value="cs">Čeština</option>
        </select>
      </label>
      <SettingsErrorText error={form.language.error} />
    </>
  );
}
