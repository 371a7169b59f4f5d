// "Print sheet": Electron prints from a hidden window (dialog, silent or PDF); in a browser the
// sheet opens in a new tab and prints itself.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrintMode } from '../../../../preload/contract';
import { useApi, useServices } from '../../app-context';
import { CommandErrorText } from '../common/command-error';
import { useCommand } from '../common/use-command';

export function printSheetUrl(tableIds: string[], token: string | null): string {
  const params = new URLSearchParams({ tables: tableIds.join(',') });
  if (token) params.set('token', token);
  params.set('autoprint', '1');
  return `print.html?${params.toString()}`;
}

export function PrintControls({ tableIds }: { tableIds: string[] }) {
  const { t } = useTranslation();
  const api = useApi();
  const { bridgeKind, openWindow, pageToken } = useServices();
  const [mode, setMode] = useState<PrintMode>('dialog');
  const [done, setDone] = useState<string | null>(null);
  const { run, error, pending } = useCommand();

  const print = async () => {
    setDone(null);
    if (bridgeKind === 'browser') {
      openWindow(printSheetUrl(tableIds, pageToken));
      setDone(t('qr.printOpened'));
      return;
    }
    const result = await run(() => api.printQrSheet({ tableIds, mode }));
    if (result.ok) setDone(result.value.pdfPath ? t('qr.pdfSaved', { path: result.value.pdfPath }) : t('qr.printSent'));
  };

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
      <button type="button" disabled={tableIds.length === 0 || pending} onClick={() => void print()}>
        {t('qr.printSheet', { n: tableIds.length })}
      </button>
      {done && <p role="status">{done}</p>}
      <CommandErrorText error={error} />
    </div>
  );
}
