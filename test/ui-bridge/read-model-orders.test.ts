import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedDemo } from '../../main/features/demo/seed-demo.js';
import { LOCAL_MENU } from '../../main/features/demo/demo-data.js';
import { inboxViews, menuEntries, ORDER_OVERDUE_MS, orderView, SERVICE_CANCELS_AFTER_MS } from '../../main/features/orders/views.js';
import { tempStore } from '../store/helpers.js';
import { order, pickupOrder, seedMenu } from '../store/menu-helpers.js';

describe('order and menu views', () => {
  let t: ReturnType<typeof tempStore>;
  beforeEach(() => {
    t = tempStore();
  });
  afterEach(() => t.cleanup());

  it('an order view: money with 2 places, line totals, overdue 8 minutes after it came while NEW', () => {
    seedMenu(t.store);
    t.store.startOrder(order('o1', { items: [{ id: 'beer', name: '', quantity: '3', note: 'cold' }] }));
    const view = orderView(t.store, 'o1')!;
    expect(view).toMatchObject({
      deliveryType: 'toBill',
      tableId: 't5',
      tableName: 'Table 5',
      total: '187.50',
      status: 'NEW',
      paid: false,
      unsentStatuses: 0,
      items: [{ id: 'beer', name: 'Beer 0.5 l', price: '62.50', quantity: '3', lineTotal: '187.50', note: 'cold' }],
    });
    expect(Date.parse(view.overdueAt!) - Date.parse(view.created)).toBe(ORDER_OVERDUE_MS);
    t.store.setOrderStatus('o1', 'ACCEPTED');
    expect(orderView(t.store, 'o1')).toMatchObject({ overdueAt: null, unsentStatuses: 1 });
  });

  it("an order view carries the staff's next steps and the service's cancel deadline, both main's rules", () => {
    seedMenu(t.store);
    t.store.startOrder(order('o1', { items: [{ id: 'beer', name: '', quantity: '1' }] }));
    const fresh = orderView(t.store, 'o1')!;
    expect(fresh.nextSteps).toEqual(['ACCEPTED', 'REJECTED']);
    expect(Date.parse(fresh.cancelsAt!) - Date.parse(fresh.created)).toBe(SERVICE_CANCELS_AFTER_MS);
    t.store.setOrderStatus('o1', 'ACCEPTED');
    expect(orderView(t.store, 'o1')).toMatchObject({ nextSteps: ['PREPARING', 'READY', 'COMPLETE'], cancelsAt: null });
    t.store.setOrderStatus('o1', 'READY');
    expect(orderView(t.store, 'o1')!.nextSteps).toEqual(['COMPLETE']);
    t.store.closeOrder('o1', 'CANCELLED');
    expect(orderView(t.store, 'o1')!.nextSteps).toEqual([]);
  });

  it('the inbox holds open orders and those closed since the start of the day', () => {
    seedMenu(t.store);
    t.store.startOrder(pickupOrder('old'));
    t.store.setOrderStatus('old', 'REJECTED', 'Closed');
    const dayStart = new Date(t.clock.now() + 1).toISOString();
    t.clock.advance(10);
    t.store.startOrder(pickupOrder('open'));
    t.clock.advance(1);
    t.store.startOrder(pickupOrder('done'));
    t.store.closeOrder('done', 'CANCELLED');
    expect(inboxViews(t.store, dayStart).map((o) => o.id)).toEqual(['open', 'done']);
  });

  it('demo mode seeds the menu from the demo list, grouped by category, once', () => {
    seedDemo(t.store);
    const entries = menuEntries(t.store.menus());
    expect(t.store.menus().map((m) => m.name)).toEqual([...new Set(LOCAL_MENU.map((m) => m.category))]);
    for (const m of LOCAL_MENU) expect(entries.find((e) => e.id === m.id)).toMatchObject({ name: m.name, price: m.price, category: m.category });
    expect(entries).toHaveLength(LOCAL_MENU.length);
    expect(entries.every((e) => e.available === true)).toBe(true);
    const version = t.store.menuVersions().version;
    seedDemo(t.store);
    expect(t.store.menuVersions().version).toBe(version);
  });
});
