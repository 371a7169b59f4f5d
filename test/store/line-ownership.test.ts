import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isStoreError, type StoreError } from '../../main/store/index.js';
import { lastSeq, tempStore, wirePayment } from './helpers.js';
import { order, seedMenu } from './menu-helpers.js';

const refusal = (fn: () => unknown): StoreError => {
  try {
    fn();
  } catch (e) {
    if (isStoreError(e)) return e;
    throw e;
  }
  throw new Error('expected a refusal');
};

const LEMONADE = { id: 'k1', name: 'Lemonade', price: '45', quantity: '1' };

describe('who owns a bill line: the POS its own, the guest theirs until the POS takes them in', () => {
  let t: ReturnType<typeof tempStore>;
  beforeEach(() => {
    t = tempStore();
    seedMenu(t.store);
    t.store.putBill({ id: 'b5', tableId: 't5', currency: 'CZK', items: [LEMONADE] });
  });
  afterEach(() => t.cleanup());

  const lines = () => t.store.getBill('b5')!.items.map((i) => [i.id, i.name, i.quantity]);
  const eventsSince = (seq: number) => t.store.eventsAfter(seq, 1000);

  it('a PUT that leaves out a guest line not yet taken in keeps it, after the POS lines, and says so', () => {
    t.store.startOrder(order('o6', { items: [{ id: 'beer', name: '', quantity: '2' }] }));
    expect(lines()).toEqual([
      ['k1', 'Lemonade', '1'],
      ['o6#1', 'Beer 0.5 l', '2'],
    ]);

    const seq = lastSeq(t.store);
    const put = t.store.putBill({ id: 'b5', tableId: 't5', currency: 'CZK', items: [{ ...LEMONADE, quantity: '2' }] });
    expect(put.guestLinesKept).toEqual([{ id: 'o6#1', name: 'Beer 0.5 l', orderId: 'o6' }]);
    expect(put.guestLinesTakenIn).toEqual([]);
    expect(lines()).toEqual([
      ['k1', 'Lemonade', '2'],
      ['o6#1', 'Beer 0.5 l', '2'],
    ]);
    expect(eventsSince(seq).find((e) => e.kind === 'bill.updated')?.data).toMatchObject({ guestLinesKept: ['o6#1'] });

    // Sent back with the same id: taken in, the POS's from now on, so the next PUT may drop it.
    const taken = t.store.putBill({ id: 'b5', tableId: 't5', currency: 'CZK', items: [LEMONADE, { id: 'o6#1', name: 'Beer', price: '62.5', quantity: '2' }] });
    expect(taken.guestLinesTakenIn).toEqual(['o6#1']);
    expect(taken.guestLinesKept).toEqual([]);
    const dropped = t.store.putBill({ id: 'b5', tableId: 't5', currency: 'CZK', items: [LEMONADE] });
    expect(dropped.guestLinesKept).toEqual([]);
    expect(lines()).toEqual([['k1', 'Lemonade', '1']]);
  });

  it('order.created names the guest lines with their ids, the bill and the table', () => {
    const seq = lastSeq(t.store);
    t.store.startOrder(
      order('o7', {
        items: [
          { id: 'beer', name: '', quantity: '2' },
          { id: 'lemonade', name: '', quantity: '1', note: 'no ice' },
        ],
      }),
    );
    const created = eventsSince(seq).find((e) => e.kind === 'order.created')!;
    expect(created).toMatchObject({ billId: 'b5', tableId: 't5' });
    expect(created.data).toMatchObject({
      orderId: 'o7',
      lines: [
        { id: 'o7#1', name: 'Beer 0.5 l', price: '62.5', quantity: '2', menuItemId: 'beer' },
        { id: 'o7#2', name: 'Lemonade (no ice)', price: '45', quantity: '1', menuItemId: 'lemonade' },
      ],
    });
  });

  it('take-in makes guest lines the POS own; again is a no-op, an unknown id is named', () => {
    t.store.startOrder(order('o6'));
    expect(t.store.takeInLines('b5', ['o6#1', 'k1', 'zz'])).toEqual({ takenIn: ['o6#1'], alreadyPos: ['k1'], notOnBill: ['zz'] });
    expect(t.store.takeInLines('b5', ['o6#1'])).toEqual({ takenIn: [], alreadyPos: ['o6#1'], notOnBill: [] });
    t.store.putBill({ id: 'b5', tableId: 't5', currency: 'CZK', items: [LEMONADE] });
    expect(lines()).toEqual([['k1', 'Lemonade', '1']]);
    expect(refusal(() => t.store.takeInLines('nope', ['x'])).code).toBe('BILL_NOT_FOUND');
  });

  it('a guest line in payment and not taken in may be left out (kept), but not cut below what is held', () => {
    t.store.startOrder(order('o6'));
    t.store.startPayment(wirePayment('p1', [{ id: 'o6#1', price: '62.5', quantity: '1' }], { idBill: 'b5' }));
    const kept = t.store.putBill({ id: 'b5', tableId: 't5', currency: 'CZK', items: [LEMONADE] });
    expect(kept.guestLinesKept.map((g) => g.id)).toEqual(['o6#1']);
    const e = refusal(() =>
      t.store.putBill({ id: 'b5', tableId: 't5', currency: 'CZK', items: [LEMONADE, { id: 'o6#1', name: 'Beer 0.5 l', price: '62.5', quantity: '0' }] }),
    );
    expect(e).toMatchObject({ code: 'CONFLICT', field: 'items[1].quantity', lines: [{ id: 'o6#1', name: 'Beer 0.5 l', change: 'reduced', held: '1' }] });
  });

  it('a PUT that changes paid or locked lines is refused naming every one of them, and nothing changes', () => {
    t.store.putBill({
      id: 'b5',
      tableId: 't5',
      currency: 'CZK',
      items: [LEMONADE, { id: 'k2', name: 'Soup', price: '60', quantity: '2' }, { id: 'k3', name: 'Bread', price: '10', quantity: '3' }],
    });
    t.store.startPayment(
      wirePayment(
        'p1',
        [
          { id: 'k2', price: '60', quantity: '1' },
          { id: 'k3', price: '10', quantity: '1' },
        ],
        { idBill: 'b5' },
      ),
    );
    t.store.closePayment('p1', 'PAID');
    t.store.startPayment(wirePayment('p2', [{ id: 'k1', price: '45', quantity: '1' }], { idBill: 'b5' }));
    const before = t.store.getBill('b5');
    const seq = lastSeq(t.store);

    const e = refusal(() =>
      t.store.putBill({
        id: 'b5',
        tableId: 't5',
        currency: 'CZK',
        // k1 (locked) repriced, k2 (paid, not locked) renamed and repriced, k3 (paid) removed.
        items: [
          { ...LEMONADE, price: '50' },
          { id: 'k2', name: 'Soup of the day', price: '65', quantity: '2' },
        ],
      }),
    );
    expect(e.code).toBe('CONFLICT');
    expect(e.status).toBe(409);
    expect(e.field).toBe('items');
    expect(e.lines).toEqual([
      { id: 'k1', name: 'Lemonade', change: 'price', held: '1' },
      { id: 'k2', name: 'Soup', change: 'price', held: '1' },
      { id: 'k2', name: 'Soup', change: 'name', held: '1' },
      { id: 'k3', name: 'Bread', change: 'removed', held: '1' },
    ]);
    expect(e.params).toMatchObject({ reason: 'lines-held', count: 4 });
    expect(t.store.getBill('b5')).toEqual(before);
    expect(lastSeq(t.store)).toBe(seq);

    // A price change of a paid line that no payment holds now is refused too (it was allowed while unlocked).
    expect(
      refusal(() =>
        t.store.putBill({
          id: 'b5',
          tableId: 't5',
          currency: 'CZK',
          items: [LEMONADE, { id: 'k2', name: 'Soup', price: '61', quantity: '2' }, { id: 'k3', name: 'Bread', price: '10', quantity: '3' }],
        }),
      ).lines,
    ).toEqual([{ id: 'k2', name: 'Soup', change: 'price', held: '1' }]);
    // More of a paid line, and its tags, may change.
    const more = t.store.putBill({
      id: 'b5',
      tableId: 't5',
      currency: 'CZK',
      items: [LEMONADE, { id: 'k2', name: 'Soup', price: '60', quantity: '3', tags: ['kitchen'] }, { id: 'k3', name: 'Bread', price: '10', quantity: '3' }],
    });
    expect(more.items.map((i) => [i.id, i.quantity, i.paidQuantity, i.lockedQuantity])).toEqual([
      ['k1', '1', '0', '1'],
      ['k2', '3', '1', '0'],
      ['k3', '3', '1', '0'],
    ]);
  });
});

