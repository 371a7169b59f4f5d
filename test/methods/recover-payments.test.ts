import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/base/log.js';
import { recoverPayments } from '../../main/features/payments/recovery/index.js';
import { LOCK_EXPIRED } from '../../main/store/index.js';
import type { Payment } from '../../main/base/wire/index.js';
import { lastSeq, seedBill, tempStore, wirePayment } from '../store/helpers.js';

describe('payment recovery on (re)connect', () => {
  let t: ReturnType<typeof tempStore>;
  beforeEach(() => {
    t = tempStore();
    for (const n of ['1', '2', '3', '4', '5']) seedBill(t.store, `b${n}`, `t${n}`);
    const pay = (id: string, bill: string) => t.store.startPayment(wirePayment(id, [{ id: 'beer', price: '62.5', quantity: '1' }], { idBill: bill }));
    pay('paid', 'b1');
    t.store.processPayment('paid');
    pay('cancelled', 'b2');
    pay('gone', 'b3');
    pay('running', 'b4');
    pay('offline', 'b5');
  });
  afterEach(() => t.cleanup());

  /** The injected port: what GET /api/v2/pos/payment/<id> would answer. */
  const service =
    (asked: string[]) =>
    async (id: string): Promise<Payment | null> => {
      asked.push(id);
      if (id === 'offline') throw new Error('connect ECONNREFUSED 127.0.0.1:443');
      if (id === 'gone') return null;
      // A manual-capture payment stays STARTED at the service until the cashier captures it.
      const state = id === 'paid' ? 'PAID' : id === 'cancelled' ? 'CANCELLED' : 'STARTED';
      return { ...wirePayment(id, [{ id: 'beer', price: '62.5', quantity: '1' }]), state };
    };

  it('settles each pending payment from the service answer and leaves running and unreachable ones', async () => {
    const asked: string[] = [];
    const summary = await recoverPayments({ store: t.store, getPayment: service(asked), log: silentLogger(), clock: t.clock });
    expect(asked.sort()).toEqual(['cancelled', 'gone', 'offline', 'paid', 'running']);
    expect(summary).toEqual({ checked: 5, paid: ['paid'], unlocked: ['cancelled', 'gone'], expired: [], open: ['running'], failed: ['offline'] });
    expect(t.store.getBill('b1')?.items[0]).toMatchObject({ paidQuantity: '1', lockedQuantity: '0' });
    expect(t.store.getPayment('cancelled')).toMatchObject({ state: 'CANCELLED', closedState: 'CANCELLED' });
    expect(t.store.getPayment('gone')).toMatchObject({ state: 'CANCELLED', closedState: 'NOT_FOUND' });
    expect(t.store.getBill('b3')?.items[0]?.lockedQuantity).toBe('0');
    expect(
      t.store
        .pendingPayments()
        .map((p) => p.id)
        .sort(),
    ).toEqual(['offline', 'running']);

    // A second run (next reconnect) changes nothing for the settled ones and applies nothing twice.
    const seq = lastSeq(t.store);
    const again = await recoverPayments({ store: t.store, getPayment: service([]), log: silentLogger(), clock: t.clock });
    expect(again).toMatchObject({ checked: 2, open: ['running'], failed: ['offline'] });
    expect(lastSeq(t.store)).toBe(seq);
    expect(t.store.getBill('b1')?.items[0]?.paidQuantity).toBe('1');
  });

  it('releases a lock the service still calls STARTED once it is older than the time-out, but not an authorised manual capture', async () => {
    seedBill(t.store, 'b6', 't6');
    t.store.startPayment(wirePayment('manual', [{ id: 'beer', price: '62.5', quantity: '1' }], { idBill: 'b6', captureMode: 'manual' }));
    t.store.processPayment('manual');
    t.clock.advance(5 * 60_000 + 1);
    const summary = await recoverPayments({ store: t.store, getPayment: service([]), log: silentLogger(), clock: t.clock, lockTimeoutMs: 5 * 60_000 });
    expect(summary.expired).toEqual(['running']);
    expect(summary.open).toEqual(['manual']);
    expect(t.store.getBill('b6')?.items[0]?.lockedQuantity).toBe('1');
    expect(t.store.getPayment('running')).toMatchObject({ state: 'CANCELLED', closedState: LOCK_EXPIRED });
    expect(t.store.getBill('b4')?.items[0]?.lockedQuantity).toBe('0');
  });
});
