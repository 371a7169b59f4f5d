// The history commands run on Prague time like the reports (set before any Date use).
process.env.TZ = 'Europe/Prague';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommandResult } from '../../preload/contract.js';
import { silentLogger } from '../../main/base/log.js';
import { createReportCommands } from '../../main/features/reports/report-commands.js';
import { pay, refund, reportStore } from '../reports/helpers.js';
import { parseCsv } from '../reports/parse-csv.js';

const prague = (y: number, mo: number, d: number, h: number) => new Date(y, mo - 1, d, h).getTime();
const bar = { id: 'b1', area: 'Bar' };

describe('report commands (the renderer side of the day report)', () => {
  let t: ReturnType<typeof reportStore>;
  beforeEach(() => {
    t = reportStore();
    pay(t, { id: 'p1', table: bar, price: '100', tip: '10', at: prague(2026, 11, 21, 20) });
    pay(t, { id: 'p2', table: bar, price: '50', at: prague(2026, 11, 21, 21) });
    refund(t, 'p2', prague(2026, 11, 21, 22));
    t.clock.set(prague(2026, 11, 22, 1)); // 01:00: still the 21st's restaurant day
  });
  afterEach(() => t.cleanup());

  const commands = (shell = {}, dayEndsAt = '04:00') =>
    createReportCommands({ store: t.store, clock: t.clock, log: silentLogger(), shell, defaultCurrency: 'CZK', dayEndsAt: () => dayEndsAt });

  it('reports the current restaurant day by default and lists its payments with filters', async () => {
    const c = commands();
    const report = await c.dayReport({});
    expect(report).toMatchObject({ ok: true, value: { date: '2026-11-21', count: 2, amount: '150.00', tips: '10.00', refunded: '50.00', net: '110.00' } });
    const listed = await c.listPayments({ from: '2026-11-21', to: '2026-11-21', filters: { states: ['refunded'] } });
    expect(listed.ok && listed.value.map((e) => e.paymentId)).toEqual(['p2']);
    // The setting arrives: with midnight as the day's end, 01:00 is the 22nd and its day is empty.
    expect(await commands({}, '00:00').dayReport({})).toMatchObject({ ok: true, value: { date: '2026-11-22', count: 0 } });
  });

  it('refuses a range that ends before it starts or is longer than a year', async () => {
    expect(await commands().listPayments({ from: '2026-11-22', to: '2026-11-21' })).toMatchObject({ ok: false, error: { code: 'BAD_RANGE' } });
    expect(await commands().exportPaymentsCsv({ from: '2024-01-01', to: '2026-01-01' })).toMatchObject({ ok: false, error: { code: 'RANGE_TOO_LONG' } });
  });

  it('exports the CSV through the shell save dialog, or hands it to the page in browser mode', async () => {
    const saved: { fileName: string; text: string }[] = [];
    const electron = commands({
      saveTextFile: async (input: { fileName: string; text: string }): Promise<CommandResult<{ path: string | null }>> => {
        saved.push(input);
        return { ok: true, value: { path: `/home/cashier/${input.fileName}` } };
      },
    });
    const result = await electron.exportPaymentsCsv({ from: '2026-11-21', to: '2026-11-21' });
    expect(result).toMatchObject({
      ok: true,
      value: { delivery: 'saved', path: '/home/cashier/tableside-payments-2026-11-21.csv', fileName: 'tableside-payments-2026-11-21.csv' },
    });
    expect(saved[0]!.text).toBe(result.ok ? result.value.csv : '');
    expect(parseCsv(saved[0]!.text).map((r) => [r.paymentId, r.state, r.amount])).toEqual([
      ['p1', 'paid', '100.00'],
      ['p2', 'refunded', '50.00'],
    ]);
    const cancelled = commands({ saveTextFile: async () => ({ ok: true as const, value: { path: null } }) });
    expect(await cancelled.exportPaymentsCsv({ from: '2026-11-21', to: '2026-11-21' })).toMatchObject({
      ok: true,
      value: { delivery: 'cancelled', path: null },
    });
    const browser = await commands().exportPaymentsCsv({ from: '2026-11-21', to: '2026-11-21' });
    expect(browser).toMatchObject({ ok: true, value: { delivery: 'download', path: null } });
    expect(browser.ok && browser.value.csv).toBe(saved[0]!.text);
    expect(await commands().printDayReport({ date: '2026-11-21', mode: 'pdf' })).toMatchObject({ ok: false, error: { code: 'UNSUPPORTED' } });
  });
});
