import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserWindow } from 'electron';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/base/log.js';
import { createPrintPorts, linkSheetPdfPath } from '../../main/shell/printing.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tableside-link-print-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Electron's hidden window, faked (the only fake): it records the page it loads and "draws" at once. */
function fakeWindow(loaded: string[]): BrowserWindow {
  let destroyed = false;
  return {
    loadURL: async (url: string) => {
      loaded.push(url);
    },
    isDestroyed: () => destroyed,
    destroy: () => {
      destroyed = true;
    },
    webContents: {
      executeJavaScript: async () => true,
      printToPDF: async () => Buffer.from('%PDF-1.7 link sheet'),
    },
  } as unknown as BrowserWindow;
}

describe('printing a payment link from the desktop app', () => {
  it('loads print.html?link=<id> and saves the PDF under the data dir, named by the link', async () => {
    const loaded: string[] = [];
    const ports = createPrintPorts({
      origins: { rendererDir: path.join(dir, 'renderer'), devUrl: null },
      dataDir: dir,
      hiddenWindow: () => fakeWindow(loaded),
      printer: async () => null,
      log: silentLogger(),
    });
    const answer = await ports.printPaymentLink({ linkId: 'abc/1', mode: 'pdf' });
    const file = linkSheetPdfPath(dir, 'abc/1');
    expect(file).toBe(path.join(dir, 'payment-links', 'payment-link-abc_1.pdf'));
    expect(answer).toEqual({ ok: true, value: { pdfPath: file } });
    expect(readFileSync(file, 'utf8')).toBe('%PDF-1.7 link sheet');
    expect(loaded).toHaveLength(1);
    const url = new URL(loaded[0]!);
    expect(url.pathname.endsWith('/print.html')).toBe(true);
    expect(url.searchParams.get('link')).toBe('abc/1');
    // A silent print without a chosen printer is refused before any window opens.
    expect(await ports.printPaymentLink({ linkId: 'abc/1', mode: 'silent' })).toMatchObject({ ok: false, error: { code: 'NO_PRINTER' } });
    expect(loaded).toHaveLength(1);
  });
});
