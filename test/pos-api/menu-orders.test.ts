import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MenuEntry, OrderView } from '../../preload/contract.js';
import { MENU, order, pickupOrder } from '../store/menu-helpers.js';
import { startApi, type ApiError } from './helpers.js';

type MenuState = {
  menus: { id: string; items: { id: string; price: string; available: boolean }[] }[];
  version: number;
  pushedVersion: number;
  ordersPaused: boolean;
};

describe('POS API: menu and orders over real HTTP', () => {
  let s: Awaited<ReturnType<typeof startApi>>;
  beforeEach(async () => {
    s = await startApi();
  });
  afterEach(() => s.stop());

  it('PUT /v1/menu replaces the menu; GET answers it with its version; the same menu again keeps the version', async () => {
    const put = await s.call<MenuState>('PUT', '/menu', { menus: MENU });
    expect(put.status).toBe(200);
    expect(put.json.menus.map((m) => m.id)).toEqual(['drinks', 'food']);
    expect(put.json.menus[0]!.items[0]).toEqual({ id: 'beer', name: 'Beer 0.5 l', price: '62.5', tags: ['alcohol'], available: true });
    expect([put.json.version, put.json.pushedVersion]).toEqual([1, 0]);
    expect((await s.call<MenuState>('PUT', '/menu', { menus: MENU })).json.version).toBe(1);
    expect((await s.call<MenuState>('GET', '/menu')).json).toEqual(put.json);
    expect(s.store.eventsAfter(0).filter((e) => e.kind === 'menu.updated')).toHaveLength(1);
  });

  it('refuses more than 5,000 items with 400 before anything is stored, and names bad fields', async () => {
    const items = Array.from({ length: 5001 }, (_, i) => ({ id: `i${i}`, name: `Item ${i}`, price: '10' }));
    const big = await s.call('PUT', '/menu', {
      menus: [
        { id: 'a', name: 'A', items: items.slice(0, 3000) },
        { id: 'b', name: 'B', items: items.slice(3000) },
      ],
    });
    expect(big.status).toBe(400);
    expect(big.json.error).toMatchObject({ code: 'BAD_REQUEST', field: 'menus' });
    expect(big.json.error.message).toMatch(/5001 items in all; the service takes at most 5000/);
    expect(s.store.menus()).toEqual([]);
    const price = await s.call('PUT', '/menu', { menus: [{ id: 'a', name: 'A', items: [{ id: 'x', name: 'X', price: '1.005' }] }] });
    expect(price.json.error.field).toBe('menus[0].items[0].price');
    const dup = await s.call('PUT', '/menu', {
      menus: [
        {
          id: 'a',
          name: 'A',
          items: [
            { id: 'x', name: 'X', price: '1' },
            { id: 'x', name: 'Y', price: '2' },
          ],
        },
      ],
    });
    expect([dup.status, dup.json.error.field]).toEqual([400, 'menus[0].items[1].id']);
    expect(s.store.menus()).toEqual([]);
  });

  it('PATCH /v1/menu/items/{id} marks an item sold out; 404 unknown, 400 empty or bad body', async () => {
    await s.call('PUT', '/menu', { menus: MENU });
    const patch = await s.call<MenuEntry>('PATCH', '/menu/items/beer', { available: false });
    expect(patch.status).toBe(200);
    expect(patch.json).toMatchObject({ id: 'beer', available: false, price: '62.50', category: 'Drinks', menuId: 'drinks' });
    expect(s.store.getMenuItem('beer')?.available).toBe(false);
    expect((await s.call('PATCH', '/menu/items/nope', { available: false })).status).toBe(404);
    const empty = await s.call<ApiError>('PATCH', '/menu/items/beer', {});
    expect(empty.status).toBe(400);
    expect((await s.call<ApiError>('PATCH', '/menu/items/beer', { available: 'no' })).json.error.field).toBe('available');
  });

  it('PUT /v1/ordering pauses orders', async () => {
    expect((await s.call('GET', '/ordering')).json).toEqual({ paused: false });
    expect((await s.call('PUT', '/ordering', { paused: true })).json).toEqual({ paused: true });
    expect(s.store.ordersPaused()).toBe(true);
    expect((await s.call<ApiError>('PUT', '/ordering', {})).json.error.field).toBe('paused');
  });

  it('GET /v1/orders lists orders (filter by status); POST status moves them; 409 for a wrong move; 400 without a reason', async () => {
    s.store.upsertTable({ id: 't5', name: 'Table 5' });
    s.store.replaceMenu(MENU);
    s.store.startOrder(order('o1'));
    s.store.startOrder(pickupOrder('p1'));
    const all = await s.call<OrderView[]>('GET', '/orders');
    expect(all.json.map((o) => [o.id, o.status, o.tableName, o.total])).toEqual([
      ['o1', 'NEW', 'Table 5', '125.00'],
      ['p1', 'NEW', null, '189.00'],
    ]);
    expect(all.json[0]!.overdueAt).toBe(new Date(Date.parse(all.json[0]!.created) + 8 * 60_000).toISOString());
    const accepted = await s.call<OrderView>('POST', '/orders/p1/status', { status: 'ACCEPTED' });
    expect(accepted.json).toMatchObject({ id: 'p1', status: 'ACCEPTED', overdueAt: null, unsentStatuses: 1 });
    expect((await s.call<OrderView[]>('GET', '/orders?status=NEW')).json.map((o) => o.id)).toEqual(['o1']);
    expect((await s.call('GET', '/orders?status=LOST')).status).toBe(400);
    const reject = await s.call<ApiError>('POST', '/orders/o1/status', { status: 'REJECTED' });
    expect([reject.status, reject.json.error.field]).toEqual([400, 'reason']);
    const back = await s.call<ApiError>('POST', '/orders/p1/status', { status: 'REJECTED', reason: 'x' });
    expect([back.status, back.json.error.code]).toEqual([409, 'CONFLICT']);
    expect((await s.call('POST', '/orders/nope/status', { status: 'ACCEPTED' })).status).toBe(404);
    expect((await s.call('GET', '/orders/nope')).status).toBe(404);
    expect((await s.call<OrderView>('GET', '/orders/p1')).json.status).toBe('ACCEPTED');
  });

  it('order events are in /v1/events', async () => {
    s.store.upsertTable({ id: 't5', name: 'Table 5' });
    s.store.replaceMenu(MENU);
    s.store.startOrder(order('o1'));
    await s.call('POST', '/orders/o1/status', { status: 'ACCEPTED' });
    const events = (await s.call<{ kind: string; data: Record<string, unknown> }[]>('GET', '/events')).json;
    expect(events.filter((e) => e.kind.startsWith('order.')).map((e) => [e.kind, e.data.orderId, e.data.status])).toEqual([
      ['order.created', 'o1', 'NEW'],
      ['order.status', 'o1', 'ACCEPTED'],
    ]);
  });
});
