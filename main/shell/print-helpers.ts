import path from 'node:path';

/**
 * The testable half of printing: waiting for the sheet to say it is ready, and naming PDF files.
 * main/shell/printing.ts does the Electron half.
 */

/** Evaluated in the sheet: the print page sets data-ready="true" on <body> once its QR codes are drawn. */
export const SHEET_READY_PROBE = "document.body !== null && document.body.dataset.ready === 'true'";

/** Polls an async check until it holds; rejects with `what` once the deadline passed. Bounded. */
export async function pollUntil(check: () => Promise<boolean>, what: string, timeoutMs: number, intervalMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() >= deadline) throw new Error(what);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** <userData>/qr-sheets/qr-sheet-2026-11-21_13-54-07.pdf: sortable, no characters Windows forbids. */
export function qrSheetPdfPath(dataDir: string, now: Date): string {
  const stamp = now.toISOString().slice(0, 19).replace('T', '_').replaceAll(':', '-');
  return path.join(dataDir, 'qr-sheets', `qr-sheet-${stamp}.pdf`);
}

/** The one-line page of the test print, as a data URL (no app code runs in it). */
export function testPrintPage(now: Date, printer: string): string {
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<!doctype html><meta charset="utf-8"><title>Tableside test print</title><p style="font:16px sans-serif">Tableside test print: ${escape(printer)}, ${escape(now.toISOString())}</p>`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}
