import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../main/base/clock.js';
import { ACTIVE_BILLS_OF_TABLE_SQL } from '../../main/store/repos/bills-repo.js';
import { openTestStore } from './test-store.js';
import { FEW_BILLS, RECENT_PAID_PAYMENTS, RECENT_PAID_SQL, TABLE_HOLDS_SQL } from '../../main/store/repos/tables-repo.js';
import { tableView, tableViews } from '../../main/features/bills/views.js';
import { tempDir, wirePayment } from './helpers.js';
import type { PaymentsStore } from '../../main/store/index.js';

// The table card (what the cashier's screen redraws after every payment at a table) and the Tables
// grid read a bounded part of the store however long its history: the card's last paid payment is
// looked for among the latest RECENT_PAID_PAYMENTS paid ones, and only a table not paid that
// recently falls back to its own bills' history. Both must give the table's latest paid payment.

const planOf = (db: BetterSqlite3.Database, sql: string, params: unknown[]) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail);

function pay(store: PaymentsStore, clock: ManualClock, id: string, billId: string, item: string, price: string): string {
  store.startPayment(wirePayment(id, [{ id: item, price, quantity: '1' }], { idBill: billId }));
  store.processPayment(id);
  store.closePayment(id, 'PAID');
  const at = new Date(clock.now()).toISOString();
  clock.advance(1000);
  return at;
}

