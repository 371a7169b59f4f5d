import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserWindow } from 'electron';
import type { CommandResult, PrintMode } from '../../preload/contract.js';
import type { ShellPorts } from '../base/host-types.js';
import { SHEET_READY_PROBE, pollUntil, qrSheetPdfPath, testPrintPage } from './print-helpers.js';
import { fail, print, type PrintingOptions } from './print-job.js';
import { createReceiptPort } from './receipt-printing.js';
import { createTicketPort } from './ticket-printing.js';
import { appPageUrl, printSheetUrl } from './trusted-url.js';

/**
 * QR sheet printing from a hidden window: load print.html?tables=… with the same preload, wait
 * until the sheet marks itself ready, then print to the dialog or a chosen printer, or save a PDF
 * under <userData>/qr-sheets/. The core calls these through ShellPorts.
 */

const READY_TIMEOUT_MS = 30_000;
type Ports = Required<Pick<ShellPorts, 'printQrSheet' | 'testPrint' | 'listPrinters' | 'printDayReport' | 'printTicket' | 'printReceipt' | 'printPaymentLink'>>;

/** Day report: <userData>/day-reports/day-report-2026-11-21.pdf (printed again: replaced). */
export function dayReportPdfPath(dataDir: string, date: string): string {
  return path.join(dataDir, 'day-reports', `day-report-${date}.pdf`);
}

/**
 * Day report: print.html?report=day&date=… in a hidden window, like the QR sheet: the
 * print dialog, the chosen printer, or a PDF under <userData>/day-reports/.
 */
function createDayReportPort(
  options: PrintingOptions,
  withHiddenWindow: <T>(withPreload: boolean, job: (win: BrowserWindow) => Promise<T>) => Promise<T>,
): Ports['printDayReport'] {
  const { log } = options;
  return async (input) => {
    const printer = input.mode === 'silent' ? await options.printer() : null;
    if (input.mode === 'silent' && printer === null) return fail('NO_PRINTER');
    return withHiddenWindow(true, async (win) => {
      await win.loadURL(appPageUrl('print.html', options.origins, { report: 'day', date: input.date }));
      try {
        await pollUntil(async () => (await win.webContents.executeJavaScript(SHEET_READY_PROBE, true)) === true, 'report not ready', READY_TIMEOUT_MS);
      } catch {
        log.warn({ mod: 'print', date: input.date }, 'day report did not become ready');
        return fail('PRINT_NOT_READY', { sheet: 'report' });
      }
      if (input.mode === 'pdf') {
        const file = dayReportPdfPath(options.dataDir, input.date);
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, await win.webContents.printToPDF({ pageSize: 'A4', printBackground: true }));
        log.info({ mod: 'print', file, date: input.date }, 'day report saved as PDF');
        return { ok: true, value: { pdfPath: file } };
      }
      const printed = await print(win.webContents, input.mode === 'silent', printer);
      log.info({ mod: 'print', mode: input.mode, ok: printed.ok, date: input.date }, 'day report printed');
      return printed.ok ? { ok: true, value: { pdfPath: null } } : printed;
    });
  };
}

/** Payment links: <userData>/payment-links/payment-link-<id>.pdf (the id made file-safe; printed again: replaced). */
export function linkSheetPdfPath(dataDir: string, linkId: string): string {
  return path.join(dataDir, 'payment-links', `payment-link-${linkId.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`);
}

