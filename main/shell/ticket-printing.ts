import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserWindow } from 'electron';
import type { CommandResult, PrintMode } from '../../preload/contract.js';
import { SHEET_READY_PROBE, pollUntil } from './print-helpers.js';
import { fail, type PrintingOptions } from './print-job.js';
import { appPageUrl } from './trusted-url.js';

/** <userData>/tickets/ticket-<orderId>.pdf, the id kept to characters every OS allows. */
export function ticketPdfPath(dataDir: string, orderId: string): string {
  return path.join(dataDir, 'tickets', `ticket-${orderId.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`);
}

const READY_TIMEOUT_MS = 30_000;
/** A receipt printer's roll: 80 mm wide; the page grows with the order (Chromium cuts it into pages if needed). */
const TICKET_PAGE = { width: 80 / 25.4, height: 200 / 25.4 };

type Print = (contents: BrowserWindow['webContents'], silent: boolean, deviceName: string | null) => Promise<CommandResult<null>>;
type WithHiddenWindow = <T>(withPreload: boolean, job: (win: BrowserWindow) => Promise<T>) => Promise<T>;

/**
 * The kitchen ticket of an accepted order: print.html?ticket=<orderId> in a hidden window, like the
 * QR sheet: the print dialog, the printer chosen in Settings (silent), or a PDF under <userData>/tickets/.
 */
export function createTicketPort(options: PrintingOptions, withHiddenWindow: WithHiddenWindow, print: Print) {
  const { log } = options;
  return async (input: { orderId: string; mode: PrintMode }): Promise<CommandResult<{ pdfPath: string | null }>> => {
    const printer = input.mode === 'silent' ? await options.printer() : null;
    if (input.mode === 'silent' && printer === null) return fail('NO_PRINTER');
    return withHiddenWindow(true, async (win) => {
      await win.loadURL(appPageUrl('print.html', options.origins, { ticket: input.orderId }));
      try {
        await pollUntil(async () => (await win.webContents.executeJavaScript(SHEET_READY_PROBE, true)) === true, 'ticket not ready', READY_TIMEOUT_MS);
      } catch {
        log.warn({ mod: 'print', orderId: input.orderId }, 'kitchen ticket did not become ready');
        return fail('PRINT_NOT_READY', { sheet: 'ticket' });
      }
      if (input.mode === 'pdf') {
        const file = ticketPdfPath(options.dataDir, input.orderId);
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, await win.webContents.printToPDF({ pageSize: TICKET_PAGE, printBackground: true }));
        log.info({ mod: 'print', file, orderId: input.orderId }, 'kitchen ticket saved as PDF');
        return { ok: true, value: { pdfPath: file } };
      }
      const printed = await print(win.webContents, input.mode === 'silent', printer);
      log.info({ mod: 'print', mode: input.mode, ok: printed.ok, orderId: input.orderId }, 'kitchen ticket printed');
      return printed.ok ? { ok: true, value: { pdfPath: null } } : printed;
    });
  };
}