describe('the table card and the Tables grid over a long history', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it(`a table paid before the latest ${RECENT_PAID_PAYMENTS} paid payments still shows its last one; a refund gives back the one before`, () => {
    const tmp = tempDir();
    const clock = new ManualClock(Date.parse('2026-11-20T18:00:00Z'));
    const store = openTestStore({ file: join(tmp.dir, 'bills.sqlite'), clock });
    cleanup = () => (store.close(), tmp.cleanup());
    // quiet and regular have had more than FEW_BILLS bills (their history is long); bar has one, never one too.
    for (const [id, bills] of [
      ['quiet', FEW_BILLS + 1],
      ['regular', FEW_BILLS + 1],
      ['bar', 1],
      ['never', 1],
    ] as const) {
      store.upsertTable({ id, name: id });
      for (let n = 0; n < bills; n++) {
        store.putBill({
          id: `${id}-${n}`,
          tableId: id,
          currency: 'CZK',
          items: [{ id: 'tea', name: 'Tea', price: '45', quantity: String(RECENT_PAID_PAYMENTS + 1) }],
        });
      }
    }
    pay(store, clock, 'q1', 'quiet-0', 'tea', '45');
    const quietLast = pay(store, clock, 'q2', 'quiet-3', 'tea', '45');
    // Then the bar, RECENT_PAID_PAYMENTS + 1 times: the quiet table's payments fall out of the recent walk.
    const barAt: string[] = [];
    store.group(() => {
      for (let i = 0; i <= RECENT_PAID_PAYMENTS; i++) barAt.push(pay(store, clock, `b${i}`, 'bar-0', 'tea', '45'));
    });
    pay(store, clock, 'r0', 'regular-2', 'tea', '45');
    const regularLast = pay(store, clock, 'r1', 'regular-7', 'tea', '45');

    // quiet: from its own history; regular: met by the recent walk; bar: its one bill; never: none.
    expect(tableView(store, 'quiet')?.lastPaid).toEqual({ amount: '45.00', currency: 'CZK', at: quietLast });
    expect(tableView(store, 'regular')?.lastPaid?.at).toBe(regularLast);
    expect(tableView(store, 'bar')?.lastPaid?.at).toBe(barAt.at(-1));
    expect(tableView(store, 'never')?.lastPaid).toBeNull();
    const grid = tableViews(store);
    for (const id of ['quiet', 'regular', 'bar', 'never']) expect(grid.find((t) => t.id === id)).toEqual(tableView(store, id));

    // The latest payment refunded: the one before it is the last paid (at the bar, and at the quiet table from its own history).
    store.refundPayment(`b${RECENT_PAID_PAYMENTS}`);
    expect(tableView(store, 'bar')?.lastPaid?.at).toBe(barAt.at(-2));
    store.refundPayment('q2');
    const quietBefore = new Date(Date.parse(quietLast) - 1000).toISOString();
    expect(tableView(store, 'quiet')?.lastPaid?.at).toBe(quietBefore);
    expect(tableViews(store).find((t) => t.id === 'quiet')?.lastPaid?.at).toBe(quietBefore);
  });

  it('the Tables grid of a store read for the first time finds the same last payments as the cards', () => {
    const tmp = tempDir();
    const clock = new ManualClock(Date.parse('2026-11-20T18:00:00Z'));
    const file = join(tmp.dir, 'bills.sqlite');
    let store = openTestStore({ file, clock });
    cleanup = () => (store.close(), tmp.cleanup());
    for (const [id, bills] of [
      ['quiet', FEW_BILLS + 1],
      ['regular', FEW_BILLS + 1],
      ['bar', 1],
    ] as const) {
      store.upsertTable({ id, name: id });
      for (let n = 0; n < bills; n++) {
        store.putBill({
          id: `${id}-${n}`,
          tableId: id,
          currency: 'CZK',
          items: [{ id: 'tea', name: 'Tea', price: '45', quantity: String(RECENT_PAID_PAYMENTS + 1) }],
        });
      }
    }
    const quietLast = pay(store, clock, 'q1', 'quiet-5', 'tea', '45');
    store.group(() => {
      for (let i = 0; i <= RECENT_PAID_PAYMENTS; i++) pay(store, clock, `b${i}`, 'bar-0', 'tea', '45');
    });
    pay(store, clock, 'r0', 'regular-2', 'tea', '45');
    const regularLast = pay(store, clock, 'r1', 'regular-9', 'tea', '45');
    store.close();
    // A new process: nothing remembered; the grid reads first, then each card.
    store = openTestStore({ file, clock });
    const grid = tableViews(store);
    expect(grid.map((t) => [t.id, t.lastPaid?.at ?? null])).toEqual([
      ['quiet', quietLast],
      ['regular', regularLast],
      ['bar', grid[2]!.lastPaid!.at],
    ]);
    store.close();
    store = openTestStore({ file, clock });
    for (const t of grid) expect(tableView(store, t.id)).toEqual(t);
  });

  it('the last paid payment remembered between reads follows moves and refunds, and a read inside a transaction is never remembered', () => {
    const tmp = tempDir();
    const clock = new ManualClock(Date.parse('2026-11-20T18:00:00Z'));
    const store = openTestStore({ file: join(tmp.dir, 'bills.sqlite'), clock });
    cleanup = () => (store.close(), tmp.cleanup());
    store.upsertTable({ id: 'a', name: 'A' });
    store.upsertTable({ id: 'b', name: 'B' });
    store.putBill({ id: 'b1', tableId: 'a', currency: 'CZK', items: [{ id: 'tea', name: 'Tea', price: '45', quantity: '3' }] });
    expect(tableView(store, 'a')?.lastPaid).toBeNull(); // read (and remembered) before any payment
    const first = pay(store, clock, 'p1', 'b1', 'tea', '45');
    expect(tableView(store, 'a')?.lastPaid).toEqual({ amount: '45.00', currency: 'CZK', at: first });
    expect(tableView(store, 'b')?.lastPaid).toBeNull();

    // Paid inside a transaction that then fails: the read inside sees its own payment; nothing of it is remembered.
    expect(() =>
      store.group(() => {
        pay(store, clock, 'p2', 'b1', 'tea', '45');
        expect(tableView(store, 'a')?.lastPaid?.at).not.toBe(first);
        throw new Error('the till lost power');
      }),
    ).toThrow('the till lost power');
    expect(tableView(store, 'a')?.lastPaid?.at).toBe(first);
    expect(tableViews(store).find((t) => t.id === 'a')?.lastPaid?.at).toBe(first);

    // The bill moves to table b, its paid payment with it.
    store.putBill({ id: 'b1', tableId: 'b', currency: 'CZK', items: [{ id: 'tea', name: 'Tea', price: '45', quantity: '3' }] });
    expect(tableView(store, 'a')?.lastPaid).toBeNull();
    expect(tableView(store, 'b')?.lastPaid?.at).toBe(first);
    const grid = tableViews(store);
    expect([grid.find((t) => t.id === 'a')?.lastPaid, grid.find((t) => t.id === 'b')?.lastPaid?.at]).toEqual([null, first]);
    store.refundPayment('p1');
    expect(tableView(store, 'b')?.lastPaid).toBeNull();
  });

  it("the card's queries seek the table's active bills, the recent paid payments and the payments in progress: none walks the history", () => {
    const tmp = tempDir();
    const file = join(tmp.dir, 'bills.sqlite');
    openTestStore({ file }).close();
    const db = new BetterSqlite3(file, { readonly: true });
    cleanup = () => (db.close(), tmp.cleanup());
    expect(planOf(db, ACTIVE_BILLS_OF_TABLE_SQL, ['t1']).join('; ')).toMatch(
      /^SEARCH bills USING INDEX bills_by_table_state(_id)? \(tableId=\? AND state=\?\)/,
    );
    expect(planOf(db, `${RECENT_PAID_SQL} AND b.tableId = ? ORDER BY p.paidAt DESC LIMIT 1`, ['2026-11-20', 't1'])).toEqual([
      'SEARCH p USING INDEX payments_by_paid_at (paidAt>?)',
      'SEARCH b USING COVERING INDEX bills_by_table_id (tableId=? AND id=?)',
    ]);
    const holds = planOf(db, `SELECT * FROM (${TABLE_HOLDS_SQL} GROUP BY b.tableId) WHERE tableId = ?`, ['t1']).join('; ');
    expect(holds).toMatch(/SCAN p USING INDEX payments_pending/);
    expect(holds).not.toMatch(/SEARCH b USING [A-Z ]*INDEX bills_by_table_id \(tableId=\?\);/);
  });
});
