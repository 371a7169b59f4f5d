import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoreEvent } from '../../main/store/index.js';
import { orderView } from '../../main/features/orders/views.js';
import { tempStore } from './helpers.js';
import { order, seedMenu } from './menu-helpers.js';

// The inbox says a decision is "not yet confirmed" until the service took it;
// the outbox row leaving is an event, so the views (and /v1/events) learn it at once.
describe('order.sent', () => {
  let t: ReturnType<typeof tempStore>;
  let events: StoreEvent[];
  beforeEach(() => {
    t = tempStore();
    seedMenu(t.store);
    events = [];
    t.store.onEvent((batch) => events.push(...batch));
  });
  afterEach(() => t.cleanup());

  it('is emitted once when the service accepted a queued status, with the status sent', () => {
    t.store.startOrder(order('o1'));
    t.store.setOrderStatus('o1', 'ACCEPTED');
    expect(orderView(t.store, 'o1')?.unsentStatuses).toBe(1);
    const [push] = t.store.pendingStatusPushes();
    events = [];
    expect(t.store.statusPushed(push!.seq)).toBe(true);
    expect(events).toMatchObject([{ kind: 'order.sent', data: { orderId: 'o1', status: 'ACCEPTED', sent: 'ACCEPTED' } }]);
    expect(orderView(t.store, 'o1')?.unsentStatuses).toBe(0);
    // Told again (a retry that raced): nothing left to confirm, no event.
    events = [];
    expect(t.store.statusPushed(push!.seq)).toBe(false);
    expect(events).toEqual([]);
  });
});
