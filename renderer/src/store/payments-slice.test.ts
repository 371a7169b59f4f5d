import { describe, expect, it } from 'vitest';
import { paymentFixture, snapshotFixture } from '../test/fixture';
import { createAppStore } from './app-store';
import { SETTLED_PAYMENTS_KEPT } from './payments-slice';
import { todaysPayments } from './selectors';

describe('payments slice', () => {
  it('replaces a payment from its event, once', () => {
    const now = Date.now();
    const store = createAppStore();
    store.getState().applySnapshot(snapshotFixture(now));
    const cancelled = paymentFixture(now, { id: 'p1', state: 'CANCELLED', closedState: 'CANCELLED', cancellableUntil: null });
    store.getState().applyEvent({ type: 'payment', seq: 11, payment: cancelled });
    const after = store.getState();
    store.getState().applyEvent({ type: 'payment', seq: 11, payment: cancelled });
    expect(store.getState()).toBe(after);
    expect(after.payments.p1?.state).toBe('CANCELLED');
  });

  it("lists today's payments newest first and leaves out yesterday's", () => {
    // Midday, so the fixtures' payments (minutes before now) are today's whatever the hour of the run.
    const now = new Date(2026, 10, 20, 12, 0).getTime();
    const store = createAppStore();
    store.getState().applySnapshot(snapshotFixture(now));
    const old = paymentFixture(now, { id: 'p-old', created: new Date(now - 48 * 3600_000).toISOString() });
    store.getState().applyEvent({ type: 'payment', seq: 11, payment: old });
    expect(todaysPayments(store.getState().payments, now).map((p) => p.id)).toEqual(['p3', 'p1', 'p2']);
  });

  it('keeps the newest settled payments and every one still under way over a shift', () => {
    const now = Date.now();
    const store = createAppStore();
    store.getState().applySnapshot(snapshotFixture(now));
    const waiting = paymentFixture(now, { id: 'p-capture', state: 'PROCESSED', captureMode: 'manual', captured: false });
    const paid = Array.from({ length: SETTLED_PAYMENTS_KEPT + 20 }, (_, i) => paymentFixture(now, { id: `s${i}` }));
    store.getState().applyEvents([waiting, ...paid].map((payment, i) => ({ type: 'payment' as const, seq: 11 + i, payment })));
    const held = store.getState().payments;
    expect(Object.values(held).filter((p) => p.state === 'PAID' || p.state === 'CANCELLED')).toHaveLength(SETTLED_PAYMENTS_KEPT);
    expect(held['p-capture']).toBeDefined();
    expect(held.s0).toBeUndefined();
    expect(held[`s${SETTLED_PAYMENTS_KEPT + 19}`]).toBeDefined();
    expect(held.s20).toBeDefined();
  });
});
