// Settings: every field of SettingsView. A new API key is checked with the service (who-am-i)
// before anything is saved; language switches at once.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language, SettingsView as Settings } from '../../../../preload/contract';
import { useApi, useAppState, useServices } from '../../app-context';
import { CommandErrorText } from '../common/command-error';
import { useCommand } from '../common/use-command';
import { PosApiSection } from './pos-api-section';
import { PrinterField } from './printer-field';
import { checkDraft, draftFrom, type SettingsDraft } from './settings-draft';

export function SettingsView() {
  const settings = useAppState((s) => s.settings);
  if (!settings) return null;
  return <SettingsForm settings={settings} />;
}

function SettingsForm({ settings }: { settings: Settings }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { randomUuid } = useServices();
  const [draft, setDraft] = useState<SettingsDraft>(() => draftFrom(settings));
  const [saved, setSaved] = useState<string | null>(null);
  const command = useCommand();
  const language = useCommand();
  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => {
    setSaved(null);
    setDraft((d) => ({ ...d, [key]: value }));
  };

  const save = async () => {
    setSaved(null);
    const checked = checkDraft(draft, t);
    if ('error' in checked) return command.setError(checked.error);
    const { input } = checked;
    if (input.apiKey) {
      const key = input.apiKey;
      const who = await command.run(() => api.checkApiKey({ serviceUrl: input.serviceUrl ?? '', apiKey: key, posId: input.posId ?? '' }));
      if (!who.ok) return;
    }
    const result = await command.run(() => api.saveSettings(input));
    if (result.ok) {
      setDraft(draftFrom(result.value));
      setSaved(t('settings.saved'));
    }
  };

  const switchLanguage = async (lng: Language) => {
    await i18n.changeLanguage(lng);
    await language.run(() => api.saveSettings({ language: lng }));
  };

  return (
    <section aria-label={t('settings.title')} className="settings">
      <h2>{t('settings.title')}</h2>
      <label>
        {t('settings.language')}
        <select value={i18n.language} onChange={(e) => void switchLanguage(e.target.value as Language)}>
          <option value="en">English</option>
          <option value="cs">Čeština</option>
        </select>
      </label>
      <CommandErrorText error={language.error} />
      <form
        className="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label>
          {t('settings.environment')}
          <select value={draft.environment} onChange={(e) => set('environment', e.target.value as SettingsDraft['environment'])}>
            <option value="demo">{t('settings.env.demo')}</option>
            <option value="sandbox">{t('settings.env.sandbox')}</option>
            <option value="production">{t('settings.env.production')}</option>
          </select>
        </label>
        <label>
          {t('settings.serviceUrl')}
          <input value={draft.serviceUrl} onChange={(e) => set('serviceUrl', e.target.value)} />
        </label>
        <p className="muted">{t('settings.apiKeyStored', { masked: settings.apiKeyMasked ?? t('settings.apiKeyNone') })}</p>
        <label>
          {t('settings.newApiKey')}
          <input type="password" autoComplete="off" value={draft.apiKey} onChange={(e) => set('apiKey', e.target.value)} />
        </label>
        <div className="field-row pos-id-row">
          <label>
            {t('settings.posId')}
            <input className="mono pos-id" spellCheck={false} value={draft.posId} onChange={(e) => set('posId', e.target.value)} />
          </label>
          {draft.environment !== 'production' && (
            <button type="button" onClick={() => set('posId', randomUuid().toLowerCase())}>
              {t('settings.generatePosId')}
            </button>
          )}
        </div>
        <label>
          {t('settings.transport')}
          <select value={draft.transport} onChange={(e) => set('transport', e.target.value as SettingsDraft['transport'])}>
            <option value="ws">{t('session.transport.ws')}</option>
            <option value="longpoll">{t('session.transport.longpoll')}</option>
            <option value="webhook">{t('session.transport.webhook')}</option>
          </select>
        </label>
        {draft.transport === 'webhook' && (
          <>
            <label>
              {t('settings.webhookPort')}
              <input inputMode="numeric" value={draft.webhookPort} onChange={(e) => set('webhookPort', e.target.value)} />
            </label>
            <label>
              {t('settings.webhookPublicUrl')}
              <input value={draft.webhookPublicUrl} onChange={(e) => set('webhookPublicUrl', e.target.value)} />
            </label>
          </>
        )}
        <PrinterField value={draft.printer} onChange={(v) => set('printer', v)} />
        <label className="check">
          <input type="checkbox" checked={draft.sound} onChange={(e) => set('sound', e.target.checked)} />
          {t('settings.sound')}
        </label>
        <label className="check">
          <input type="checkbox" checked={draft.startAtLogin} onChange={(e) => set('startAtLogin', e.target.checked)} />
          {t('settings.startAtLogin')}
        </label>
        <label className="check">
          <input type="checkbox" checked={draft.startHidden} onChange={(e) => set('startHidden', e.target.checked)} />
          {t('settings.startHidden')}
        </label>
        <label>
          {t('settings.posApiPort')}
          <input inputMode="numeric" value={draft.posApiPort} onChange={(e) => set('posApiPort', e.target.value)} />
        </label>
        <CommandErrorText error={command.error} />
        {saved && <p role="status">{saved}</p>}
        <button type="submit" className="primary" disabled={command.pending}>
          {t('settings.save')}
        </button>
      </form>
      <PosApiSection token={settings.posApiToken} />
    </section>
  );
}
