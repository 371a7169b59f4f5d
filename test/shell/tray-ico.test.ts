import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { TRAY_ICONS, trayIconFile } from '../../main/shell/tray-state.js';

/**
 * The Windows tray icons (assets/tray-<state>.ico, written by scripts/make-icons.mjs) read back as
 * Windows reads them: the ICO header, one directory entry per size, each entry a PNG that decodes
 * to the size the entry says.
 */
function readIco(file: string): { width: number; height: number; bpp: number; image: PNG }[] {
  const data = readFileSync(file);
  expect(data.readUInt16LE(0)).toBe(0);
  expect(data.readUInt16LE(2)).toBe(1);
  const count = data.readUInt16LE(4);
  return Array.from({ length: count }, (_, i) => {
    const entry = 6 + 16 * i;
    const width = data.readUInt8(entry) || 256;
    const height = data.readUInt8(entry + 1) || 256;
    const bytes = data.readUInt32LE(entry + 8);
    const offset = data.readUInt32LE(entry + 12);
    expect(offset + bytes).toBeLessThanOrEqual(data.length);
    const image = PNG.sync.read(data.subarray(offset, offset + bytes));
    return { width, height, bpp: data.readUInt16LE(entry + 6), image };
  });
}

describe('the Windows tray icons', () => {
  it('hold a 16, 20, 24 and 32 px image for every state, each a PNG that decodes at its size', () => {
    for (const icon of TRAY_ICONS) {
      const images = readIco(path.resolve('assets', trayIconFile(icon, 'win32')));
      expect(images.map((i) => i.width)).toEqual([16, 20, 24, 32]);
      for (const { width, height, bpp, image } of images) {
        expect([height, image.width, image.height, bpp]).toEqual([width, width, width, 32]);
        // Drawn, not blank: some pixels opaque, the corners transparent.
        expect(image.data.some((v, i) => i % 4 === 3 && v === 255)).toBe(true);
        expect(image.data[3]).toBe(0);
      }
    }
  });

  it('differ by state: the status dot has the state colour', () => {
    const dots = TRAY_ICONS.map((icon) => {
      const big = readIco(path.resolve('assets', trayIconFile(icon, 'win32'))).at(-1)!.image;
      const at = (big.width * Math.round(big.height * 0.74) + Math.round(big.width * 0.74)) * 4;
      return [...big.data.subarray(at, at + 3)].join(',');
    });
    expect(new Set(dots).size).toBe(TRAY_ICONS.length);
  });
});
