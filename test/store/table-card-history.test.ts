import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../main/clock.js';
import { ACTIVE_BILLS_OF_TABLE_SQL } from '../../main/store/bills-repo.js';
import { createBillStore, type BillStore } from '../../main/store/index.js';
import { RECENT_PAID_PAYMENTS, RECENT_PAID_SQL, TABLE_HOLDS_SQL } from '../../main/store/tables-repo.js';
import { tableView, tableViews } from '../../main/ui-bridge/read-model.js';
import { tempDir, wirePayment } from './helpers.js';

// The table card (what the cashier's screen redraws after every payment at a table) and the Tables
// grid read a bounded part of the store however long its history: the card's last paid payment is
// looked for among the latest RECENT_PAID_PAYMENTS paid ones, and only a table not paid that
// recently falls back to its own bills' history. Both must give the table's latest paid payment.

const planOf = (db: BetterSqlite3.Database, sql: string, params: unknown[]) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail);

function pay(store: BillStore, clock: ManualClock, id: string, billId: string, item: string, price: string): string {
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
    const store = createBillStore({ file: join(tmp.dir, 'bills.sqlite'), clock });
    cleanup = () => (store.close(), tmp.cleanup());
    store.upsertTable({ id: 'quiet', name: 'Quiet corner' });
    store.upsertTable({ id: 'busy', name: 'Bar' });
    store.upsertTable({ id: 'never', name: 'Never paid' });
    store.putBill({ id: 'bq', tableId: 'quiet', currency: 'CZK', items: [{ id: 'tea', name: 'Tea', price: '45', quantity: '2' }] });
    store.putBill({ id: 'bb', tableId: 'busy', currency: 'CZK', items: [{ id: 'shot', name: 'Shot', price: '1', quantity: String(RECENT_PAID_PAYMENTS + 1) }] });
    store.putBill({ id: 'bn', tableId: 'never', currency: 'CZK', items: [{ id: 'soup', name: 'Soup', price: '79', quantity: '1' }] });

    pay(store, clock, 'q1', 'bq', 'tea', '45');
    const quietLast = pay(store, clock, 'q2', 'bq', 'tea', '45');
    // Then the bar alone, RECENT_PAID_PAYMENTS + 1 times: the quiet table's payments fall out of the recent walk.
    const busyAt: string[] = [];
    store.group(() => {
      for (let i = 0; i <= RECENT_PAID_PAYMENTS; i++) busyAt.push(pay(store, clock, `b${i}`, 'bb', 'shot', '1'));
    });

    const quiet = { amount: '45.00', currency: 'CZK', at: quietLast };
    expect(tableView(store, 'quiet')?.lastPaid).toEqual(quiet);
    expect(tableView(store, 'busy')?.lastPaid).toEqual({ amount: '1.00', currency: 'CZK', at: busyAt.at(-1) });
    expect(tableView(store, 'never')?.lastPaid).toBeNull();
    const grid = tableViews(store);
    for (const id of ['quiet', 'busy', 'never']) expect(grid.find((t) => t.id === id)).toEqual(tableView(store, id));

    // The latest payment refunded: the one before it is the last paid (both at the bar, and the quiet table's own history).
    store.refundPayment(`b${RECENT_PAID_PAYMENTS}`);
    expect(tableView(store, 'busy')?.lastPaid?.at).toBe(busyAt.at(-2));
    store.refundPayment('q2');
    expect(tableView(store, 'quiet')?.lastPaid?.at).toBe(new Date(Date.parse(quietLast) - 1000).toISOString());
    expect(tableViews(store).find((t) => t.id === 'quiet')?.lastPaid?.at).toBe(new Date(Date.parse(quietLast) - 1000).toISOString());
  });

  it("the card's queries seek the table's active bills, the recent paid payments and the payments in progress: none walks the history", () => {
    const tmp = tempDir();
    const file = join(tmp.dir, 'bills.sqlite');
    createBillStore({ file }).close();
    const db = new BetterSqlite3(file, { readonly: true });
    cleanup = () => (db.close(), tmp.cleanup());
    expect(planOf(db, ACTIVE_BILLS_OF_TABLE_SQL, ['t1']).join('; ')).toMatch(/^SEARCH bills USING INDEX bills_by_table_state(_id)? \(tableId=\? AND state=\?\)/);
    expect(planOf(db, `${RECENT_PAID_SQL} AND b.tableId = ? ORDER BY p.paidAt DESC LIMIT 1`, ['2026-11-20', 't1'])).toEqual([
      'SEARCH p USING INDEX payments_by_paid_at (paidAt>?)',
      'SEARCH b USING COVERING INDEX bills_by_table_id (tableId=? AND id=?)',
    ]);
    const holds = planOf(db, `SELECT * FROM (${TABLE_HOLDS_SQL} GROUP BY b.tableId) WHERE tableId = ?`, ['t1']).join('; ');
    expect(holds).toMatch(/SCAN p USING INDEX payments_pending/);
    expect(holds).not.toMatch(/SEARCH b USING [A-Z ]*INDEX bills_by_table_id \(tableId=\?\);/);
  });
});
