import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserWindow } from 'electron';
import type { CompanionApi } from '../../preload/contract.js';
import { SHEET_READY_PROBE, pollUntil } from './print-helpers.js';
import { fail, print, type PrintingOptions } from './print-job.js';
import { appPageUrl } from './trusted-url.js';

const READY_TIMEOUT_MS = 30_000;
/** 80 mm receipt paper, in inches (printToPDF's unit); tall enough for a long bill. */
const RECEIPT_PAGE = { width: 3.15, height: 11.7 };

/** Receipts: <userData>/receipts/receipt-<paymentId>.pdf (printed again: replaced). */
export function receiptPdfPath(dataDir: string, paymentId: string): string {
  return path.join(dataDir, 'receipts', `receipt-${paymentId.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`);
}

type WithHiddenWindow = <T>(withPreload: boolean, job: (win: BrowserWindow) => Promise<T>) => Promise<T>;

/**
 * Receipts: print.html?receipt=<paymentId> in a hidden window, like the day report: the
 * print dialog, the printer chosen in Settings (silent), or a PDF under <userData>/receipts/.
 */
export function createReceiptPort(options: PrintingOptions, withHiddenWindow: WithHiddenWindow): CompanionApi['printReceipt'] {
  const { log } = options;
  return async (input) => {
    const printer = input.mode === 'silent' ? await options.printer() : null;
    if (input.mode === 'silent' && printer === null) return fail('NO_PRINTER');
    return withHiddenWindow(true, async (win) => {
      await win.loadURL(appPageUrl('print.html', options.origins, { receipt: input.paymentId }));
      try {
        await pollUntil(async () => (await win.webContents.executeJavaScript(SHEET_READY_PROBE, true)) === true, 'receipt not ready', READY_TIMEOUT_MS);
      } catch {
        log.warn({ mod: 'print', paymentId: input.paymentId }, 'receipt did not become ready');
        return fail('PRINT_NOT_READY', { sheet: 'receipt' });
      }
      if (input.mode === 'pdf') {
        const file = receiptPdfPath(options.dataDir, input.paymentId);
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, await win.webContents.printToPDF({ pageSize: RECEIPT_PAGE, printBackground: true }));
        log.info({ mod: 'print', file, paymentId: input.paymentId }, 'receipt saved as PDF');
        return { ok: true, value: { pdfPath: file } };
      }
      const printed = await print(win.webContents, input.mode === 'silent', printer);
      log.info({ mod: 'print', mode: input.mode, ok: printed.ok, paymentId: input.paymentId }, 'receipt printed');
      return printed.ok ? { ok: true, value: { pdfPath: null } } : printed;
    });
  };
}
