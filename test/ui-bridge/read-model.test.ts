import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedBill, tempStore, wirePayment } from '../store/helpers.js';
import { billView, billViews, paymentView, tableView, tableViews } from '../../main/features/bills/views.js';

describe('views in the contract shapes', () => {
  let t: ReturnType<typeof tempStore>;
  beforeEach(() => {
    t = tempStore();
  });
  afterEach(() => t.cleanup());

  it('shows each table state: free, open, in-payment, partly-paid, paid', () => {
    const { store } = t;
    store.upsertTable({ id: 'free', name: 'Free' });
    seedBill(store, 'b-open', 'open');
    seedBill(store, 'b-lock', 'lock');
    seedBill(store, 'b-part', 'part');
    seedBill(store, 'b-paid', 'paid');
    store.startPayment(wirePayment('p1', [{ id: 'beer', price: '62.5', quantity: '1' }], { idBill: 'b-lock' }));
    store.startPayment(wirePayment('p2', [{ id: 'beer', price: '62.5', quantity: '1' }], { idBill: 'b-part' }));
    store.closePayment('p2', 'PAID');
    const all = [
      { id: 'beer', price: '62.5', quantity: '2' },
      { id: 'goulash', price: '189', quantity: '1' },
      { id: 'water', price: '40', quantity: '3' },
    ];
    store.startPayment(wirePayment('p3', all, { idBill: 'b-paid' }));
    store.closePayment('p3', 'PAID');
    const views = Object.fromEntries(tableViews(store).map((v) => [v.id, v]));
    expect(views.free).toEqual({
      id: 'free',
      name: 'Free',
      area: null,
      state: 'free',
      due: '0',
      currency: null,
      openBillIds: [],
      order: 1,
      position: null,
      lastPaid: null,
      lockedSince: null,
      awaitingCapture: false,
    });
    expect(views.open).toMatchObject({ state: 'open', due: '434.00', currency: 'CZK', openBillIds: ['b-open'], area: 'Garden' });
    expect(views.lock).toMatchObject({ state: 'in-payment', due: '434.00' });
    expect(views.part).toMatchObject({ state: 'partly-paid', due: '371.50' });
    expect(views.paid).toMatchObject({ state: 'paid', due: '0.00', openBillIds: ['b-paid'] });
    expect(tableView(store, 'part')).toEqual(views.part);
    expect(tableView(store, 'nope')).toBeNull();
    store.closeBill('b-paid');
    expect(tableView(store, 'paid')?.state).toBe('free');
  });

  it('formats money with 2 places and quantities as canonical decimals', () => {
    const { store } = t;
    store.upsertTable({ id: 't1', name: 'One' });
    store.putBill({
      id: 'b1',
      tableId: 't1',
      currency: 'EUR',
      items: [{ id: 'cheese', name: 'Cheese', price: '12.345', quantity: '0.250', minQuantity: '0.1' }],
    });
    expect(billView(store, 'b1')?.items[0]).toEqual({
      id: 'cheese',
      name: 'Cheese',
      price: '12.35',
      quantity: '0.25',
      minQuantity: '0.1',
      paidQuantity: '0',
      lockedQuantity: '0',
      lineTotal: '3.09',
      tags: [],
    });
    expect(billView(store, 'missing')).toBeNull();
  });

  it('shows a payment with its table, bill, items and the end of its cancellation window only while PAID', () => {
    const { store, clock } = t;
    seedBill(store);
    store.startPayment(wirePayment('p1', [{ id: 'water', price: '40', quantity: '2' }], { tipBrutto: '7.5', timestamp: '2026-11-21T11:00:00+01:00' }));
    expect(paymentView(store, 'p1')).toMatchObject({ state: 'STARTED', cancellableUntil: null, closedAt: null, created: '2026-11-21T10:00:00.000Z' });
    clock.advance(1000);
    store.closePayment('p1', 'PAID');
    expect(paymentView(store, 'p1')).toEqual({
      id: 'p1',
      billId: 'b1',
      tableId: 't1',
      tableName: 'Table t1',
      billName: 'Window',
      currency: 'CZK',
      amount: '80.00',
      tip: '7.50',
      provider: 'Card',
      state: 'PAID',
      closedState: null,
      ending: null,
      captureMode: 'auto',
      captured: false,
      created: '2026-11-21T10:00:00.000Z',
      closedAt: new Date(clock.now()).toISOString(),
      cancellableUntil: '2026-11-21T13:00:00.000Z',
      items: [{ id: 'water', name: 'Water', price: '40.00', quantity: '2' }],
    });
    expect(paymentView(store, 'nope')).toBeNull();
  });

  it('pages bills in id order after a cursor, per filter, stable when a bill closes between pages', () => {
    const { store, clock } = t;
    for (const [bill, table] of [
      ['b3', 't1'],
      ['b1', 't1'],
      ['b5', 't2'],
      ['b2', 't2'],
      ['b4', 't1'],
    ] as const) {
      seedBill(store, bill, table);
      clock.advance(1000);
    }
    const ids = (page: { id: string }[]) => page.map((b) => b.id);
    expect(ids(billViews(store, { limit: 2 }))).toEqual(['b1', 'b2']);
    expect(ids(billViews(store, { after: 'b2', limit: 2 }))).toEqual(['b3', 'b4']);
    store.closeBill('b3');
    expect(ids(billViews(store, { state: 'OPEN', after: 'b2', limit: 2 }))).toEqual(['b4', 'b5']);
    expect(ids(billViews(store, { tableId: 't1', after: 'b1' }))).toEqual(['b3', 'b4']);
    expect(ids(billViews(store, { tableId: 't1', state: 'OPEN', limit: 5 }))).toEqual(['b1', 'b4']);
    expect(billViews(store, { after: 'b5', limit: 2 })).toEqual([]);
    // A page carries the same views as one bill's view; unpaged lists stay oldest first.
    expect(billViews(store, { after: 'b3', limit: 1 })).toEqual([billView(store, 'b4')]);
    expect(ids(billViews(store, { state: 'OPEN' }))).toEqual(['b1', 'b5', 'b2', 'b4']);
  });

  it("a bill's view lists its payments oldest first and sums the tips of the paid ones only", () => {
    const { store } = t;
    seedBill(store, 'b1', 't1');
    const beer = [{ id: 'beer', price: '62.50', quantity: '1' }];
    store.startPayment(wirePayment('p-paid', beer, { tipBrutto: '15' }));
    store.closePayment('p-paid', 'PAID');
    t.clock.advance(1000);
    store.startPayment(wirePayment('p-declined', beer, { tipBrutto: '40' }));
    store.closePayment('p-declined', 'DENIED');
    t.clock.advance(1000);
    store.startPayment(wirePayment('p-open', beer, { tipBrutto: '7' }));
    const view = billView(store, 'b1');
    expect(view?.paymentIds).toEqual(['p-paid', 'p-declined', 'p-open']);
    expect(view?.totals.tips).toBe('15.00');
  });
});
