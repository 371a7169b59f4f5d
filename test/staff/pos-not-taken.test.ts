import { afterEach, describe, expect, it } from 'vitest';
import type { StaffNotice } from '../../preload/staff-frames.js';
import { silentLogger } from '../../main/base/log.js';
import { createAttentionWatcher, posUnsyncedSource } from '../../main/features/attention/index.js';
import { createStaffHub } from '../../main/features/staff/index.js';
import { seedBill, tempStore, wirePayment } from '../store/helpers.js';

let cleanup = () => {};
afterEach(() => cleanup());

const UNSYNCED_AFTER_MS = 60_000;

/** A real store and clock-driven hub, one phone following table t1, and the frames it was sent. */
function setup() {
  const t = tempStore();
  seedBill(t.store);
  const hub = createStaffHub({
    store: t.store,
    clock: t.clock,
    log: silentLogger(),
    restaurantName: () => 'Bistro',
    language: () => 'en',
    changed: () => undefined,
  });
  const offEvents = t.store.onEvent((batch) => hub.onBatch(batch));
  const watcher = createAttentionWatcher({
    store: t.store,
    clock: t.clock,
    push: (entries) => hub.onUnsynced(entries),
    listening: () => true,
    sources: [posUnsyncedSource],
    unsyncedAfterMs: () => UNSYNCED_AFTER_MS,
  });
  watcher.start();
  const pairing = hub.pairing.start({ name: 'Petra', role: 'waiter' });
  const answer = hub.pair(pairing.code, null)!;
  const frames: { type: string; event?: { type: string; notice?: StaffNotice; noticeId?: string } }[] = [];
  const session = hub.attach(t.store.staffDevice(answer.deviceId)!, {
    send: (text) => frames.push(JSON.parse(text.toString('utf8')) as (typeof frames)[number]),
    close: () => undefined,
  });
  session.following = { tableIds: ['t1'], areas: [] };
  cleanup = () => {
    watcher.stop();
    offEvents();
    hub.stop();
    t.cleanup();
  };
  const pay = (id: string) => {
    t.store.startPayment(wirePayment(id, [{ id: 'beer', price: '62.50', quantity: '1' }]));
    t.store.processPayment(id);
    t.store.closePayment(id, 'PAID');
  };
  const noticesOf = (kind: string) => frames.filter((f) => f.event?.type === 'notice' && f.event.notice?.kind === kind).map((f) => f.event!.notice!);
  const gone = () => frames.filter((f) => f.event?.type === 'notice-gone').map((f) => f.event!.noticeId);
  return { ...t, hub, pay, noticesOf, gone };
}

describe("waiters' phones: a payment the main POS has not taken in", () => {
  it('is a problem notice on the phones once past the limit, and ends when the POS takes it in', () => {
    const { store, clock, pay, noticesOf, gone } = setup();
    // The POS has acknowledged once: from then on its payments are watched.
    store.commitPosCursor(0);
    clock.advance(1_000);
    pay('p1');
    clock.advance(UNSYNCED_AFTER_MS - 1);
    expect(noticesOf('pos-not-taken')).toEqual([]);

    // The watcher looks again on its own (the source is timed) and the hub pushes within its window.
    clock.advance(30_000);
    const [notice] = noticesOf('pos-not-taken');
    expect(notice).toMatchObject({ id: 'pos-not-taken:p1', problem: true, tableId: 't1', amount: '62.50', currency: 'CZK' });
    expect(noticesOf('pos-not-taken')).toHaveLength(1);

    // Looked at again, the same payment is not announced twice.
    clock.advance(30_000);
    expect(noticesOf('pos-not-taken')).toHaveLength(1);

    const paid = store.eventsAfter(0, 1000).find((e) => e.kind === 'payment.paid' && e.paymentId === 'p1')!;
    store.commitPosCursor(paid.seq);
    clock.advance(1_000);
    expect(gone()).toContain('pos-not-taken:p1');
  });

  it('tells a phone that connects later, in its welcome', () => {
    const { store, clock, pay, hub } = setup();
    store.commitPosCursor(0);
    pay('p2');
    clock.advance(UNSYNCED_AFTER_MS + 30_000);
    const late = hub.pairing.start({ name: 'Tomáš', role: 'waiter' });
    const device = store.staffDevice(hub.pair(late.code, null)!.deviceId)!;
    const session = hub.attach({ ...device, following: { tableIds: ['t1'], areas: [] } }, { send: () => undefined, close: () => undefined });
    const welcome = hub.snapshot(session, null);
    expect(welcome.notices.map((n) => n.id)).toContain('pos-not-taken:p2');
  });
});
