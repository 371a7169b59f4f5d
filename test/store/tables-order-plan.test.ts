import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../main/base/clock.js';
import { isStoreError, type StoreEvent, type PaymentsStore } from '../../main/store/index.js';
import { openTestStore } from './test-store.js';
import { billView, tableView, tableViews } from '../../main/features/bills/views.js';
import { seedBill, tempStore, wirePayment } from './helpers.js';

// The order tables came in, their floor-plan place, what their payments say,
// and the autoCloseBills rule, on real SQLite files.

const ALL_ITEMS = [
  { id: 'beer', price: '62.50', quantity: '2' },
  { id: 'goulash', price: '189', quantity: '1' },
  { id: 'water', price: '40', quantity: '3' },
];

function storeWith(autoCloseBills: boolean | undefined) {
  const dir = mkdtempSync(join(tmpdir(), 'tableside-autoclose-'));
  const clock = new ManualClock(Date.parse('2026-11-20T18:00:00Z'));
  const store = openTestStore({ file: join(dir, 'bills.sqlite'), clock, ...(autoCloseBills === undefined ? {} : { autoCloseBills: () => autoCloseBills }) });
  return { store, clock, cleanup: () => (store.close(), rmSync(dir, { recursive: true, force: true })) };
}

function payEverything(store: PaymentsStore, id = 'p1'): void {
  store.startPayment(wirePayment(id, ALL_ITEMS));
  store.processPayment(id);
  store.closePayment(id, 'PAID');
}

describe('tables: the POS order and the floor plan', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('keeps the order tables were first given (not A to Z), also when a table is given again', () => {
    const t = tempStore();
    cleanup = t.cleanup;
    for (const [id, area] of [
      ['z9', 'Zahrada'],
      ['a1', 'Atrium'],
      ['z1', 'Zahrada'],
      ['bar', null],
    ] as const) {
      t.store.upsertTable({ id, name: id, area });
    }
    t.store.upsertTable({ id: 'z9', name: 'Renamed', area: 'Zahrada' });
    const views = tableViews(t.store);
    expect(views.map((v) => v.id)).toEqual(['z9', 'a1', 'z1', 'bar']);
    expect(views.map((v) => v.order)).toEqual([1, 2, 3, 4]);
    expect(views[0]).toMatchObject({ name: 'Renamed', position: null, lastPaid: null, lockedSince: null, awaitingCapture: false });
  });

  it('stores a floor-plan place (fractions 0..1), moves it, takes it off, and says so in an event', () => {
    const t = tempStore();
    cleanup = t.cleanup;
    const heard: StoreEvent[] = [];
    t.store.onEvent((events) => heard.push(...events));
    t.store.upsertTable({ id: 't1', name: '1', area: null });
    t.store.setTablePlan('t1', { x: 0.25, y: 0.75 });
    expect(tableView(t.store, 't1')?.position).toEqual({ x: 0.25, y: 0.75 });
    expect(heard.at(-1)).toMatchObject({ kind: 'table.upserted', tableId: 't1', data: { plan: { x: 0.25, y: 0.75 } } });
    // Given again without a place: the place stays; with one: it moves; null: off the plan.
    t.store.upsertTable({ id: 't1', name: '1', area: 'Hall' });
    expect(tableView(t.store, 't1')?.position).toEqual({ x: 0.25, y: 0.75 });
    t.store.upsertTable({ id: 't1', name: '1', area: 'Hall', plan: { x: 1, y: 0 } });
    expect(tableView(t.store, 't1')?.position).toEqual({ x: 1, y: 0 });
    t.store.setTablePlan('t1', null);
    expect(tableView(t.store, 't1')?.position).toBeNull();
  });

  it('refuses a place outside the plan or for an unknown table, and changes nothing', () => {
    const t = tempStore();
    cleanup = t.cleanup;
    t.store.upsertTable({ id: 't1', name: '1', area: null });
    t.store.setTablePlan('t1', { x: 0.5, y: 0.5 });
    const refusal = (fn: () => void) => {
      try {
        fn();
      } catch (e) {
        return isStoreError(e) ? { code: e.code, field: e.field } : e;
      }
      return null;
    };
    expect(refusal(() => t.store.setTablePlan('t1', { x: 1.5, y: 0.5 }))).toEqual({ code: 'INVALID', field: 'position.x' });
    expect(refusal(() => t.store.setTablePlan('t1', { x: 0.5, y: Number.NaN }))).toEqual({ code: 'INVALID', field: 'position.y' });
    expect(refusal(() => t.store.upsertTable({ id: 't1', name: 'X', area: null, plan: { x: -0.1, y: 0 } }))).toEqual({ code: 'INVALID', field: 'position.x' });
    expect(refusal(() => t.store.setTablePlan('nope', { x: 0.5, y: 0.5 }))).toEqual({ code: 'NOT_FOUND', field: 'tableId' });
    expect(tableView(t.store, 't1')).toMatchObject({ name: '1', position: { x: 0.5, y: 0.5 } });
  });
});

