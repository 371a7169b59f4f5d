import { describe, expect, it } from 'vitest';
import type { PaymentHistoryEntry } from '../../preload/contract.js';
import { summarize } from '../../main/features/reports/index.js';
import { Decimal } from '../../main/store/shared/decimal.js';

const entry = (i: number, amount: string, tip: string, over: Partial<PaymentHistoryEntry> = {}): PaymentHistoryEntry => ({
  paymentId: `p${i}`,
  time: '2026-11-28T18:00:00.000Z',
  tableId: 't1',
  table: '1',
  area: i % 2 === 0 ? 'Terrace' : 'Hall',
  billId: `b${i}`,
  bill: null,
  state: 'paid',
  amount,
  tip,
  currency: 'CZK',
  provider: i % 3 === 0 ? 'card' : 'apple',
  waiterId: i % 2 === 0 ? 'w1' : null,
  waiter: i % 2 === 0 ? 'Eva' : null,
  posNotified: null,
  ...over,
});

const report = (entries: PaymentHistoryEntry[]) => summarize({ date: '2026-11-28', from: 0, to: 1, currency: 'CZK', entries });

describe("the day report's sums", () => {
  it('are exact to the last decimal whatever the amounts: common ones, more places than a sum keeps in an integer, and sums past a safe integer', () => {
    const amounts = ['188.99', '0.10', '0.20', '12.34567', '-5.01', '99999999999.99', '99999999999.99', '1.5'];
    const entries = amounts.map((a, i) => entry(i, a, i % 2 === 0 ? '10.005' : '0'));
    const want = amounts.reduce((s, a) => s.plus(a), new Decimal(0));
    const r = report(entries);
    expect(r.amount).toBe(want.toFixed());
    expect(r.tips).toBe('40.02');
    // Every split sums to the total, also where it crossed into Decimal.
    const sum = (xs: { amount: string }[]) => xs.reduce((s, x) => s.plus(x.amount), new Decimal(0)).toFixed();
    for (const split of [r.byArea, r.byProvider, r.byWaiter, r.byTender]) expect(sum(split)).toBe(want.toFixed());
  });

  it('orders the splits by amount, the largest first, also when an amount needed Decimal', () => {
    const r = report([entry(0, '10.00', '0'), entry(1, '10.000001', '0'), entry(2, '3.00', '0'), entry(3, '9.99', '0')]);
    expect(r.byArea.map((s) => [s.area, s.amount])).toEqual([
      ['Hall', '19.990001'],
      ['Terrace', '13.00'],
    ]);
  });
});
