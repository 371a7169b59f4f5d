import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/base/log.js';
import { dayReportPdfPath } from '../../main/shell/printing.js';
import { createSaveTextFile } from '../../main/shell/save-file.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tableside-export-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// The dialog is Electron's (faked here); the file is written for real.
describe('Export CSV from the shell', () => {
  const csv = 'paymentId,time,table,bill,state,amount,tip,currency,provider\r\np1,2026-11-21T12:00:00.000Z,Zahrádka – stůl 4,,paid,125.00,10.00,CZK,Visa\r\n';

  it('opens the dialog in the start folder with the file name and writes the CSV as UTF-8 where the cashier chose', async () => {
    const asked: { defaultPath?: string | undefined; filters?: unknown }[] = [];
    const target = path.join(dir, 'chosen.csv');
    const save = createSaveTextFile({
      showSaveDialog: async (_parent, options) => {
        asked.push(options);
        return { canceled: false, filePath: target };
      },
      parent: () => null,
      startDir: () => dir,
      log: silentLogger(),
    });
    expect(await save({ fileName: 'tableside-payments-2026-11-21.csv', text: csv, kind: 'csv' })).toEqual({ ok: true, value: { path: target } });
    expect(asked).toEqual([{ defaultPath: path.join(dir, 'tableside-payments-2026-11-21.csv'), filters: [{ name: 'CSV', extensions: ['csv'] }] }]);
    expect(readFileSync(target, 'utf8')).toBe(csv);
  });

  it('writes nothing when the cashier cancels, and says what to do when the folder cannot be written', async () => {
    const cancelled = createSaveTextFile({
      showSaveDialog: async () => ({ canceled: true, filePath: '' }),
      parent: () => null,
      startDir: () => dir,
      log: silentLogger(),
    });
    expect(await cancelled({ fileName: 'x.csv', text: csv, kind: 'csv' })).toEqual({ ok: true, value: { path: null } });
    const broken = createSaveTextFile({
      showSaveDialog: async () => ({ canceled: false, filePath: path.join(dir, 'no-such-folder', 'x.csv') }),
      parent: () => null,
      startDir: () => dir,
      log: silentLogger(),
    });
    expect(await broken({ fileName: 'x.csv', text: csv, kind: 'csv' })).toMatchObject({ ok: false, error: { code: 'SAVE_FAILED' } });
  });

  it('names the day report PDF by its day', () => {
    expect(dayReportPdfPath('/data', '2026-11-21')).toBe(path.join('/data', 'day-reports', 'day-report-2026-11-21.pdf'));
  });
});