describe('tables: what their payments say (the card)', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('lockedSince while a payment holds items, then lastPaid with the amount and when', () => {
    const s = storeWith(false);
    cleanup = s.cleanup;
    seedBill(s.store);
    s.store.startPayment(wirePayment('p1', [{ id: 'beer', price: '62.50', quantity: '2' }]));
    const started = new Date(s.clock.now()).toISOString();
    expect(tableView(s.store, 't1')).toMatchObject({ state: 'in-payment', lockedSince: started, lastPaid: null });
    s.clock.advance(90_000);
    s.store.processPayment('p1');
    s.store.closePayment('p1', 'PAID');
    const paidAt = new Date(s.clock.now()).toISOString();
    const view = tableView(s.store, 't1');
    expect(view).toMatchObject({ state: 'partly-paid', lockedSince: null, lastPaid: { amount: '125.00', currency: 'CZK', at: paidAt } });
    // The whole grid reads the same facts in its two queries.
    expect(tableViews(s.store).find((v) => v.id === 't1')).toEqual(view);
  });

  it('awaitingCapture for an authorised manual-capture payment, until it is captured', () => {
    const s = storeWith(false);
    cleanup = s.cleanup;
    seedBill(s.store);
    s.store.startPayment(wirePayment('p1', [{ id: 'beer', price: '62.50', quantity: '1' }], { captureMode: 'manual' }));
    expect(tableView(s.store, 't1')?.awaitingCapture).toBe(false);
    // Authorised: paymentProcessed and no paymentClosed yet (the sandbox's manual capture, docs/PROTOCOL.md).
    s.store.processPayment('p1');
    expect(tableView(s.store, 't1')?.awaitingCapture).toBe(true);
    expect(tableViews(s.store)[0]?.awaitingCapture).toBe(true);
    s.store.markCaptured('p1');
    expect(tableView(s.store, 't1')?.awaitingCapture).toBe(false);
    s.store.closePayment('p1', 'PAID');
    expect(tableView(s.store, 't1')?.awaitingCapture).toBe(false);
  });
});

describe('autoCloseBills', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('on: the payment that pays the last item closes the bill and the table is free again', () => {
    const s = storeWith(true);
    cleanup = s.cleanup;
    seedBill(s.store);
    const heard: StoreEvent[] = [];
    s.store.onEvent((events) => heard.push(...events));
    s.store.startPayment(wirePayment('p0', [{ id: 'beer', price: '62.50', quantity: '1' }]));
    s.store.processPayment('p0');
    s.store.closePayment('p0', 'PAID');
    expect(billView(s.store, 'b1')?.state).toBe('OPEN'); // partly paid: stays open
    s.clock.advance(60_000);
    s.store.startPayment(wirePayment('p1', [{ id: 'beer', price: '62.50', quantity: '1' }, ...ALL_ITEMS.slice(1)]));
    s.store.processPayment('p1');
    s.store.closePayment('p1', 'PAID');
    expect(billView(s.store, 'b1')?.state).toBe('CLOSED');
    expect(tableView(s.store, 't1')).toMatchObject({ state: 'free', openBillIds: [], due: '0', lastPaid: { amount: '371.50' } });
    expect(heard.map((e) => e.kind).slice(-3)).toEqual(['payment.paid', 'bill.paid', 'bill.closed']);
    expect(heard.at(-1)).toMatchObject({ billId: 'b1', data: { previousState: 'PAID', auto: true } });
  });

  it('off (and when the store is given no setting): a fully paid bill stays PAID until the cashier closes it', () => {
    for (const setting of [false, undefined]) {
      const s = storeWith(setting);
      seedBill(s.store);
      payEverything(s.store);
      expect(billView(s.store, 'b1')?.state).toBe('PAID');
      expect(tableView(s.store, 't1')).toMatchObject({ state: 'paid', lastPaid: { amount: '434.00', currency: 'CZK' } });
      s.cleanup();
    }
  });

  it('is read at each payment, so a change of the setting applies to the next one', () => {
    let on = false;
    const dir = mkdtempSync(join(tmpdir(), 'tableside-autoclose-'));
    const store = openTestStore({ file: join(dir, 'bills.sqlite'), clock: new ManualClock(), autoCloseBills: () => on });
    cleanup = () => (store.close(), rmSync(dir, { recursive: true, force: true }));
    seedBill(store, 'b1', 't1');
    payEverything(store, 'p1');
    expect(billView(store, 'b1')?.state).toBe('PAID');
    on = true;
    seedBill(store, 'b2', 't2');
    store.startPayment(wirePayment('p2', ALL_ITEMS, { idBill: 'b2' }));
    store.processPayment('p2');
    store.closePayment('p2', 'PAID');
    expect(billView(store, 'b2')?.state).toBe('CLOSED');
  });

  it('a refund reopens a bill that closed itself (its items are due again), never one the cashier closed', () => {
    const s = storeWith(true);
    cleanup = s.cleanup;
    seedBill(s.store);
    payEverything(s.store, 'p1');
    expect(billView(s.store, 'b1')?.state).toBe('CLOSED');
    s.store.refundPayment('p1');
    expect(billView(s.store, 'b1')).toMatchObject({ state: 'OPEN', totals: { due: '434.00' } });
    expect(tableView(s.store, 't1')).toMatchObject({ state: 'open', openBillIds: ['b1'] });

    seedBill(s.store, 'b2', 't2');
    s.store.startPayment(wirePayment('p2', [{ id: 'beer', price: '62.50', quantity: '1' }], { idBill: 'b2' }));
    s.store.processPayment('p2');
    s.store.closePayment('p2', 'PAID');
    s.store.closeBill('b2');
    s.store.refundPayment('p2');
    expect(billView(s.store, 'b2')?.state).toBe('CLOSED');
  });
});
