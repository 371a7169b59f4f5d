import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMethodDispatcher, type MethodDispatcher, type MethodOutcome } from '../../main/adapters/connection/methods-index.js';
import { silentLogger } from '../../main/base/log.js';
import { openTestStore } from '../store/test-store.js';
import { parseWith, Receipt } from '../../main/base/wire/index.js';
import { tempStore, wirePayment } from '../store/helpers.js';
import { order, pickupOrder, seedMenu } from '../store/menu-helpers.js';

/** The outcome as the service receives it: through JSON. */
const wire = (o: MethodOutcome): unknown => JSON.parse(JSON.stringify(o)) as unknown;

describe('the order methods', () => {
  let t: ReturnType<typeof tempStore>;
  let methods: MethodDispatcher;
  beforeEach(() => {
    t = tempStore();
    seedMenu(t.store);
    methods = createMethodDispatcher({ store: t.store, log: silentLogger(), clock: t.clock });
  });
  afterEach(() => t.cleanup());

  const call = async (method: string, ...args: unknown[]) => wire(await methods.handle(method, args, { transport: 'ws', callId: 'c1' }));

  it('getMealMenus answers the stored menu in the wire shape', async () => {
    const answer = (await call('getMealMenus')) as { result: { menus: { id: string; items: unknown[] }[] } };
    expect(answer.result.menus.map((m) => m.id)).toEqual(['drinks', 'food']);
    expect(answer.result.menus[0]!.items).toEqual([
      { id: 'beer', name: 'Beer 0.5 l', price: '62.5', tags: ['alcohol'], available: true },
      { id: 'lemonade', name: 'Lemonade', price: '45', tags: [], available: true, description: 'Home-made' },
    ]);
  });

  it('orderPrepare prices each line from the menu and answers the total', async () => {
    expect(
      await call(
        'orderPrepare',
        order('o1', {
          items: [
            { id: 'beer', name: 'Beer', price: '1', quantity: '2' },
            { id: 'goulash', name: '', quantity: '1', note: 'spicy' },
          ],
        }),
      ),
    ).toEqual({
      result: {
        items: [
          { id: 'beer', name: 'Beer 0.5 l', price: '62.5', quantity: '2' },
          { id: 'goulash', name: 'Goulash', price: '189', quantity: '1', note: 'spicy' },
        ],
        total: '314',
      },
    });
  });

  it('orderPrepare: ITEM_UNAVAILABLE carries the item ids; TABLE_NOT_FOUND; ORDERS_PAUSED; bad args name the field', async () => {
    const unavailable = (await call(
      'orderPrepare',
      order('o1', {
        items: [
          { id: 'schnitzel', name: '', quantity: '1' },
          { id: 'ghost', name: '', quantity: '1' },
        ],
      }),
    )) as { error: Record<string, unknown> };
    expect(unavailable.error).toMatchObject({ code: 'ITEM_UNAVAILABLE', items: ['schnitzel', 'ghost'] });
    expect(typeof unavailable.error.message).toBe('string');
    expect(await call('orderPrepare', order('o1', { delivery: { type: 'toTable', idTable: 'nope' } }))).toMatchObject({ error: { code: 'TABLE_NOT_FOUND' } });
    t.store.setOrdersPaused(true);
    expect(await call('orderPrepare', order('o1'))).toMatchObject({ error: { code: 'ORDERS_PAUSED' } });
    t.store.setOrdersPaused(false);
    expect(await call('orderPrepare', { ...order('o1'), items: [] })).toMatchObject({
      error: { code: 'INVALID_ARGUMENTS', message: expect.stringContaining('items') },
    });
  });

  it('orderPrepare sees a menu change at once (its in-memory menu is dropped by the commit)', async () => {
    expect(await call('orderPrepare', order('o1'))).toMatchObject({ result: { total: '125' } });
    t.store.patchMenuItem('beer', { price: '70' });
    expect(await call('orderPrepare', order('o1'))).toMatchObject({ result: { total: '140' } });
    t.store.patchMenuItem('beer', { available: false });
    expect(await call('orderPrepare', order('o1'))).toMatchObject({ error: { code: 'ITEM_UNAVAILABLE', items: ['beer'] } });
    t.store.replaceMenu([{ id: 'new', name: 'New', items: [{ id: 'beer', name: 'Beer', price: '50' }] }]);
    expect(await call('orderPrepare', order('o1'))).toMatchObject({ result: { total: '100' } });
    t.store.upsertTable({ id: 't6', name: 'Table 6' });
    expect(await call('orderPrepare', order('o1', { delivery: { type: 'toTable', idTable: 't6' } }))).toMatchObject({ result: { total: '100' } });
  });

  it('orderStart twice is one order with one set of lines; it answers idOrder and billId', async () => {
    const first = (await call('orderStart', order('o1'))) as { result: { idOrder: string; billId: string } };
    expect(first.result.idOrder).toBe('o1');
    expect(await call('orderStart', order('o1'))).toEqual(first);
    // Two calls in one turn (a retry racing the first) share a group commit and still make one order.
    const [a, b] = await Promise.all([call('orderStart', order('o2')), call('orderStart', order('o2'))]);
    expect(a).toEqual(b);
    expect(t.store.getBill(first.result.billId)!.items.map((i) => i.id)).toEqual(['o1#1', 'o2#1']);
    expect(t.store.getOrder('o1')?.status).toBe('NEW');
  });

  it('a pickup order: orderStart without billId, orderMarkAsPaid answers a Receipt (the same again), orderClose COMPLETED', async () => {
    expect(await call('orderStart', pickupOrder('p1'))).toEqual({ result: { idOrder: 'p1' } });
    const payment = wirePayment('pay-1', [{ id: 'goulash', price: '189', quantity: '1' }], { idBill: 'p1', state: 'PAID' });
    const paid = (await call('orderMarkAsPaid', 'p1', payment)) as { result: unknown };
    expect(parseWith(Receipt, paid.result).ok).toBe(true);
    expect(paid.result).toMatchObject({ finalPrice: '189', receiptDeliveryType: 'QERKO_GENERATED' });
    expect(await call('orderMarkAsPaid', 'p1', payment)).toEqual(paid);
    expect(await call('orderMarkAsPaid', 'nope', payment)).toMatchObject({ error: { code: 'ORDER_NOT_FOUND' } });
    await call('orderStart', pickupOrder('p2'));
    t.store.setOrderStatus('p2', 'REJECTED', 'Sold out');
    expect(await call('orderMarkAsPaid', 'p2', { ...payment, id: 'pay-2' })).toMatchObject({ error: { code: 'ORDER_CLOSED' } });
    t.store.setOrderStatus('p1', 'ACCEPTED');
    expect(await call('orderClose', 'p1', 'COMPLETED')).toEqual({ result: null });
    expect(await call('orderClose', 'p1', 'COMPLETED')).toEqual({ result: null });
    expect(t.store.getOrder('p1')).toMatchObject({ status: 'COMPLETE', closedState: 'COMPLETED' });
    expect(await call('orderClose', 'p1', 'LOST')).toMatchObject({ error: { code: 'INVALID_ARGUMENTS' } });
  });

  it('orderClose CANCELLED takes the lines off the bill, and a restart in between changes nothing of it', async () => {
    const started = (await call('orderStart', order('o1'))) as { result: { billId: string } };
    t.store.close();
    t.store = openTestStore({ file: t.file, clock: t.clock });
    methods = createMethodDispatcher({ store: t.store, log: silentLogger(), clock: t.clock });
    expect(await call('orderStart', order('o1'))).toEqual(started);
    expect(await call('orderClose', 'o1', 'CANCELLED')).toEqual({ result: null });
    t.store.close();
    t.store = openTestStore({ file: t.file, clock: t.clock });
    methods = createMethodDispatcher({ store: t.store, log: silentLogger(), clock: t.clock });
    expect(await call('orderClose', 'o1', 'CANCELLED')).toEqual({ result: null });
    expect(t.store.getBill(started.result.billId)!.items).toEqual([]);
    expect(t.store.getOrder('o1')?.status).toBe('CANCELLED');
  });
});
