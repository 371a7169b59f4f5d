import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/base/log.js';
import { createMethodDispatcher, type MethodDispatcher } from '../../main/adapters/connection/methods-index.js';
import { toWireBill } from '../../main/features/bills/wire-bill.js';
import type { PutBillInput } from '../../main/store/index.js';
import { tempStore, wirePayment } from '../store/helpers.js';
import { result } from './helpers.js';

/** A small seeded generator (mulberry32): the same bills on every run. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]! };
}

const NAMES = [
  'Beer',
  'Svíčková na smetaně',
  'Say "cheese"',
  'back\\slash',
  'tab\tand\nnewline',
  'ctrl\u0001\u001f',
  '🍺 pivo',
  'line\u2028sep',
  '</script>',
  "it's",
];
const QUANTITIES = ['1', '2', '3', '10', '1.5', '2.25', '0.5', '0'];
const MINIMUMS = [undefined, undefined, undefined, '1', '0.5', '2'];
const PRICES = ['62.50', '189', '0', '12.345', '40'];
const TAGS = [undefined, [], ['vegan'], ['a"b\\c', 'ž']];
const EXTRA = [undefined, null, { note: 'x"y', n: [1, 2.5, true, null] }, 'plain', 42];

describe('getTableContents written by SQLite (store/bill-json.ts)', () => {
  let t: ReturnType<typeof tempStore>;
  let methods: MethodDispatcher;
  beforeEach(() => {
    t = tempStore();
    methods = createMethodDispatcher({ store: t.store, log: silentLogger(), clock: t.clock });
  });
  afterEach(() => t.cleanup());

  it('answers every bill as wire-bill.ts maps it: untouched, wholly paid or locked lines, part-paid lines, odd text', async () => {
    const r = random(20261123);
    const bills: PutBillInput[] = [];
    for (let table = 0; table < 60; table++) {
      t.store.upsertTable({ id: `t${table}`, name: `Table ${table}` });
      for (let k = 0; k < 1 + Math.floor(r.next() * 3); k++) {
        const items = Array.from({ length: Math.floor(r.next() * 7) }, (_, i) => ({
          id: `i${i}${r.pick(['', '"q"', 'ř'])}`,
          name: r.pick(NAMES),
          price: r.pick(PRICES),
          quantity: r.pick(QUANTITIES),
          ...(r.next() < 0.5 ? {} : { minQuantity: r.pick(MINIMUMS) }),
          ...(r.next() < 0.5 ? {} : { tags: r.pick(TAGS) }),
        }));
        const bill: PutBillInput = {
          id: `b${table}-${k}`,
          tableId: `t${table}`,
          name: r.next() < 0.3 ? null : r.pick(NAMES),
          currency: r.pick(['CZK', 'EUR']),
          items: items.map((i) => Object.fromEntries(Object.entries(i).filter(([, v]) => v !== undefined)) as PutBillInput['items'][number]),
          allowTip: r.next() < 0.5,
          allowPartialPayment: r.next() < 0.5,
          denyDiscounts: r.next() < 0.5,
        };
        const extra = r.pick(EXTRA);
        if (extra !== undefined) bill.additionalData = extra;
        t.store.putBill(bill);
        bills.push(bill);
      }
    }
    // Payments: a whole line paid, a whole line locked (started), part of a line paid, one cancelled.
    let n = 0;
    const paidLine = new Map<string, { kind: string; line: string }>();
    for (const bill of bills) {
      const stored = t.store.getBill(bill.id)!;
      const line = stored.items.find((i) => i.quantity !== '0');
      // A bill that must be paid whole takes no payment of one line (payment-rules.ts).
      if (!line || !bill.allowPartialPayment || r.next() < 0.2) continue;
      const kind = r.pick(['paid whole', 'locked whole', 'paid part', 'cancelled']);
      if (kind === 'paid part' && !(Number(line.quantity) > Number(line.minQuantity))) continue;
      const quantity = kind === 'paid part' ? line.minQuantity : line.quantity;
      const id = `p${n++}`;
      paidLine.set(bill.id, { kind, line: line.id });
      t.store.startPayment(wirePayment(id, [{ id: line.id, price: line.price, quantity }], { idBill: bill.id, currency: bill.currency }));
      if (kind === 'locked whole') continue;
      t.store.processPayment(id);
      t.store.closePayment(id, kind === 'cancelled' ? 'CANCELED' : 'PAID');
    }

    let written = 0;
    let mapped = 0;
    const leftOutBy = new Set<string>();
    for (let table = 0; table < 60; table++) {
      const expected = t.store.read.bills.openBillsWithItems(`t${table}`).map((b) => JSON.parse(JSON.stringify(toWireBill(b))) as unknown);
      const rows = t.store.read.bills.openBillsJson(`t${table}`);
      for (const row of rows) {
        if (row.json === null) {
          mapped++;
          continue;
        }
        written++;
        const paid = paidLine.get(row.id);
        const shown = (JSON.parse(row.json) as { items: { id: string }[] }).items;
        if (paid && !shown.some((i) => i.id === paid.line)) leftOutBy.add(paid.kind);
      }
      // Through the dispatcher, as the service gets it: the table, then each bill (the answer cache).
      expect(result(await methods.handle('getTableContents', [`t${table}`, null]))).toEqual(expected);
      for (const bill of expected as { id: string }[]) expect(result(await methods.handle('getBill', [bill.id]))).toEqual(bill);
    }
    // Both paths ran, and SQL itself left out a wholly paid line and a wholly locked one (only those two).
    expect(written).toBeGreaterThan(40);
    expect(mapped).toBeGreaterThan(5);
    expect([...leftOutBy].sort()).toEqual(['locked whole', 'paid whole']);
  });

  it('leaves a line it cannot read as a plain decimal to wire-bill.ts (rows written around the store)', async () => {
    t.store.upsertTable({ id: 't1', name: 'One' });
    const odd = ['2.', '02', '1e3', '1.5.1', '+1', ' 1'];
    for (let k = 0; k < odd.length; k++)
      t.store.putBill({ id: `b${k}`, tableId: 't1', currency: 'CZK', items: [{ id: 'a', name: 'A', price: '1', quantity: '1' }] });
    const db = new BetterSqlite3(t.file);
    try {
      const set = db.prepare("UPDATE bill_items SET quantity = ? WHERE billId = ? AND id = 'a'");
      for (const [k, quantity] of odd.entries()) set.run(quantity, `b${k}`);
    } finally {
      db.close();
    }
    expect(t.store.read.bills.openBillsJson('t1')).toEqual(odd.map((_, k) => ({ id: `b${k}`, json: null })));
  });

  it('answers INTERNAL_ERROR, not broken JSON, for tags or additionalData damaged on disk', async () => {
    t.store.upsertTable({ id: 't1', name: 'One' });
    t.store.upsertTable({ id: 't2', name: 'Two' });
    t.store.putBill({ id: 'b1', tableId: 't1', currency: 'CZK', items: [{ id: 'a', name: 'A', price: '1', quantity: '1', tags: ['x'] }] });
    t.store.putBill({ id: 'b2', tableId: 't2', currency: 'CZK', additionalData: { k: 1 }, items: [{ id: 'a', name: 'A', price: '1', quantity: '1' }] });
    const db = new BetterSqlite3(t.file);
    try {
      db.prepare(`UPDATE bill_items SET tags = '["x"' WHERE billId = 'b1'`).run();
      db.prepare(`UPDATE bills SET additionalData = '{"k":' WHERE id = 'b2'`).run();
    } finally {
      db.close();
    }
    for (const table of ['t1', 't2']) {
      const outcome = await methods.handle('getTableContents', [table, null]);
      expect('error' in outcome && outcome.error.code).toBe('INTERNAL_ERROR');
    }
  });

  it('keeps the lines in their position order and writes an empty bill as []', async () => {
    t.store.upsertTable({ id: 't1', name: 'One' });
    t.store.putBill({ id: 'b1', tableId: 't1', currency: 'CZK', items: ['z', 'a', 'm'].map((id) => ({ id, name: id, price: '1', quantity: '1' })) });
    t.store.putBill({ id: 'b2', tableId: 't1', currency: 'CZK', items: [] });
    const rows = t.store.read.bills.openBillsJson('t1');
    expect(rows.map((row) => row.json === null)).toEqual([false, false]);
    const answer = result(await methods.handle('getTableContents', ['t1', null])) as { id: string; items: { id: string }[] }[];
    expect(answer.map((b) => [b.id, b.items.map((i) => i.id)])).toEqual([
      ['b1', ['z', 'a', 'm']],
      ['b2', []],
    ]);
  });
});
