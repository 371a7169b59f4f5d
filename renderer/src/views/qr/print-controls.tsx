// "Print sheet": Electron prints from a hidden window (dialog, silent or PDF); in a browser the
// sheet opens in a new tab and prints itself.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrintMode } from '../../../../preload/contract';
import { CommandErrorText } from '../common/command-error';
import type { QrPrinter } from './print-table-qr';
import { PrintModeSelect } from '../common/print-mode-select';

export { printSheetUrl } from './print-table-qr';

export function PrintControls({ tableIds, printer }: { tableIds: string[]; printer: QrPrinter }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<PrintMode>('dialog');
  return (
    <div className="print-controls">
      <PrintModeSelect label={t('qr.printMode')} mode={mode} onChange={setMode} />
      <button type="button" disabled={tableIds.length === 0 || printer.command.pending} onClick={() => void printer.print(tableIds, mode)}>
        {t('qr.printSheet', { n: tableIds.length })}
      </button>
      {printer.done && <p role="status">{printer.done}</p>}
      <CommandErrorText error={printer.command.error} />
    </div>
  );
}
