import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCK_EXPIRED, StoreError, type StoreEvent } from '../../main/store/index.js';
import { lastSeq, seedBill, tempStore, wirePayment } from './helpers.js';
import { billView, paymentView, paymentViews, tableViews } from '../../main/features/bills/views.js';

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof StoreError) return e.code;
    throw e;
  }
  return 'no error';
}

const item = (id: string, price: string, quantity: string) => ({ id, price, quantity });

describe('payments on the bill', () => {
  let t: ReturnType<typeof tempStore>;
  let heard: StoreEvent[];
  beforeEach(() => {
    t = tempStore();
    seedBill(t.store);
    heard = [];
    t.store.onEvent((events) => heard.push(...events));
  });
  afterEach(() => t.cleanup());

  it('locks on start, answers a receipt, and turns locked into paid exactly once', () => {
    const { store } = t;
    const started = store.startPayment(wirePayment('p1', [item('beer', '62.50', '2')], { tipBrutto: '10' }));
    expect(started).toMatchObject({ repeated: false, payment: { state: 'STARTED', amount: '125', tip: '10', provider: 'Card' } });
    expect(store.getBill('b1')?.items[0]).toMatchObject({ lockedQuantity: '2', paidQuantity: '0' });

    const { receipt } = store.processPayment('p1');
    expect(receipt).toMatchObject({
      receiptInfo: { billName: 'Window', serial: '1' },
      items: [{ id: 'beer', name: 'Beer', price: '62.5', quantity: '2' }],
      receiptDeliveryType: 'QERKO_GENERATED',
      finalPrice: '125',
    });
    expect(store.processPayment('p1')).toEqual({ receipt, repeated: true });

    expect(store.closePayment('p1', 'PAID').changed).toBe(true);
    const seq = lastSeq(store);
    const before = store.getBill('b1');
    expect(store.closePayment('p1', 'PAID').changed).toBe(false);
    expect(store.closePayment('p1', 'CANCELLED').changed).toBe(false);
    expect(store.getBill('b1')).toEqual(before);
    expect(lastSeq(store)).toBe(seq);
    expect(before?.items[0]).toMatchObject({ lockedQuantity: '0', paidQuantity: '2' });
    expect(heard.filter((e) => e.kind === 'payment.paid')).toHaveLength(1);
    expect(heard.filter((e) => e.kind === 'payment.paid')[0]).toMatchObject({ tableId: 't1', billId: 'b1', paymentId: 'p1' });
    expect(store.getPayment('p1')).toMatchObject({ state: 'PAID', closedState: 'PAID', lockedAt: null });
  });

  it('ignores paymentClosed for an unknown id', () => {
    expect(t.store.closePayment('ghost', 'PAID')).toEqual({ changed: false, payment: null });
    expect(heard).toEqual([]);
  });

  it('pays a bill in parts until it is PAID', () => {
    const { store } = t;
    store.startPayment(wirePayment('p1', [item('beer', '62.5', '1'), item('water', '40', '1')]));
    store.closePayment('p1', 'PAID');
    expect(store.getBill('b1')?.state).toBe('OPEN');
    expect(billView(store, 'b1')?.totals).toEqual({ total: '434.00', paid: '102.50', due: '331.50', tips: '0.00' });
    expect(tableViews(store)[0]).toMatchObject({ state: 'partly-paid', due: '331.50' });

    store.startPayment(wirePayment('p2', [item('beer', '62.5', '1'), item('goulash', '189', '1')], { tipBrutto: '20' }));
    expect(tableViews(store)[0]?.state).toBe('in-payment');
    store.closePayment('p2', 'PAID');
    store.startPayment(wirePayment('p3', [item('water', '40', '2')]));
    store.closePayment('p3', 'PAID');
    expect(store.getBill('b1')?.state).toBe('PAID');
    expect(heard.filter((e) => e.kind === 'bill.paid')).toHaveLength(1);
    expect(billView(store, 'b1')?.totals).toEqual({ total: '434.00', paid: '434.00', due: '0.00', tips: '20.00' });
    expect(tableViews(store)[0]).toMatchObject({ state: 'paid', due: '0.00' });
    // Each payment.paid carries the bill's total and what was still due right after it (the "paid" notice shows them).
    expect(heard.filter((e) => e.kind === 'payment.paid').map((e) => [e.paymentId, e.data.billTotal, e.data.billDue])).toEqual([
      ['p1', '434', '331.5'],
      ['p2', '434', '80'],
      ['p3', '434', '0'],
    ]);
    expect(codeOf(() => store.startPayment(wirePayment('p4', [item('water', '40', '1')])))).toBe('BILL_CLOSED');
  });

  it('enforces minQuantity unless the share is the whole remainder', () => {
    const { store } = t;
    store.putBill({
      id: 'b1',
      tableId: 't1',
      currency: 'CZK',
      items: [{ id: 'wine', name: 'Wine bottle', price: '600', quantity: '1', minQuantity: '0.5' }],
    });
    expect(codeOf(() => store.startPayment(wirePayment('p1', [item('wine', '600', '0.25')])))).toBe('ITEMS_CHANGED');
    store.startPayment(wirePayment('p1', [item('wine', '600', '0.75')]));
    store.closePayment('p1', 'PAID');
    // 0.25 is below the minimum but it is everything left: allowed.
    expect(store.startPayment(wirePayment('p2', [item('wine', '600', '0.25')])).payment.amount).toBe('150');
  });

  it('refuses a second payment on the bill while one runs, and checks items, prices and quantities', () => {
    const { store } = t;
    store.startPayment(wirePayment('p1', [item('beer', '62.50', '1')]));
    expect(codeOf(() => store.startPayment(wirePayment('p2', [item('goulash', '189', '1')])))).toBe('BILL_LOCKED');
    store.closePayment('p1', 'DECLINED');
    expect(store.getPayment('p1')).toMatchObject({ state: 'CANCELLED', closedState: 'DECLINED' });
    expect(store.getBill('b1')?.items[0]?.lockedQuantity).toBe('0');

    expect(codeOf(() => store.startPayment(wirePayment('p3', [item('ghost', '1', '1')])))).toBe('ITEMS_CHANGED');
    expect(codeOf(() => store.startPayment(wirePayment('p3', [item('beer', '60', '1')])))).toBe('ITEMS_CHANGED');
    expect(codeOf(() => store.startPayment(wirePayment('p3', [item('beer', '62.5', '3')])))).toBe('ITEMS_CHANGED');
    expect(codeOf(() => store.startPayment(wirePayment('p3', [item('beer', '62.5', '1')], { idBill: 'nope' })))).toBe('BILL_NOT_FOUND');
    expect(codeOf(() => store.startPayment(wirePayment('p3', [item('beer', '62.5', '1')], { currency: 'EUR' })))).toBe('ITEMS_CHANGED');
    expect(codeOf(() => store.startPayment(wirePayment('p3', [])))).toBe('ITEMS_CHANGED');
    // The same item split over two lines adds up.
    expect(codeOf(() => store.startPayment(wirePayment('p3', [item('beer', '62.5', '1.5'), item('beer', '62.5', '1')])))).toBe('ITEMS_CHANGED');
    expect(store.pendingPayments()).toEqual([]);
  });

  it('answers a repeated paymentStart with the same items as a success and refuses different items', () => {
    const { store } = t;
    store.startPayment(wirePayment('p1', [item('beer', '62.50', '1')]));
    const seq = lastSeq(store);
    expect(store.startPayment(wirePayment('p1', [item('beer', '62.5', '1')])).repeated).toBe(true);
    expect(lastSeq(store)).toBe(seq);
    expect(store.getBill('b1')?.items[0]?.lockedQuantity).toBe('1');
    expect(codeOf(() => store.startPayment(wirePayment('p1', [item('beer', '62.5', '2')])))).toBe('ITEMS_CHANGED');
  });

  it('honours allowPartialPayment=false and allowTip=false', () => {
    const { store } = t;
    store.putBill({
      id: 'b1',
      tableId: 't1',
      currency: 'CZK',
      allowPartialPayment: false,
      allowTip: false,
      items: [
        { id: 'beer', name: 'Beer', price: '62.50', quantity: '2' },
        { id: 'soup', name: 'Soup', price: '50', quantity: '1' },
      ],
    });
    expect(codeOf(() => store.startPayment(wirePayment('p1', [item('beer', '62.5', '2')])))).toBe('ITEMS_CHANGED');
    const all = [item('beer', '62.5', '2'), item('soup', '50', '1')];
    expect(codeOf(() => store.startPayment(wirePayment('p1', all, { tipBrutto: '5' })))).toBe('ITEMS_CHANGED');
    expect(store.startPayment(wirePayment('p1', all)).payment.amount).toBe('175');
  });

  it('refunds a paid payment: items back to unpaid, the bill back to OPEN, once', () => {
    const { store } = t;
    store.startPayment(wirePayment('p1', [item('beer', '62.5', '2'), item('goulash', '189', '1'), item('water', '40', '3')]));
    store.closePayment('p1', 'PAID');
    expect(store.getBill('b1')?.state).toBe('PAID');
    expect(paymentView(store, 'p1')?.cancellableUntil).toBe(new Date(t.clock.now() + 3 * 3600_000).toISOString());
    expect(store.refundPayment('p1').changed).toBe(true);
    expect(store.refundPayment('p1').changed).toBe(false);
    expect(store.getBill('b1')?.state).toBe('OPEN');
    expect(store.getBill('b1')?.items.every((i) => i.paidQuantity === '0')).toBe(true);
    expect(paymentView(store, 'p1')).toMatchObject({ state: 'CANCELLED', closedState: 'CANCELLED', cancellableUntil: null });
    expect(heard.filter((e) => e.kind === 'payment.refunded')).toHaveLength(1);
    expect(codeOf(() => store.refundPayment('ghost'))).toBe('PAYMENT_NOT_FOUND');
  });

  it('marks a manual payment captured once', () => {
    const { store } = t;
    store.startPayment(wirePayment('p1', [item('beer', '62.5', '1')], { captureMode: 'manual' }));
    store.closePayment('p1', 'PAID');
    expect(paymentView(store, 'p1')).toMatchObject({ captureMode: 'manual', captured: false });
    expect(store.markCaptured('p1').changed).toBe(true);
    expect(store.markCaptured('p1').changed).toBe(false);
    expect(paymentView(store, 'p1')?.captured).toBe(true);
  });

  it('a lock released as expired (what recovery does) unlocks, and a late PAID after that still counts once', () => {
    const { store } = t;
    seedBill(store, 'b2', 't2');
    store.startPayment(wirePayment('p1', [item('beer', '62.5', '1')]));
    store.startPayment(wirePayment('p2', [item('goulash', '189', '1')], { idBill: 'b2' }));
    expect(store.closePayment('p1', LOCK_EXPIRED).changed).toBe(true);
    expect(store.getPayment('p1')).toMatchObject({ state: 'CANCELLED', closedState: LOCK_EXPIRED });
    expect(store.getBill('b1')?.items[0]?.lockedQuantity).toBe('0');
    expect(store.closePayment('p1', 'PAID').changed).toBe(true);
    expect(store.closePayment('p1', 'PAID').changed).toBe(false);
    expect(store.getBill('b1')?.items[0]).toMatchObject({ paidQuantity: '1', lockedQuantity: '0' });
    expect(store.pendingPayments().map((p) => p.id)).toEqual(['p2']);
  });

  it('lists payments since a time and the pending ones', () => {
    const { store, clock } = t;
    store.startPayment(wirePayment('p1', [item('beer', '62.5', '1')]));
    store.closePayment('p1', 'PAID');
    clock.advance(1000);
    const mark = clock.now();
    store.startPayment(wirePayment('p2', [item('beer', '62.5', '1')]));
    expect(store.read.payments.listSince(new Date(0).toISOString()).map((p) => p.id)).toEqual(['p1', 'p2']);
    expect(store.read.payments.listSince(new Date(mark).toISOString()).map((p) => p.id)).toEqual(['p2']);
    expect(store.pendingPayments().map((p) => p.id)).toEqual(['p2']);
    expect(paymentViews(store, { since: mark })[0]).toMatchObject({ id: 'p2', tableId: 't1', tableName: 'Table t1', billName: 'Window', amount: '62.50' });
  });

  it('keeps webhook delivery outcomes: the first one stays', () => {
    const { store } = t;
    expect(store.getDelivery('d1')).toBeNull();
    expect(store.recordDelivery('d1', { result: null })).toBe(true);
    expect(store.recordDelivery('d1', { error: { code: 'X', message: 'y' } })).toBe(false);
    expect(store.getDelivery('d1')?.outcome).toEqual({ result: null });
  });
});
