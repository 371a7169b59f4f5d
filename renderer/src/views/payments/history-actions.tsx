// Export CSV and print the day report. Electron: a save dialog and a hidden print window (dialog,
// silent printer or PDF), both through commands. Browser mode: the CSV downloads from the page
// and the report opens in a new tab that prints itself (like the QR sheet).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrintMode } from '../../../../preload/contract';
import { useApi, useServices } from '../../services/app-context';
import { useCommand } from '../common/use-command';
import { HistoryErrorText } from './history-error';
import { PrintModeSelect } from '../common/print-mode-select';

export function dayReportUrl(date: string, token: string | null): string {
  const params = new URLSearchParams({ report: 'day', date });
  if (token) params.set('token', token);
  params.set('autoprint', '1');
  return `print.html?${params.toString()}`;
}

/** Saves text as a file from the page (browser mode). */
function download(fileName: string, text: string): void {
  const a = document.createElement('a');
  const blob = new Blob([text], { type: 'text/csv;charset=utf-8' });
  const url = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : `data:text/csv;charset=utf-8,${encodeURIComponent(text)}`;
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  if (url.startsWith('blob:')) setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function HistoryActions({ date }: { date: string }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { bridgeKind, openWindow } = useServices();
  const [mode, setMode] = useState<PrintMode>('dialog');
  const [done, setDone] = useState<string | null>(null);
  const { run, error, pending } = useCommand();

  const exportCsv = async () => {
    setDone(null);
    // The cashier's file is for Excel in the app's language (the POS API keeps the machine form).
    const excel = i18n.language === 'cs' ? 'cs' : 'en';
    const result = await run(() => api.exportPaymentsCsv({ from: date, to: date, excel }));
    if (!result.ok) return;
    const { delivery, fileName, csv, path } = result.value;
    if (delivery === 'download') download(fileName, csv);
    setDone(
      delivery === 'saved'
        ? t('history.exported', { path })
        : delivery === 'cancelled'
          ? t('history.exportCancelled')
          : t('history.downloaded', { file: fileName }),
    );
  };

  const print = async () => {
    setDone(null);
    if (bridgeKind === 'browser') {
      openWindow(dayReportUrl(date, null)); // the page's cookie carries the session (no page token)
      setDone(t('history.printOpened'));
      return;
    }
    const result = await run(() => api.printDayReport({ date, mode }));
    if (result.ok) setDone(result.value.pdfPath ? t('history.pdfSaved', { path: result.value.pdfPath }) : t('history.printSent'));
  };

  return (
    <div className="history-actions">
      <button type="button" disabled={pending} onClick={() => void exportCsv()}>
        {t('history.exportCsv')}
      </button>
      <PrintModeSelect label={t('history.printMode')} mode={mode} onChange={setMode} />
      <button type="button" disabled={pending} onClick={() => void print()}>
        {t('history.print')}
      </button>
      {done && <p role="status">{done}</p>}
      <HistoryErrorText error={error} />
    </div>
  );
}
