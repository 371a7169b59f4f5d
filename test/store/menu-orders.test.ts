import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isStoreError, orderTag, type StoreError } from '../../main/store/index.js';
import { openTestStore } from './test-store.js';
import { lastSeq, tempStore, wirePayment } from './helpers.js';
import { MENU, order, pickupOrder, seedMenu } from './menu-helpers.js';

const refusal = (fn: () => unknown): StoreError => {
  try {
    fn();
  } catch (e) {
    if (isStoreError(e)) return e;
    throw e;
  }
  throw new Error('expected a refusal');
};

describe('the menu in the store', () => {
  let t: ReturnType<typeof tempStore>;
  beforeEach(() => {
    t = tempStore();
    seedMenu(t.store);
  });
  afterEach(() => t.cleanup());

  it('keeps menus and items in order with canonical prices; the same menu again changes nothing', () => {
    const menus = t.store.menus();
    expect(menus.map((m) => m.id)).toEqual(['drinks', 'food']);
    expect(menus[0]!.items[0]).toMatchObject({ id: 'beer', price: '62.5', tags: ['alcohol'], available: true, category: null });
    expect(menus[1]!.items[1]).toMatchObject({ id: 'schnitzel', available: false });
    expect(t.store.menuVersions()).toEqual({ version: 1, pushed: 0 });
    const seq = lastSeq(t.store);
    expect(t.store.replaceMenu(MENU).changed).toBe(false);
    expect(lastSeq(t.store)).toBe(seq);
    expect(t.store.menuVersions().version).toBe(1);
  });

  it('patches one item and emits menu.updated with a new version; an unknown item is NOT_FOUND', () => {
    const { item, changed } = t.store.patchMenuItem('beer', { available: false });
    expect(changed).toBe(true);
    expect(item.available).toBe(false);
    expect(t.store.getMenuItem('beer')?.available).toBe(false);
    expect(t.store.eventsAfter(0).at(-1)).toMatchObject({ kind: 'menu.updated', data: { version: 2, itemId: 'beer', available: false } });
    expect(t.store.patchMenuItem('beer', { available: false }).changed).toBe(false);
    expect(refusal(() => t.store.patchMenuItem('nope', { available: true })).code).toBe('NOT_FOUND');
  });

  it('refuses more than 5,000 items and duplicate ids, changing nothing', () => {
    const big = [{ id: 'm', name: 'M', items: Array.from({ length: 5001 }, (_, i) => ({ id: `i${i}`, name: `Item ${i}`, price: '1' })) }];
    const e = refusal(() => t.store.replaceMenu(big));
    expect(e.code).toBe('INVALID');
    expect(e.field).toBe('menus');
    expect(e.params).toEqual({ reason: 'menu-too-large', count: 5001, max: 5000 });
    const dup = refusal(() =>
      t.store.replaceMenu([
        { id: 'a', name: 'A', items: [{ id: 'x', name: 'X', price: '1' }] },
        { id: 'b', name: 'B', items: [{ id: 'x', name: 'X', price: '2' }] },
      ]),
    );
    expect(dup.field).toBe('menus[1].items[0].id');
    expect(t.store.menus().flatMap((m) => m.items.map((i) => i.id))).toEqual(['beer', 'lemonade', 'goulash', 'schnitzel']);
  });
});

