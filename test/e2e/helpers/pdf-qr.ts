import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsqrModule from 'jsqr';
import { PNG } from 'pngjs';

// jsqr is CommonJS: under nodenext its default import is the module, whose `default` is the decoder.
const jsQR = jsqrModule.default;

/** The text of a PDF as poppler's pdftotext reads it (layout kept, so names stay on one line). */
export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
}

/** Up to this many codes in one window; bounds the find-and-blank loop. */
const MAX_CODES_PER_WINDOW = 8;

interface Found {
  data: string;
  /** Centre in page pixels, to tell two printed codes from one code seen through two windows. */
  x: number;
  y: number;
}

function cropRgba(png: PNG, x0: number, y0: number, w: number, h: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y += 1) {
    const from = ((y0 + y) * png.width + x0) * 4;
    out.set(png.data.subarray(from, from + w * 4), y * w * 4);
  }
  return out;
}

/** Every code in one window: jsQR reports one per call, so each found code is painted white and the window scanned again. */
function decodeWindow(png: PNG, x0: number, y0: number, w: number, h: number): Found[] {
  const data = cropRgba(png, x0, y0, w, h);
  const found: Found[] = [];
  for (let i = 0; i < MAX_CODES_PER_WINDOW; i += 1) {
    const code = jsQR(data, w, h, { inversionAttempts: 'dontInvert' });
    if (!code) break;
    const loc = code.location;
    const xs = [loc.topLeftCorner.x, loc.topRightCorner.x, loc.bottomLeftCorner.x, loc.bottomRightCorner.x];
    const ys = [loc.topLeftCorner.y, loc.topRightCorner.y, loc.bottomLeftCorner.y, loc.bottomRightCorner.y];
    // jsQR now and then "finds" a code carrying no data at all in text or in a code's blanked
    // edges (cozmo/jsQR#90, open): it failed CI once as an extra "" beside the link's url. No sheet
    // can print such a code (qrcode refuses empty input), so it is painted out like a found one
    // but not counted.
    if (code.binaryData.length > 0) {
      found.push({ data: code.data, x: x0 + (Math.min(...xs) + Math.max(...xs)) / 2, y: y0 + (Math.min(...ys) + Math.max(...ys)) / 2 });
    }
    // The corners are the code's outer edges; a small margin covers the quiet zone.
    const pad = 12;
    const bx0 = Math.max(0, Math.floor(Math.min(...xs)) - pad);
    const bx1 = Math.min(w - 1, Math.ceil(Math.max(...xs)) + pad);
    for (let y = Math.max(0, Math.floor(Math.min(...ys)) - pad); y <= Math.min(h - 1, Math.ceil(Math.max(...ys)) + pad); y += 1) {
      data.fill(255, (y * w + bx0) * 4, (y * w + bx1 + 1) * 4);
    }
  }
  return found;
}

/**
 * Every QR code on a page image. jsQR often finds nothing on a whole A4 page holding several
 * codes, so the page is scanned in overlapping square windows (half the page's width, quarter-window
 * steps: any code up to 3/4 of a window fits wholly in one) and codes seen through two windows
 * are counted once, by position.
 */
export function decodeAll(png: PNG): string[] {
  const side = Math.floor(Math.min(png.width, png.height) / 2);
  const step = Math.floor(side / 4);
  const found: Found[] = [];
  for (let y0 = 0; y0 + side <= png.height; y0 += step) {
    for (let x0 = 0; x0 + side <= png.width; x0 += step) {
      for (const f of decodeWindow(png, x0, y0, side, side)) {
        const same = found.some((g) => Math.hypot(g.x - f.x, g.y - f.y) < 40);
        if (!same) found.push(f);
      }
    }
  }
  return found.sort((a, b) => a.y - b.y || a.x - b.x).map((f) => f.data);
}

/** Rasterizes every page at 150 dpi (pdftoppm) and decodes every QR code on them, page by page. */
export function pdfQrCodes(pdf: Buffer): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'tableside-e2e-pdf-'));
  try {
    writeFileSync(join(dir, 'sheet.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '150', '-png', join(dir, 'sheet.pdf'), join(dir, 'page')]);
    const pages = readdirSync(dir)
      .filter((f) => f.startsWith('page') && f.endsWith('.png'))
      .sort();
    return pages.flatMap((f) => decodeAll(PNG.sync.read(readFileSync(join(dir, f)))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
