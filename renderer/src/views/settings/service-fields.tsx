// The settings that reach the payment service: environment, url, API key, Pos-Id, transport.
import { useTranslation } from 'react-i18next';
import type { SettingsView } from '../../../../preload/contract';
import { useServices } from '../../services/app-context';
import type { SettingsDraft } from './settings-draft';
import type { SetField } from './use-settings-form';

export function ServiceFields({ settings, draft, set }: { settings: SettingsView; draft: SettingsDraft; set: SetField }) {
  const { t } = useTranslation();
  const { randomUuid } = useServices();
  return (
    <>
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
      <TransportFields draft={draft} set={set} />
    </>
  );
}

/** How the companion reaches the service, and for webhooks where the service reaches it. */
function TransportFields({ draft, set }: { draft: SettingsDraft; set: SetField }) {
  const { t } = useTranslation();
  return (
    <>
      <label>
        {t('settings.transport')}
        <select value={draft.transport} onChange={(e) => set('transport', e.target.value as SettingsDraft['transport'])}>
          <option value="ws">{t('connection.bar.transport.ws')}</option>
          <option value="longpoll">{t('connection.bar.transport.longpoll')}</option>
          <option value="webhook">{t('connection.bar.transport.webhook')}</option>
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
    </>
  );
}