/** Payment links: print.html?link=<id> in a hidden window, like the day report. */
function createLinkSheetPort(
  options: PrintingOptions,
  withHiddenWindow: <T>(withPreload: boolean, job: (win: BrowserWindow) => Promise<T>) => Promise<T>,
): Ports['printPaymentLink'] {
  const { log } = options;
  return async (input) => {
    const printer = input.mode === 'silent' ? await options.printer() : null;
    if (input.mode === 'silent' && printer === null) return fail('NO_PRINTER');
    return withHiddenWindow(true, async (win) => {
      await win.loadURL(appPageUrl('print.html', options.origins, { link: input.linkId }));
      try {
        await pollUntil(async () => (await win.webContents.executeJavaScript(SHEET_READY_PROBE, true)) === true, 'link sheet not ready', READY_TIMEOUT_MS);
      } catch {
        log.warn({ mod: 'print', linkId: input.linkId }, 'payment link sheet did not become ready');
        return fail('PRINT_NOT_READY', { sheet: 'link' });
      }
      if (input.mode === 'pdf') {
        const file = linkSheetPdfPath(options.dataDir, input.linkId);
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, await win.webContents.printToPDF({ pageSize: 'A4', printBackground: true }));
        return { ok: true, value: { pdfPath: file } };
      }
      const printed = await print(win.webContents, input.mode === 'silent', printer);
      log.info({ mod: 'print', mode: input.mode, ok: printed.ok, linkId: input.linkId }, 'payment link printed');
      return printed.ok ? { ok: true, value: { pdfPath: null } } : printed;
    });
  };
}

export function createPrintPorts(options: PrintingOptions): Ports {
  const { log } = options;

  const withHiddenWindow = async <T>(withPreload: boolean, job: (win: BrowserWindow) => Promise<T>): Promise<T> => {
    const win = options.hiddenWindow(withPreload);
    try {
      return await job(win);
    } finally {
      if (!win.isDestroyed()) win.destroy();
    }
  };

  const printQrSheet = async (input: { tableIds: string[]; mode: PrintMode }): Promise<CommandResult<{ pdfPath: string | null }>> => {
    const printer = input.mode === 'silent' ? await options.printer() : null;
    if (input.mode === 'silent' && printer === null) return fail('NO_PRINTER');
    return withHiddenWindow(true, async (win) => {
      await win.loadURL(printSheetUrl(input.tableIds, options.origins));
      try {
        await pollUntil(async () => (await win.webContents.executeJavaScript(SHEET_READY_PROBE, true)) === true, 'sheet not ready', READY_TIMEOUT_MS);
      } catch {
        log.warn({ mod: 'print', tables: input.tableIds.length }, 'QR sheet did not become ready');
        return fail('PRINT_NOT_READY', { sheet: 'qr' });
      }
      if (input.mode === 'pdf') {
        const pdf = await win.webContents.printToPDF({ pageSize: 'A4', printBackground: true });
        const file = qrSheetPdfPath(options.dataDir, new Date());
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, pdf);
        log.info({ mod: 'print', file, tables: input.tableIds.length }, 'QR sheet saved as PDF');
        return { ok: true, value: { pdfPath: file } };
      }
      const printed = await print(win.webContents, input.mode === 'silent', printer);
      log.info({ mod: 'print', mode: input.mode, ok: printed.ok, tables: input.tableIds.length }, 'QR sheet printed');
      return printed.ok ? { ok: true, value: { pdfPath: null } } : printed;
    });
  };

  const testPrint = async (): Promise<CommandResult<null>> => {
    const printer = await options.printer();
    if (printer === null) return fail('NO_PRINTER');
    return withHiddenWindow(false, async (win) => {
      await win.loadURL(testPrintPage(new Date(), printer));
      return print(win.webContents, true, printer);
    });
  };

  const listPrinters = async (): Promise<CommandResult<string[]>> =>
    withHiddenWindow(false, async (win) => {
      const printers = await win.webContents.getPrintersAsync();
      return { ok: true, value: printers.map((p) => p.name) };
    });

  return {
    printQrSheet,
    testPrint,
    listPrinters,
    printDayReport: createDayReportPort(options, withHiddenWindow),
    printTicket: createTicketPort(options, withHiddenWindow, print),
    // receipt-printing.ts.
    printReceipt: createReceiptPort(options, withHiddenWindow),
    printPaymentLink: createLinkSheetPort(options, withHiddenWindow),
  };
}
