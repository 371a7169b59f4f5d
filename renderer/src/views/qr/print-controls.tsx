// "Print sheet": Electron prints from a hidden window (dialog, silent or PDF); in a browser the
// sheet opens in a new tab and prints itself.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrintMode } from '../../../../preload/contract';
import { useServices } from '../../app-context';
import { CommandErrorText } from '../common/command-error';
import type { QrPrinter } from './print-table-qr';

export { printSheetUrl } from './print-table-qr';

export function PrintControls({ tableIds, printer }: { tableIds: string[]; printer: QrPrinter }) {
  const { t } = useTranslation();
  const { bridgeKind } = useServices();
  const [mode, setMode] = useState<PrintMode>('dialog');
  return (
    <div className="print-controls">
      {bridgeKind === 'electron' && (
        <label>
          {t('qr.printMode')}
          <select value={mode} onChange={(e) => setMode(e.target.value as PrintMode)}>
            <option value="dialog">{t('qr.mode.dialog')}</option>
            <option value="silent">{t('qr.mode.silent')}</option>
            <option value="pdf">{t('qr.mode.pdf')}</option>
          </select>
        </label>
      )}
      <button type="button" disabled={tableIds.length === 0 || printer.command.pending} onClick={() => void printer.print(tableIds, mode)}>
        {t('qr.printSheet', { n: tableIds.length })}
      </button>
      {printer.done && <p role="status">{printer.done}</p>}
      <CommandErrorText error={printer.command.error} />
    </div>
  );
}