describe('orders in the store', () => {
  let t: ReturnType<typeof tempStore>;
  beforeEach(() => {
    t = tempStore();
    seedMenu(t.store);
  });
  afterEach(() => t.cleanup());

  it('prices an order from the menu, whatever price the guest sent', () => {
    const o = order('o1', {
      items: [
        { id: 'beer', name: 'x', price: '1', quantity: '2' },
        { id: 'goulash', name: '', quantity: '1', note: 'spicy' },
      ],
    });
    expect(t.store.priceOrder(o)).toEqual({
      items: [
        { id: 'beer', name: 'Beer 0.5 l', price: '62.5', quantity: '2', note: null },
        { id: 'goulash', name: 'Goulash', price: '189', quantity: '1', note: 'spicy' },
      ],
      total: '314',
    });
  });

  it('refuses unknown and sold-out items with their ids, an unknown table, and a paused kitchen', () => {
    const e = refusal(() =>
      t.store.priceOrder(
        order('o1', {
          items: [
            { id: 'schnitzel', name: '', quantity: '1' },
            { id: 'beer', name: '', quantity: '1' },
            { id: 'ghost', name: '', quantity: '1' },
          ],
        }),
      ),
    );
    expect(e.code).toBe('ITEM_UNAVAILABLE');
    expect(e.items).toEqual(['schnitzel', 'ghost']);
    expect(refusal(() => t.store.priceOrder(order('o1', { delivery: { type: 'toTable', idTable: 'nope' } }))).code).toBe('TABLE_NOT_FOUND');
    expect(refusal(() => t.store.priceOrder(order('o1', { delivery: { type: 'toBill' } }))).code).toBe('TABLE_NOT_FOUND');
    expect(t.store.setOrdersPaused(true)).toBe(true);
    expect(refusal(() => t.store.priceOrder(order('o1'))).code).toBe('ORDERS_PAUSED');
    expect(refusal(() => t.store.startOrder(order('o1'))).code).toBe('ORDERS_PAUSED');
    t.store.setOrdersPaused(false);
    expect(t.store.priceOrder(order('o1')).total).toBe('125');
  });

  it('a toBill order opens a bill, the next one joins it; starting twice is one order', () => {
    const first = t.store.startOrder(order('o1'));
    expect(first.repeated).toBe(false);
    const billId = first.order.billId!;
    const again = t.store.startOrder(order('o1'));
    expect(again).toMatchObject({ repeated: true, order: { id: 'o1', billId } });
    t.store.startOrder(order('o2', { items: [{ id: 'lemonade', name: '', quantity: '1' }] }));
    expect(t.store.getOrder('o2')?.billId).toBe(billId);
    const bill = t.store.getBill(billId)!;
    expect(bill.tableId).toBe('t5');
    expect(bill.items.map((i) => [i.id, i.name, i.price, i.quantity, i.tags])).toEqual([
      ['o1#1', 'Beer 0.5 l', '62.5', '2', [orderTag('o1'), 'menu:beer']],
      ['o2#1', 'Lemonade', '45', '1', [orderTag('o2'), 'menu:lemonade']],
    ]);
    expect(t.store.listOrders({ status: 'NEW' }).map((o) => o.id)).toEqual(['o1', 'o2']);
  });

  it('joins the open bill the POS already has on the table', () => {
    t.store.putBill({ id: 'pos-bill', tableId: 't5', currency: 'CZK', items: [{ id: 'x', name: 'Bread', price: '20', quantity: '1' }] });
    expect(t.store.startOrder(order('o1')).order.billId).toBe('pos-bill');
    expect(t.store.getBill('pos-bill')!.items.map((i) => i.id)).toEqual(['x', 'o1#1']);
  });

  it('a cancelled toBill order takes its unpaid lines off the bill; a paid part stays; closing twice changes nothing', () => {
    t.store.startOrder(
      order('o1', {
        items: [
          { id: 'beer', name: '', quantity: '2' },
          { id: 'lemonade', name: '', quantity: '1' },
        ],
      }),
    );
    const billId = t.store.getOrder('o1')!.billId!;
    t.store.startPayment(wirePayment('p1', [{ id: 'o1#1', price: '62.5', quantity: '1' }], { idBill: billId }));
    t.store.closePayment('p1', 'PAID');
    expect(t.store.closeOrder('o1', 'CANCELLED').changed).toBe(true);
    expect(t.store.getBill(billId)!.items.map((i) => [i.id, i.quantity, i.paidQuantity])).toEqual([['o1#1', '1', '1']]);
    expect(t.store.getBill(billId)!.state).toBe('PAID');
    expect(t.store.closeOrder('o1', 'CANCELLED').changed).toBe(false);
    expect(t.store.closeOrder('o1', 'COMPLETED').changed).toBe(false);
    expect(t.store.getOrder('o1')).toMatchObject({ status: 'CANCELLED', closedState: 'CANCELLED' });
    expect(t.store.closeOrder('unknown', 'CANCELLED')).toEqual({ changed: false, order: null });
  });

  it('a rejected order that the service then closes CANCELLED stays REJECTED, with its reason', () => {
    t.store.startOrder(pickupOrder('r1'));
    t.store.setOrderStatus('r1', 'REJECTED', 'Kitchen closed');
    expect(t.store.closeOrder('r1', 'CANCELLED').changed).toBe(true);
    expect(t.store.getOrder('r1')).toMatchObject({ status: 'REJECTED', closedState: 'CANCELLED', rejectReason: 'Kitchen closed' });
  });

  it('staff decisions move the order and queue each status once; COMPLETE only once', () => {
    t.store.startOrder(pickupOrder('p1'));
    expect(t.store.setOrderStatus('p1', 'ACCEPTED').changed).toBe(true);
    expect(t.store.setOrderStatus('p1', 'ACCEPTED').changed).toBe(false);
    t.store.setOrderStatus('p1', 'READY');
    t.store.setOrderStatus('p1', 'COMPLETE');
    expect(t.store.setOrderStatus('p1', 'COMPLETE').changed).toBe(false);
    expect(refusal(() => t.store.setOrderStatus('p1', 'PREPARING')).code).toBe('CONFLICT');
    expect(t.store.pendingStatusPushes().map((p) => p.status)).toEqual(['ACCEPTED', 'READY', 'COMPLETE']);
    const [first] = t.store.pendingStatusPushes();
    expect(t.store.statusPushed(first!.seq)).toBe(true);
    expect(t.store.statusPushed(first!.seq)).toBe(false);
    expect(t.store.pendingStatusPushes().map((p) => p.status)).toEqual(['READY', 'COMPLETE']);
  });

  it('a rejection needs a reason, which is queued with it', () => {
    t.store.startOrder(order('o1'));
    expect(refusal(() => t.store.setOrderStatus('o1', 'REJECTED', ' ')).field).toBe('reason');
    t.store.setOrderStatus('o1', 'REJECTED', 'Kitchen closes at 22:00');
    expect(t.store.pendingStatusPushes()).toMatchObject([{ orderId: 'o1', status: 'REJECTED', reason: 'Kitchen closes at 22:00' }]);
    expect(t.store.getOrder('o1')?.rejectReason).toBe('Kitchen closes at 22:00');
    // The guest's lines leave the bill with the rejection.
    expect(t.store.getBill(t.store.getOrder('o1')!.billId!)!.items).toEqual([]);
  });

  it('a pickup order stores its payment once and answers the same receipt again', () => {
    t.store.startOrder(pickupOrder('p1'));
    expect(t.store.getOrder('p1')).toMatchObject({
      deliveryType: 'byCustomer',
      billId: null,
      pickupAt: '2026-11-22T19:30:00+01:00',
      customerName: 'Eva',
      total: '189',
    });
    const payment = wirePayment('pay-1', [{ id: 'goulash', price: '189', quantity: '1' }], { idBill: 'p1', state: 'PAID' });
    const first = t.store.markOrderPaid('p1', payment);
    expect(first.repeated).toBe(false);
    expect(first.receipt).toMatchObject({ finalPrice: '189', receiptInfo: { billName: 'Eva' }, items: [{ id: 'goulash', quantity: '1' }] });
    expect(t.store.markOrderPaid('p1', payment)).toEqual({ receipt: first.receipt, repeated: true });
    expect(t.store.getOrder('p1')?.payment?.id).toBe('pay-1');
    expect(refusal(() => t.store.markOrderPaid('nope', payment)).code).toBe('ORDER_NOT_FOUND');
  });

  it('orders, their bill lines, the outbox and the pause survive a restart of a real SQLite file', () => {
    t.store.startOrder(order('o1'));
    t.store.startOrder(pickupOrder('p1'));
    t.store.setOrderStatus('p1', 'ACCEPTED');
    t.store.setOrdersPaused(true);
    t.store.close();
    const reopened = openTestStore({ file: t.file, clock: t.clock });
    t.store = reopened;
    expect(reopened.startOrder(order('o1')).repeated).toBe(true);
    expect(reopened.getBill(reopened.getOrder('o1')!.billId!)!.items).toHaveLength(1);
    expect(reopened.pendingStatusPushes()).toMatchObject([{ orderId: 'p1', status: 'ACCEPTED' }]);
    expect(reopened.ordersPaused()).toBe(true);
    expect(reopened.menus()).toHaveLength(2);
  });
});
