import { afterEach, describe, expect, it } from 'vitest';
import { listAttention } from '../../main/features/attention/index.js';
import { seedBill, tempStore, wirePayment } from '../store/helpers.js';

let cleanup = () => {};
afterEach(() => cleanup());

function setup() {
  const t = tempStore();
  cleanup = t.cleanup;
  seedBill(t.store);
  let beer = true;
  const pay = (id: string) => {
    // Bill b1 has two beers and one goulash to pay.
    const line = beer ? { id: 'beer', price: '62.50', quantity: '1' } : { id: 'goulash', price: '189', quantity: '1' };
    beer = !beer;
    t.store.startPayment(wirePayment(id, [line]));
    t.store.processPayment(id);
    t.store.closePayment(id, 'PAID');
  };
  const unsynced = (unsyncedAfterMs: number) =>
    listAttention(t.store.read, { now: t.clock.now(), unsyncedAfterMs })
      .filter((e) => e.kind === 'pos-unsynced')
      .map((e) => e.paymentId);
  return { ...t, pay, unsynced };
}

describe('Needs attention: a paid payment the main POS has not acknowledged (pos-unsynced)', () => {
  it('flags nothing on a till whose POS never acknowledged, however old its payments', () => {
    const { pay, clock, unsynced } = setup();
    pay('p1');
    clock.advance(24 * 60 * 60_000);
    expect(unsynced(60_000)).toEqual([]);
  });

  it('flags only payments paid since the first acknowledgement, once older than the limit; 0 never flags', () => {
    const { store, pay, clock, unsynced } = setup();
    pay('before');
    clock.advance(60_000);
    // A POS that starts by acknowledging nothing of the log (seq 0).
    store.commitPosCursor(0);
    clock.advance(1_000);
    pay('after');
    clock.advance(59_999);
    expect(unsynced(60_000)).toEqual([]);
    clock.advance(1);
    expect(unsynced(60_000)).toEqual(['after']);
    expect(unsynced(120_000)).toEqual([]);
    expect(unsynced(0)).toEqual([]);
    // Acknowledged up to its paid event: it leaves.
    const paid = store.eventsAfter(0, 1000).find((e) => e.kind === 'payment.paid' && e.paymentId === 'after')!;
    store.commitPosCursor(paid.seq - 1);
    expect(unsynced(60_000)).toEqual(['after']);
    store.commitPosCursor(paid.seq);
    expect(unsynced(60_000)).toEqual([]);
  });
});
