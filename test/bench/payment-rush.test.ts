import { describe, expect, it } from 'vitest';
import { setImmediate as turn } from 'node:timers/promises';
import { rushScanOk, rushScanTable, scansDuringRush } from './payment-rush.js';

/** What the rush-scan figures count as a right answer, and which tables they scan. */
describe('rush scans', () => {
  const bill = (ids: string[]) => ids.map((id) => ({ id }));
  const whole = bill(['i0', 'i1', 'i2']);
  const paid = bill(['i1', 'i2']);

  it('counts a paid table right only without line i0, and an untouched table only whole', () => {
    expect([rushScanOk(paid, true, 3), rushScanOk(whole, false, 3)]).toEqual([true, true]);
    // A stale answer (the cache not dropped), a bill cut short, another line missing, no bill at all.
    expect([rushScanOk(whole, true, 3), rushScanOk(paid, false, 3), rushScanOk(bill(['i0', 'i2']), true, 3), rushScanOk(null, false, 3)]).toEqual([false, false, false, false]);
  });

  it('alternates untouched tables with the last eight just paid, and scans only untouched ones before any payment', () => {
    const pool = ['u0', 'u1', 'u2'];
    const completed = Array.from({ length: 10 }, (_, i) => `p${i}`);
    expect(Array.from({ length: 6 }, (_, i) => rushScanTable(i, completed, pool))).toEqual([
      { table: 'u0', changed: false },
      { table: 'p8', changed: true },
      { table: 'u2', changed: false },
      { table: 'p6', changed: true },
      { table: 'u1', changed: false },
      { table: 'p4', changed: true },
    ]);
    expect(rushScanTable(1, [], pool)).toEqual({ table: 'u1', changed: false });
  });

  // Guests and scans of a store in memory: a paid table's bill loses line i0.
  function rush(failAt?: string) {
    const paidTables = new Set<string>();
    const bill = (table: string) => ['i0', 'i1', 'i2'].filter((id) => !(id === 'i0' && paidTables.has(table))).map((id) => ({ id }));
    return {
      paidTables,
      run: (tables: string[], pool: string[]) =>
        scansDuringRush({
          tables,
          pool,
          guests: 4,
          itemsPerBill: 3,
          pay: async (table) => {
            await turn();
            if (table === failAt) throw new Error(`no answer to paymentClosed for ${table}`);
            paidTables.add(table);
            return true;
          },
          scan: async (table) => (await turn(), { ms: 1, items: bill(table) }),
          echo: async () => (await turn(), { ms: 0.5, ok: true }),
        }),
    };
  }

  it('times scans until the last guest has paid, each answer checked, changed and untouched tables mixed', async () => {
    const tables = Array.from({ length: 40 }, (_, i) => `p${i}`);
    const { paidTables, run } = rush();
    const r = await run(tables, ['u0', 'u1']);
    expect(paidTables.size).toBe(40);
    expect({ paid: r.paid, ok: r.ok, echoOk: r.echoOk, echoes: r.echoes.length }).toEqual({ paid: 40, ok: r.samples.length, echoOk: r.samples.length, echoes: r.samples.length });
    expect(r.changed).toBeGreaterThan(0);
    expect(r.changed).toBeLessThan(r.samples.length);
    expect(r.rate).toBeGreaterThan(0);
  });

  it('stops the scans and fails the rush with the error of a guest whose payment failed', async () => {
    const { run } = rush('p5');
    await expect(run(Array.from({ length: 40 }, (_, i) => `p${i}`), ['u0'])).rejects.toThrow('no answer to paymentClosed for p5');
  });
});
