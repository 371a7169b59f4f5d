// The phone's own choices: its language and which notice kinds vibrate and sound.
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../preload/contract';
import { NOTICE_KINDS } from './device-storage';
import { useController, useStaff } from './staff-context';

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', cs: 'Čeština' };

export function PhoneSettings() {
  const { t, i18n } = useTranslation();
  const controller = useController();
  const muted = useStaff((s) => s.prefs.muted);
  const device = useStaff((s) => s.deviceView ?? s.device);
  return (
    <div className="staff-settings">
      {device && <p>{t('settings.device', { name: device.name, role: t(`settings.role.${device.role}`) })}</p>}
      <fieldset className="staff-languages">
        <legend>{t('settings.language')}</legend>
        {(['cs', 'en'] as const).map((language) => (
          <button key={language} type="button" lang={language} aria-pressed={i18n.language === language} onClick={() => controller.setLanguage(language)}>
            {LANGUAGE_NAMES[language]}
          </button>
        ))}
      </fieldset>
      <fieldset className="staff-kinds">
        <legend>{t('settings.alerts')}</legend>
        {NOTICE_KINDS.map((kind) => (
          <div key={kind} className="staff-kind">
            <label>
              <input type="checkbox" checked={!muted.includes(kind)} onChange={(e) => controller.setMuted(kind, !e.target.checked)} />
              {t(`settings.kind.${kind}`)}
            </label>
            <button type="button" aria-label={`${t('settings.test')}: ${t(`settings.kind.${kind}`)}`} onClick={() => controller.tryAlert(kind)}>
              {t('settings.test')}
            </button>
          </div>
        ))}
      </fieldset>
    </div>
  );
}
