import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoreEvent } from '../../main/store/index.js';
import { StoreError } from '../../main/store/index.js';
import { lastSeq, seedBill, tempStore, wirePayment } from './helpers.js';
import { billView } from '../../main/features/bills/views.js';

function storeError(fn: () => unknown): StoreError {
  try {
    fn();
  } catch (e) {
    if (e instanceof StoreError) return e;
    throw e;
  }
  throw new Error('expected a StoreError');
}

describe('tables and bills', () => {
  let t: ReturnType<typeof tempStore>;
  beforeEach(() => {
    t = tempStore();
  });
  afterEach(() => t.cleanup());

  it('upserts, lists and deletes tables, refusing while a bill is open', () => {
    const { store } = t;
    store.upsertTable({ id: 't1', name: 'One', area: 'Hall' });
    store.upsertTable({ id: 't2', name: 'Two' });
    store.upsertTable({ id: 't1', name: 'One renamed', area: null });
    expect(store.listTables()).toEqual([
      { id: 't1', name: 'One renamed', area: null },
      { id: 't2', name: 'Two', area: null },
    ]);
    store.putBill({ id: 'b1', tableId: 't1', currency: 'CZK', items: [] });
    const e = storeError(() => store.deleteTable('t1'));
    expect(e.code).toBe('CONFLICT');
    expect(e.status).toBe(409);
    expect(e.params).toEqual({ reason: 'table-has-bills', tableId: 't1', open: 1 });
    store.closeBill('b1');
    store.deleteTable('t1');
    expect(store.listTables().map((x) => x.id)).toEqual(['t2']);
    expect(storeError(() => store.deleteTable('t1')).code).toBe('NOT_FOUND');
    expect(storeError(() => store.upsertTable({ id: '', name: 'x' })).field).toBe('id');
  });

  it('creates a bill with canonical decimals and defaults, and refuses an unknown table naming tableId', () => {
    const { store } = t;
    seedBill(store);
    const bill = store.getBill('b1');
    expect(bill).toMatchObject({ state: 'OPEN', allowTip: true, allowPartialPayment: true, denyDiscounts: false, additionalData: null });
    expect(bill?.items.map((i) => [i.id, i.price, i.quantity, i.minQuantity, i.position])).toEqual([
      ['beer', '62.5', '2', '1', 0],
      ['goulash', '189', '1', '1', 1],
      ['water', '40', '3', '1', 2],
    ]);
    const e = storeError(() => store.putBill({ id: 'b2', tableId: 'nope', currency: 'CZK', items: [] }));
    expect(e).toMatchObject({ code: 'INVALID', field: 'tableId' });
    expect(store.getBill('b2')).toBeNull();
  });

  it('names the field of bad item input and changes nothing', () => {
    const { store } = t;
    seedBill(store);
    const before = store.getBill('b1');
    const seq = lastSeq(store);
    const bad = [
      [{ id: 'x', name: 'X', price: '1.0.0', quantity: '1' }, 'items[0].price'],
      [{ id: 'x', name: 'X', price: '-1', quantity: '1' }, 'items[0].price'],
      [{ id: 'x', name: 'X', price: '1', quantity: 'two' }, 'items[0].quantity'],
      [{ id: '', name: 'X', price: '1', quantity: '1' }, 'items[0].id'],
    ] as const;
    for (const [item, field] of bad) {
      expect(storeError(() => store.putBill({ id: 'b1', tableId: 't1', currency: 'CZK', items: [item] })).field).toBe(field);
    }
    const dup = { id: 'a', name: 'A', price: '1', quantity: '1' };
    expect(storeError(() => store.putBill({ id: 'b1', tableId: 't1', currency: 'CZK', items: [dup, dup] })).field).toBe('items[1].id');
    expect(storeError(() => store.putBill({ id: 'b1', tableId: 't1', currency: 'czk', items: [] })).field).toBe('currency');
    expect(store.getBill('b1')).toEqual(before);
    expect(lastSeq(store)).toBe(seq);
  });

  it('replaces items while keeping paid quantities paid, and refuses to take paid or locked quantity away', () => {
    const { store } = t;
    seedBill(store);
    store.startPayment(wirePayment('p1', [{ id: 'beer', price: '62.50', quantity: '1' }]));
    store.closePayment('p1', 'PAID');
    store.startPayment(wirePayment('p2', [{ id: 'water', price: '40', quantity: '1' }]));
    const items = (over: Record<string, { quantity?: string; price?: string }> = {}, drop: string[] = []) =>
      [
        { id: 'beer', name: 'Beer', price: '62.50', quantity: '2' },
        { id: 'goulash', name: 'Goulash', price: '189', quantity: '1' },
        { id: 'water', name: 'Water', price: '40', quantity: '3' },
      ]
        .filter((i) => !drop.includes(i.id))
        .map((i) => ({ ...i, ...over[i.id] }));
    const put = (list: ReturnType<typeof items>) => store.putBill({ id: 'b1', tableId: 't1', currency: 'CZK', items: list });

    expect(storeError(() => put(items({ beer: { quantity: '0.5' } })))).toMatchObject({ code: 'CONFLICT', field: 'items[0].quantity' });
    expect(storeError(() => put(items({}, ['beer'])))).toMatchObject({ code: 'CONFLICT', field: 'items' });
    expect(storeError(() => put(items({ water: { price: '45' } })))).toMatchObject({ code: 'CONFLICT', field: 'items[2].price' });
    expect(storeError(() => put(items({}, ['water'])))).toMatchObject({ code: 'CONFLICT' });
    expect(storeError(() => store.putBill({ id: 'b1', tableId: 't1', currency: 'EUR', items: items() }))).toMatchObject({ field: 'currency' });

    // Allowed: more beer, goulash removed (never paid), water reduced to exactly the locked one.
    const bill = put([...items({ beer: { quantity: '3' }, water: { quantity: '1' } }, ['goulash']), { id: 'tea', name: 'Tea', price: '35', quantity: '1' }]);
    expect(bill.items.map((i) => [i.id, i.quantity, i.paidQuantity, i.lockedQuantity])).toEqual([
      ['beer', '3', '1', '0'],
      ['water', '1', '0', '1'],
      ['tea', '1', '0', '0'],
    ]);
  });

  it('rewrites only the lines a PUT changed, and each changed field reaches the row', () => {
    const { store } = t;
    seedBill(store);
    // A trigger in the file (through a connection of the test's own) logs every UPDATE of a line.
    const spy = new Database(t.file);
    try {
      spy.exec(`CREATE TABLE item_updates (id TEXT NOT NULL);
        CREATE TRIGGER log_item_updates AFTER UPDATE ON bill_items BEGIN INSERT INTO item_updates VALUES (NEW.id); END;`);
      const updated = () => (spy.prepare('DELETE FROM item_updates RETURNING id').all() as { id: string }[]).map((r) => r.id).sort();
      type Line = { id: string; name: string; price: string; quantity: string; minQuantity?: string; tags?: string[] };
      let lines: Line[] = [
        { id: 'beer', name: 'Beer', price: '62.50', quantity: '2' },
        { id: 'goulash', name: 'Goulash', price: '189', quantity: '1' },
        { id: 'water', name: 'Water', price: '40', quantity: '3', minQuantity: '1' },
      ];
      const put = (next: Line[]) => {
        lines = next;
        store.putBill({ id: 'b1', tableId: 't1', name: 'Window', currency: 'CZK', items: next });
        return updated();
      };
      const change = (id: string, fields: Partial<Line>) => lines.map((l) => (l.id === id ? { ...l, ...fields } : l));
      const stored = (id: string) => store.getBill('b1')!.items.find((i) => i.id === id)!;

      expect(put(lines)).toEqual([]);
      expect(put(change('goulash', { quantity: '2' }))).toEqual(['goulash']);
      expect(stored('goulash').quantity).toBe('2');
      expect(put(change('beer', { name: 'Pilsner' }))).toEqual(['beer']);
      expect(put(change('beer', { price: '65' }))).toEqual(['beer']);
      expect(put(change('water', { minQuantity: '2' }))).toEqual(['water']);
      expect(put(change('water', { tags: ['vegan'] }))).toEqual(['water']);
      expect(put(change('water', { tags: ['vegan', 'cold'] }))).toEqual(['water']);
      expect(stored('beer')).toMatchObject({ name: 'Pilsner', price: '65' });
      expect(stored('water')).toMatchObject({ minQuantity: '2', tags: ['vegan', 'cold'] });
      // The same value in another spelling is the same line (decimals are stored canonical).
      expect(put(change('beer', { price: '65.00' }))).toEqual([]);
      // Two lines swapped: both positions move; a new line is inserted, not updated.
      expect(put([lines[0]!, lines[2]!, lines[1]!, { id: 'tea', name: 'Tea', price: '35', quantity: '1' }])).toEqual(['goulash', 'water']);
      expect(store.getBill('b1')!.items.map((i) => i.id)).toEqual(['beer', 'water', 'goulash', 'tea']);
      // Paying a line changes its row through the payment, and the next PUT of the same bill leaves it alone.
      store.startPayment(wirePayment('p1', [{ id: 'tea', price: '35', quantity: '1' }]));
      store.closePayment('p1', 'PAID');
      expect(updated()).toEqual(['tea', 'tea']);
      expect(put(lines.map((l) => l))).toEqual([]);
      expect(stored('tea')).toMatchObject({ quantity: '1', paidQuantity: '1', lockedQuantity: '0' });
    } finally {
      spy.close();
    }
  });

  it('closes a bill only when no payment is running, and a closed bill takes no more changes', () => {
    const { store } = t;
    seedBill(store);
    store.startPayment(wirePayment('p1', [{ id: 'goulash', price: '189', quantity: '1' }]));
    expect(storeError(() => store.closeBill('b1')).code).toBe('CONFLICT');
    store.closePayment('p1', 'CANCELLED');
    expect(store.closeBill('b1').state).toBe('CLOSED');
    expect(store.closeBill('b1').state).toBe('CLOSED');
    expect(storeError(() => store.putBill({ id: 'b1', tableId: 't1', currency: 'CZK', items: [] })).code).toBe('BILL_CLOSED');
    expect(storeError(() => store.addItem('b1', { name: 'x', price: '1', quantity: '1' })).code).toBe('BILL_CLOSED');
    expect(storeError(() => store.closeBill('zzz')).code).toBe('BILL_NOT_FOUND');
  });

  it('supports the cashier operations: open, add, set quantity, remove', () => {
    const { store } = t;
    store.upsertTable({ id: 't9', name: 'Nine' });
    const opened = store.openBill({ tableId: 't9', currency: 'EUR', name: 'Bar' });
    expect(opened).toMatchObject({ tableId: 't9', currency: 'EUR', name: 'Bar', state: 'OPEN', items: [] });
    const withBeer = store.addItem(opened.id, { name: 'Beer', price: '3.20', quantity: '2', menuId: 'm-beer' });
    const beer = withBeer.items[0]!;
    expect(beer).toMatchObject({ name: 'Beer', price: '3.2', quantity: '2', tags: ['menu:m-beer'] });
    store.addItem(opened.id, { name: 'Soup', price: '4', quantity: '1' });
    expect(store.setItemQuantity(opened.id, beer.id, '5').items[0]?.quantity).toBe('5');
    expect(storeError(() => store.setItemQuantity(opened.id, beer.id, '-1')).field).toBe('quantity');
    expect(storeError(() => store.addItem(opened.id, { name: 'x', price: '1', quantity: '0' })).field).toBe('quantity');
    const after = store.removeItem(opened.id, beer.id);
    expect(after.items.map((i) => i.name)).toEqual(['Soup']);
    expect(storeError(() => store.removeItem(opened.id, beer.id)).code).toBe('NOT_FOUND');
    expect(storeError(() => store.openBill({ tableId: 'none', currency: 'EUR' })).field).toBe('tableId');
    expect(billView(store, opened.id)?.totals).toEqual({ total: '4.00', paid: '0.00', due: '4.00', tips: '0.00' });
  });

  it('refuses to remove or reduce a locked item from the cashier side', () => {
    const { store } = t;
    seedBill(store);
    store.startPayment(wirePayment('p1', [{ id: 'water', price: '40', quantity: '2' }]));
    expect(storeError(() => store.removeItem('b1', 'water')).code).toBe('CONFLICT');
    expect(storeError(() => store.setItemQuantity('b1', 'water', '1')).code).toBe('CONFLICT');
    expect(store.setItemQuantity('b1', 'water', '2').items.find((i) => i.id === 'water')?.quantity).toBe('2');
  });

  it('appends one event per change, after the commit, and never for a refused change', () => {
    const { store } = t;
    const heard: StoreEvent[] = [];
    const off = store.onEvent((events) => heard.push(...events));
    seedBill(store);
    expect(() => store.deleteTable('t1')).toThrow();
    expect(heard.map((e) => e.kind)).toEqual(['table.upserted', 'bill.updated']);
    expect(heard[1]).toMatchObject({ tableId: 't1', billId: 'b1', data: { created: true } });
    expect(store.eventsAfter(0).map((e) => e.seq)).toEqual(heard.map((e) => e.seq));
    expect(store.eventsAfter(heard[0]!.seq).map((e) => e.kind)).toEqual(['bill.updated']);
    off();
    store.upsertTable({ id: 't2', name: 'Two' });
    expect(heard).toHaveLength(2);
    expect(lastSeq(store)).toBe(3);
  });

  it('tells listeners only after the commit, so they read the new state; a failing listener breaks nothing', () => {
    const { store } = t;
    const seen: (string | undefined)[] = [];
    store.onEvent(() => {
      throw new Error('listener bug');
    });
    store.onEvent((events) => {
      if (events.some((e) => e.kind === 'bill.updated')) seen.push(store.getBill('b1')?.items[0]?.quantity);
    });
    seedBill(store);
    store.setItemQuantity('b1', 'beer', '5');
    expect(seen).toEqual(['2', '5']);
    expect(store.getBill('b1')?.items[0]?.quantity).toBe('5');
  });

  it('lists bills by table and state', () => {
    const { store } = t;
    seedBill(store, 'b1', 't1');
    seedBill(store, 'b2', 't2');
    store.closeBill('b2');
    expect(store.read.bills.list().map((b) => b.id)).toEqual(['b1', 'b2']);
    expect(store.read.bills.list({ tableId: 't2' }).map((b) => b.id)).toEqual(['b2']);
    expect(store.read.bills.list({ state: 'OPEN' }).map((b) => b.id)).toEqual(['b1']);
    expect(store.read.bills.list({ tableId: 't2', state: 'OPEN' })).toEqual([]);
  });
});
