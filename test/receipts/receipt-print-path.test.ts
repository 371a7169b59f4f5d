import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { receiptPdfPath } from '../../main/shell/receipt-printing.js';

describe('printed receipts as PDF (main/shell/receipt-printing.ts)', () => {
  it('go under <userData>/receipts, one file per payment, with a name that cannot leave the folder', () => {
    expect(receiptPdfPath('/data', 'c0ffee-12')).toBe(path.join('/data', 'receipts', 'receipt-c0ffee-12.pdf'));
    expect(receiptPdfPath('/data', '../../etc/x')).toBe(path.join('/data', 'receipts', 'receipt-______etc_x.pdf'));
  });
});
