import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserWindow } from 'electron';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/base/log.js';
import { createPrintPorts } from '../../main/shell/printing.js';
import { ticketPdfPath } from '../../main/shell/ticket-printing.js';

// The kitchen ticket printed from a hidden window, like the QR sheet. The
// window is Electron's (faked here); the page URL, the printer and the PDF file are real.
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tableside-ticket-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function fakeWindows() {
  const windows: { url: string; destroyed: boolean; printed: unknown[]; pdf: unknown[] }[] = [];
  const hiddenWindow = () => {
    const w = { url: '', destroyed: false, printed: [] as unknown[], pdf: [] as unknown[] };
    windows.push(w);
    return {
      loadURL: async (url: string) => {
        w.url = url;
      },
      isDestroyed: () => w.destroyed,
      destroy: () => {
        w.destroyed = true;
      },
      webContents: {
        executeJavaScript: async () => true,
        printToPDF: async (options: unknown) => {
          w.pdf.push(options);
          return Buffer.from('%PDF-1.4 ticket');
        },
        print: (options: unknown, done: (ok: boolean, reason: string) => void) => {
          w.printed.push(options);
          done(true, '');
        },
      },
    } as unknown as BrowserWindow;
  };
  return { windows, hiddenWindow };
}

const ports = (printer: string | null, hiddenWindow: () => BrowserWindow) =>
  createPrintPorts({
    origins: { rendererDir: path.join(dir, 'renderer'), devUrl: null },
    dataDir: dir,
    hiddenWindow,
    printer: async () => printer,
    log: silentLogger(),
  });

describe('kitchen ticket printing', () => {
  it('loads print.html?ticket=<orderId> and prints silently to the printer from Settings', async () => {
    const { windows, hiddenWindow } = fakeWindows();
    expect(await ports('Kitchen', hiddenWindow).printTicket({ orderId: 'o-5', mode: 'silent' })).toEqual({ ok: true, value: { pdfPath: null } });
    const url = new URL(windows[0]!.url);
    expect(url.pathname.endsWith('/renderer/print.html')).toBe(true);
    expect(url.searchParams.get('ticket')).toBe('o-5');
    expect(windows[0]!.printed).toEqual([{ silent: true, printBackground: true, deviceName: 'Kitchen' }]);
    expect(windows[0]!.destroyed).toBe(true);
  });

  it('silent without a printer is refused before a window opens; pdf saves an 80 mm ticket under <userData>/tickets', async () => {
    const { windows, hiddenWindow } = fakeWindows();
    expect(await ports(null, hiddenWindow).printTicket({ orderId: 'o-5', mode: 'silent' })).toMatchObject({ ok: false, error: { code: 'NO_PRINTER' } });
    expect(windows).toHaveLength(0);
    const pdf = await ports(null, hiddenWindow).printTicket({ orderId: 'p/1:x', mode: 'pdf' });
    const file = ticketPdfPath(dir, 'p/1:x');
    expect(file).toBe(path.join(dir, 'tickets', 'ticket-p_1_x.pdf'));
    expect(pdf).toEqual({ ok: true, value: { pdfPath: file } });
    expect(existsSync(file) && readFileSync(file, 'utf8')).toBe('%PDF-1.4 ticket');
    expect(windows[0]!.pdf).toEqual([{ pageSize: { width: 80 / 25.4, height: 200 / 25.4 }, printBackground: true }]);
  });
});
