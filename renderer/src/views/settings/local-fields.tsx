// The settings of this computer the cashier may change: printer, sound, reminders, start at login.
// The local POS API port is an integration setting (behind the manager PIN, settings-view.tsx).
import { useTranslation } from 'react-i18next';
import type { Language, TableDensity } from '../../../../preload/contract';
import { PrinterField } from './printer-field';
import { QrSecondLanguageField } from './qr-card-section';
import type { SettingsDraft } from './settings-draft';
import type { SetField } from './use-settings-form';

export function LocalFields({ draft, set }: { draft: SettingsDraft; set: SetField }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <PrinterField value={draft.printer} onChange={(v) => set('printer', v)} />
      {/* QR cards: the guest's words also in this language. */}
      <QrSecondLanguageField value={draft.qrSecondLanguage} language={i18n.language as Language} onChange={(v) => set('qrSecondLanguage', v)} />
      <label className="check">
        <input type="checkbox" checked={draft.sound} onChange={(e) => set('sound', e.target.checked)} />
        {t('settings.sound')}
      </label>
      {/* Tables */}
      <label className="check">
        <input type="checkbox" checked={draft.autoCloseBills} onChange={(e) => set('autoCloseBills', e.target.checked)} />
        {t('tables.autoCloseBills')}
      </label>
      <label>
        {t('tables.density.label')}
        <select value={draft.tableDensity} onChange={(e) => set('tableDensity', e.target.value as TableDensity)}>
          {(['compact', 'comfortable'] as const).map((d) => (
            <option key={d} value={d}>
              {t(`tables.density.${d}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('settings.reminderSeconds')}
        <input inputMode="numeric" value={draft.reminderSeconds} onChange={(e) => set('reminderSeconds', e.target.value)} />
      </label>
      <label className="check">
        <input type="checkbox" checked={draft.startAtLogin} onChange={(e) => set('startAtLogin', e.target.checked)} />
        {t('settings.startAtLogin')}
      </label>
      <label className="check">
        <input type="checkbox" checked={draft.startHidden} onChange={(e) => set('startHidden', e.target.checked)} />
        {t('settings.startHidden')}
      </label>
      {/* Day report */}
      <label>
        {t('history.dayEndsAt')}
        <input
          inputMode="numeric"
          placeholder="04:00"
          value={draft.dayEndsAt}
          onChange={(e) => set('dayEndsAt', e.target.value)}
          aria-describedby="day-ends-at-hint"
        />
      </label>
      <small id="day-ends-at-hint" className="muted">
        {t('history.dayEndsAtHint')}
      </small>
    </>
  );
}

/** The POS connects to this port, so it sits with the integration settings. */
export function PosApiPortField({ draft, set }: { draft: SettingsDraft; set: SetField }) {
  const { t } = useTranslation();
  return (
    <label>
      {t('settings.posApiPort')}
      <input inputMode="numeric" value={draft.posApiPort} onChange={(e) => set('posApiPort', e.target.value)} />
    </label>
  );
}
