import { describe, expect, it } from 'vitest';
import { rushScanOk, rushScanTable } from './payment-rush.js';

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
});
