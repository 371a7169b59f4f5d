import { describe, expect, it } from 'vitest';
import { snapshotFixture } from '../test/fixture';
import { orderFixture } from '../test/order-fixture';
import { createAppStore } from './app-store';
import { newOrderCount } from './orders-slice';

describe('orders slice', () => {
  it('takes orders and the pause flag from the snapshot, then order events by id', () => {
    const now = Date.now();
    const store = createAppStore();
    const snapshot = snapshotFixture(now);
    snapshot.orders = [orderFixture(now, { id: 'o1' }), orderFixture(now, { id: 'o2', status: 'ACCEPTED' })];
    snapshot.ordersPaused = true;
    store.getState().applySnapshot(snapshot);
    expect(Object.keys(store.getState().orders)).toEqual(['o1', 'o2']);
    expect(store.getState().ordersPaused).toBe(true);
    expect(newOrderCount(store.getState().orders)).toBe(1);

    const later = new Date(now + 1000).toISOString();
    store.getState().applyEvent({ type: 'order', seq: 11, order: orderFixture(now, { id: 'o3' }) });
    store.getState().applyEvent({ type: 'order', seq: 12, order: orderFixture(now, { id: 'o1', status: 'ACCEPTED', updated: later }) });
    expect(store.getState().orders.o1?.status).toBe('ACCEPTED');
    expect(newOrderCount(store.getState().orders)).toBe(1);
    // The same event again: nothing changes.
    const before = store.getState().orders;
    store.getState().applyEvent({ type: 'order', seq: 12, order: orderFixture(now, { id: 'o1', status: 'ACCEPTED', updated: later }) });
    expect(store.getState().orders).toBe(before);
  });

  it('a late copy of an older state does not undo a newer one; a closed NEW order is not counted', () => {
    const now = Date.now();
    const store = createAppStore();
    store.getState().applySnapshot(snapshotFixture(now));
    const newer = orderFixture(now, { id: 'o1', status: 'PREPARING', updated: new Date(now + 2000).toISOString() });
    store.getState().applyEvent({ type: 'order', seq: 11, order: newer });
    store
      .getState()
      .applyEvent({ type: 'order', seq: 12, order: orderFixture(now, { id: 'o1', status: 'ACCEPTED', updated: new Date(now + 1000).toISOString() }) });
    expect(store.getState().orders.o1?.status).toBe('PREPARING');
    store.getState().applyEvent({ type: 'order', seq: 13, order: orderFixture(now, { id: 'o2', closedState: 'CANCELLED' }) });
    expect(newOrderCount(store.getState().orders)).toBe(0);
  });

  it('a menu event replaces the menu and the pause flag', () => {
    const store = createAppStore();
    store.getState().applySnapshot(snapshotFixture());
    store
      .getState()
      .applyEvent({ type: 'menu', seq: 11, menu: [{ id: 'x', name: 'Kofola', price: '45', category: 'Drinks', available: false }], ordersPaused: true });
    expect(store.getState().menu.map((m) => m.id)).toEqual(['x']);
    expect(store.getState().ordersPaused).toBe(true);
  });
});
