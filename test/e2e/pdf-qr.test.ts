// The e2e tests' PDF decoder (helpers/pdf-qr.ts) against a sheet it once misread: a payment link's
// sheet (the real stylesheet, printed by Chromium) on which jsQR also "finds" a code carrying no data
// (cozmo/jsQR#90). CI failed on exactly that: [url, ""] where the sheet holds one code.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pdfQrCodes, pdfText } from './helpers/pdf-qr.js';

const URL_ON_SHEET = 'http://192.0.2.2:32006/link/2c1a1993-b9c5-4335-94d6-23f223115bf8';

describe('pdfQrCodes', () => {
  it('reads the one code of a sheet where jsQR also sees an empty one, and nothing else', () => {
    const pdf = readFileSync(new URL('./fixtures/jsqr-empty-code.pdf', import.meta.url));
    // The fixture is the sheet it claims to be: the url is printed under its code.
    expect(pdfText(pdf).replace(/\s+/g, '')).toContain(URL_ON_SHEET);
    expect(pdfQrCodes(pdf)).toEqual([URL_ON_SHEET]);
  });
});
