import { afterEach, describe, expect, it } from 'vitest';
import type { StoreEvent } from '../../main/store/index.js';
import { statementRecorder } from '../bench/store-statements.js';
import { tempStore, wirePayment } from './helpers.js';

const LINES = 30;

describe('a guest paying a long bill whole', () => {
  const recorder = statementRecorder();
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('reads the bill’s lines once per step, not once per line, and settles it exactly', () => {
    const t = tempStore();
    cleanup = () => {
      t.cleanup();
      recorder.uninstall();
    };
    const { store } = t;
    const heard: StoreEvent[] = [];
    store.onEvent((events) => heard.push(...events));
    store.upsertTable({ id: 't1', name: 'Long table' });
    const items = Array.from({ length: LINES }, (_, i) => ({
      id: `i${i}`,
      name: `Dish ${i}`,
      price: `${10 + i}.50`,
      quantity: String(1 + (i % 3)),
      tags: i % 2 === 0 ? ['kitchen'] : [],
    }));
    store.putBill({ id: 'b1', tableId: 't1', currency: 'CZK', items });
    const total = items.reduce((sum, i) => sum + Number(i.price) * Number(i.quantity), 0);

    store.startPayment(
      wirePayment(
        'p1',
        items.map((i) => ({ id: i.id, price: i.price, quantity: i.quantity })),
      ),
    );
    const byKey = (runs: { source: string }[]) => runs.filter((r) => /FROM bill_items WHERE billId = \? AND id = \?/.test(r.source)).length;
    const wholeReads = (runs: { source: string }[]) => runs.filter((r) => /FROM bill_items WHERE billId = \? ORDER BY position/.test(r.source)).length;

    let receipt: ReturnType<typeof store.processPayment>['receipt'] | undefined;
    const processed = recorder.capture(() => (receipt = store.processPayment('p1').receipt));
    expect([byKey(processed), wholeReads(processed)]).toEqual([0, 1]);
    // The receipt's lines still carry each bill line's tags.
    expect(receipt!.items.map((i) => i.tags)).toEqual(items.map((i) => i.tags));

    const closed = recorder.capture(() => store.closePayment('p1', 'PAID'));
    expect([byKey(closed), wholeReads(closed)]).toEqual([0, 1]);

    const bill = store.getBill('b1')!;
    expect(bill.state).toBe('PAID');
    expect(bill.items.map((i) => [i.paidQuantity, i.lockedQuantity])).toEqual(items.map((i) => [i.quantity, '0']));
    const paid = heard.find((e) => e.kind === 'payment.paid');
    expect(paid?.data).toMatchObject({ billTotal: total.toFixed(1).replace(/\.0$/, ''), billDue: '0' });
    expect(heard.filter((e) => e.kind === 'bill.paid')).toHaveLength(1);

    // Refunded: every line back to unpaid in one read too, the bill open again.
    const refunded = recorder.capture(() => store.refundPayment('p1'));
    expect([byKey(refunded), wholeReads(refunded)]).toEqual([0, 1]);
    const after = store.getBill('b1')!;
    expect(after.state).toBe('OPEN');
    expect(after.items.every((i) => i.paidQuantity === '0' && i.lockedQuantity === '0')).toBe(true);
  });
});
