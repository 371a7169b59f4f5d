// How Electron prints a sheet: the system dialog, straight to the default printer, or a PDF. In a
// browser there is no choice (the sheet opens in a new tab and prints itself): nothing is shown.
import { useTranslation } from 'react-i18next';
import type { PrintMode } from '../../../../preload/contract';
import { useServices } from '../../services/app-context';

export function PrintModeSelect({ label, mode, onChange }: { label: string; mode: PrintMode; onChange(mode: PrintMode): void }) {
  const { t } = useTranslation();
  const { bridgeKind } = useServices();
  if (bridgeKind !== 'electron') return null;
  return (
    <label>
      {label}
      <select value={mode} onChange={(e) => onChange(e.target.value as PrintMode)}>
        <option value="dialog">{t('qr.mode.dialog')}</option>
        <option value="silent">{t('qr.mode.silent')}</option>
        <option value="pdf">{t('qr.mode.pdf')}</option>
      </select>
    </label>
  );
}
