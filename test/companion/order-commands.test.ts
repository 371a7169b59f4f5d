import { describe, expect, it } from 'vitest';
import { liveCompanion } from '../integration/helpers/harness.js';
import { MENU, order } from '../store/menu-helpers.js';
import { waitUntil } from '../transport/helpers/wait.js';

/** The cashier's menu and order commands over the real companion (store, link, sandbox). */
describe('menu and order commands', () => {
  const live = liveCompanion('ws');

  it('the snapshot carries the store menu and the inbox; commands change them and push menu and order events', async () => {
    const api = live.pos.companion.api;
    await live.pos.pos.call('PUT', '/tables/t5', { name: 'Table 5' });
    expect((await live.pos.pos.call('PUT', '/menu', { menus: MENU })).status).toBe(200);
    const snap = await api.getSnapshot();
    expect(snap.menu.find((m) => m.id === 'beer')).toMatchObject({ name: 'Beer 0.5 l', price: '62.50', category: 'Drinks', available: true, menuId: 'drinks' });
    expect(snap.menu.find((m) => m.id === 'goulash')?.category).toBe('Mains');
    expect(snap.ordersPaused).toBe(false);

    const soldOut = await api.setMenuItemAvailable({ itemId: 'beer', available: false });
    expect(soldOut).toMatchObject({ ok: true, value: { id: 'beer', available: false } });
    expect(live.pos.events.some((e) => e.type === 'menu' && e.menu.find((m) => m.id === 'beer')?.available === false)).toBe(true);
    expect(await api.setMenuItemAvailable({ itemId: 'nope', available: false })).toMatchObject({ ok: false, error: { code: 'MENU_ITEM_NOT_FOUND' } });
    await api.setMenuItemAvailable({ itemId: 'beer', available: true });

    expect(await live.sandbox.callPos('orderStart', [order('c1')])).toMatchObject({ result: { idOrder: 'c1' } });
    const inbox = (await api.getSnapshot()).orders;
    expect(inbox.map((o) => [o.id, o.status, o.tableName])).toEqual([['c1', 'NEW', 'Table 5']]);
    expect(live.pos.events.some((e) => e.type === 'order' && e.order.id === 'c1' && e.order.status === 'NEW')).toBe(true);

    expect(await api.setOrderStatus({ orderId: 'c1', status: 'REJECTED' })).toMatchObject({ ok: false, error: { code: 'INVALID' } });
    const accepted = await api.setOrderStatus({ orderId: 'c1', status: 'ACCEPTED' });
    expect(accepted).toMatchObject({ ok: true, value: { id: 'c1', status: 'ACCEPTED' } });
    expect(live.pos.events.some((e) => e.type === 'order' && e.order.id === 'c1' && e.order.status === 'ACCEPTED')).toBe(true);
    // The decision reaches the service through the link's status sender; the cashier can read it back.
    await waitUntil(
      async () => {
        const held = await api.getServiceOrderStatus({ orderId: 'c1' });
        return held.ok && held.value.status === 'ACCEPTED';
      },
      'the service to hold ACCEPTED',
      10_000,
    );
    expect(await api.getServiceOrderStatus({ orderId: 'nope' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });

    expect(await api.setOrdersPaused({ paused: true })).toEqual({ ok: true, value: { paused: true } });
    expect(live.pos.events.some((e) => e.type === 'menu' && e.ordersPaused)).toBe(true);
    expect(await live.sandbox.callPos('orderPrepare', [order('c2')])).toMatchObject({ error: { code: 'ORDERS_PAUSED' } });
    await api.setOrdersPaused({ paused: false });
  });
});