describe('orders by the book', () => {
  let t: ReturnType<typeof tempStore>;
  beforeEach(() => {
    t = tempStore();
    seedMenu(t.store);
  });
  afterEach(() => t.cleanup());

  it('orderMarkAsPaid on a toBill order is refused and changes nothing', () => {
    const { order: o } = t.store.startOrder(order('o1'));
    const seq = lastSeq(t.store);
    const payment = wirePayment('pay-1', [{ id: 'beer', price: '62.5', quantity: '2' }], { idBill: o.billId!, state: 'PAID' });
    const e = refusal(() => t.store.markOrderPaid('o1', payment));
    expect(e).toMatchObject({ code: 'INVALID', field: 'idOrder', params: { reason: 'not-prepaid', delivery: 'toBill' } });
    expect(t.store.getOrder('o1')).toMatchObject({ payment: null, receipt: null, status: 'NEW' });
    expect(lastSeq(t.store)).toBe(seq);
    expect(t.store.getBill(o.billId!)!.items.map((i) => i.paidQuantity)).toEqual(['0']);
  });

  it('a cancelled order closes the bill it opened once it leaves it empty', () => {
    const billId = t.store.startOrder(order('o1')).order.billId!;
    const seq = lastSeq(t.store);
    t.store.closeOrder('o1', 'CANCELLED');
    expect(t.store.getBill(billId)).toMatchObject({ state: 'CLOSED', items: [] });
    const events = t.store.eventsAfter(seq, 100);
    expect(events.find((e) => e.kind === 'bill.updated')?.data).toMatchObject({ orderId: 'o1', cancelled: true, removedLines: ['o1#1'] });
    expect(events.find((e) => e.kind === 'bill.closed')).toMatchObject({ billId, data: { emptiedBy: 'o1', due: '0.00' } });
    // Guests scanning table 5 see no empty bill.
    expect(t.store.read.bills.openCountOnTable('t5')).toBe(0);
  });

  it('a rejected order closes the bill it opened; a bill another order joined, or the POS owns, stays open', () => {
    const billId = t.store.startOrder(order('o1')).order.billId!;
    t.store.startOrder(order('o2', { items: [{ id: 'lemonade', name: '', quantity: '1' }] }));
    // o1 opened it, but o2's line is still on it: it stays open.
    t.store.setOrderStatus('o1', 'REJECTED', 'Out of beer');
    expect(t.store.getBill(billId)).toMatchObject({ state: 'OPEN' });
    expect(t.store.getBill(billId)!.items.map((i) => i.id)).toEqual(['o2#1']);
    // o2 did not open it: its rejection empties it but leaves it open.
    t.store.setOrderStatus('o2', 'REJECTED', 'Out of lemons');
    expect(t.store.getBill(billId)).toMatchObject({ state: 'OPEN', items: [] });
  });

  it('a cancelled order on the POS bill takes its lines off and leaves the bill open', () => {
    t.store.putBill({ id: 'b5', tableId: 't5', currency: 'CZK', items: [LEMONADE] });
    t.store.startOrder(order('o1'));
    t.store.closeOrder('o1', 'CANCELLED');
    expect(t.store.getBill('b5')).toMatchObject({ state: 'OPEN' });
    expect(t.store.getBill('b5')!.items.map((i) => i.id)).toEqual(['k1']);
  });

  it('a rejected order that opened its bill and is then cancelled by the service closes it once', () => {
    const billId = t.store.startOrder(order('o1')).order.billId!;
    t.store.setOrderStatus('o1', 'REJECTED', 'Out of beer');
    expect(t.store.getBill(billId)!.state).toBe('CLOSED');
    const seq = lastSeq(t.store);
    t.store.closeOrder('o1', 'CANCELLED');
    expect(t.store.eventsAfter(seq, 100).filter((e) => e.kind === 'bill.closed')).toEqual([]);
  });
});
