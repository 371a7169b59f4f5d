// Updates: which feed the till follows. Beta gets pre-release versions first; going back to stable
// waits for a stable version newer than the beta (an older app cannot open a newer database).
import { useTranslation } from 'react-i18next';
import type { UpdateChannel } from '../../../../preload/contract';

export function UpdateChannelField({ value, onChange }: { value: UpdateChannel; onChange(channel: UpdateChannel): void }) {
  const { t } = useTranslation();
  return (
    <>
      <label>
        {t('settings.updates.channel')}
        <select value={value} onChange={(e) => onChange(e.target.value as UpdateChannel)} aria-describedby="update-channel-hint">
          <option value="stable">{t('settings.updates.stable')}</option>
          <option value="beta">{t('settings.updates.beta')}</option>
        </select>
      </label>
      <small id="update-channel-hint" className="muted">
        {t('settings.updates.hint')}
      </small>
    </>
  );
}
