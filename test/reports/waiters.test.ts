// The PC's time zone is the restaurant's: this file runs in Prague time (set before any Date use).
process.env.TZ = 'Europe/Prague';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dayReport, paymentsOfDays, settlementsOfDays } from '../../main/features/reports/index.js';
import type { Payment } from '../../main/base/wire/index.js';
import { reportStore } from './helpers.js';

const prague = (h: number, min = 0) => new Date(2026, 10, 21, h, min).getTime();
const day = { from: '2026-11-21', to: '2026-11-21', dayEndsAt: '04:00' };

function wire(id: string, billId: string, price: string, currency = 'CZK'): Payment {
  return {
    id,
    idBill: billId,
    idCustomer: null,
    currency,
    state: 'STARTED',
    items: [{ id: 'line', name: 'Line', price, quantity: '1', tags: [] }],
    parts: [{ total: price, provider: { id: 'visa', name: 'Visa', type: 'CARD' } }],
    tipBrutto: '0',
    tipNetto: '0',
    additionalData: null,
    discount: null,
  };
}

describe('waiters: whose payment or settlement it is', () => {
  let t: ReturnType<typeof reportStore>;
  beforeEach(() => {
    t = reportStore();
    t.clock.set(prague(18));
  });
  afterEach(() => t.cleanup());

  const bill = (id: string, tableId: string, extra: { waiter?: { id: string; name?: string } | null; currency?: string } = {}) =>
    t.store.putBill({
      id,
      tableId,
      currency: extra.currency ?? 'CZK',
      items: [{ id: 'line', name: 'Line', price: '100', quantity: '1' }],
      waiter: extra.waiter ?? null,
    });
  const payAll = (id: string, billId: string, currency = 'CZK') => {
    t.store.startPayment(wire(id, billId, '100', currency));
    t.store.processPayment(id);
    t.store.closePayment(id, 'PAID');
  };

  it("a bill naming none is its table's waiter's, as the table's waiter is when the payment starts", () => {
    t.store.upsertTable({ id: 'a', name: 'A', waiter: { id: 'w1', name: 'Jana' } });
    t.store.upsertTable({ id: 'b', name: 'B', waiter: { id: 'w2', name: '  ' } });
    bill('x', 'a');
    t.store.startPayment(wire('p1', 'x', '100'));
    // The table changes hands while the guest pays: the payment stays with the waiter it started under.
    t.store.upsertTable({ id: 'a', name: 'A', waiter: { id: 'w3', name: 'Eva' } });
    t.store.processPayment('p1');
    t.store.closePayment('p1', 'PAID');
    bill('y', 'b');
    payAll('p2', 'y');
    expect(paymentsOfDays(t.store, day).map((e) => [e.paymentId, e.waiterId, e.waiter])).toEqual([
      ['p1', 'w1', 'Jana'],
      ['p2', 'w2', null],
    ]);
  });

  it("a settlement keeps the bill's waiter at the close; a table without one leaves it under no waiter", () => {
    t.store.upsertTable({ id: 'a', name: 'A', waiter: { id: 'w1', name: 'Jana' } });
    t.store.upsertTable({ id: 'c', name: 'C' });
    bill('x', 'a');
    bill('y', 'c');
    t.clock.set(prague(19));
    t.store.closeBill('x', { method: 'walkout', note: '  ran  ' });
    t.store.closeBill('y', { method: 'cash' });
    t.store.upsertTable({ id: 'a', name: 'A', waiter: { id: 'w3', name: 'Eva' } });
    expect(settlementsOfDays(t.store, day).map((s) => [s.billId, s.tender, s.amount, s.note, s.waiterId, s.waiter])).toEqual([
      ['x', 'walkout', '100.00', 'ran', 'w1', 'Jana'],
      ['y', 'cash', '100.00', null, null, null],
    ]);
    expect(settlementsOfDays(t.store, day, { waiterId: null }).map((s) => s.billId)).toEqual(['y']);
    expect(settlementsOfDays(t.store, day, { states: ['paid'] })).toEqual([]);
  });

  it('leaves payments and settlements in another currency out of the splits', () => {
    t.store.upsertTable({ id: 'a', name: 'A', waiter: { id: 'w1', name: 'Jana' } });
    bill('x', 'a');
    bill('e1', 'a', { currency: 'EUR', waiter: { id: 'w2' } });
    bill('e2', 'a', { currency: 'EUR', waiter: { id: 'w2' } });
    payAll('p1', 'x');
    payAll('pe', 'e1', 'EUR');
    t.store.closeBill('e2', { method: 'written-off' });
    const report = dayReport(t.store, { date: '2026-11-21', dayEndsAt: '04:00', defaultCurrency: 'CZK', currency: 'CZK' });
    expect(report.byWaiter).toEqual([{ waiterId: 'w1', waiter: 'Jana', count: 1, amount: '100.00', tips: '0.00' }]);
    expect(report.byTender).toEqual([{ tender: 'card', count: 1, amount: '100.00', tips: '0.00' }]);
    expect(report.settlements).toEqual([]);
    const euro = dayReport(t.store, { date: '2026-11-21', dayEndsAt: '04:00', defaultCurrency: 'CZK', currency: 'EUR' });
    expect(euro.byWaiter).toEqual([{ waiterId: 'w2', waiter: null, count: 2, amount: '200.00', tips: '0.00' }]);
    expect(euro).toMatchObject({ amount: '100.00', settled: '100.00', billed: '200.00' });
  });
});
