import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ATTENTION_SOURCES } from '../../main/features/attention/registry.js';
import { SERVICE_ERROR_SQL } from '../../main/features/attention/sources/service-error.js';
import { ManualClock } from '../../main/base/clock.js';
import { migrate, schemaVersion } from '../../main/store/engine/database.js';
import { LAST_CLOSE_OF_BILL_SQL } from '../../main/store/repos/events-repo.js';
import { HISTORY_ACTIVITY_SQL } from '../../main/store/repos/history-repo.js';
import { openTestStore } from './test-store.js';
import { PENDING_PAYMENTS_SQL } from '../../main/store/repos/payments-repo.js';
import { TABLE_HOLDS_SQL } from '../../main/store/repos/tables-repo.js';
import type { SqlParams } from '../../main/store/repos/attention-repo.js';
import { migration012 } from '../../main/store/engine/migrations/012-payment-times.js';
import { MIGRATIONS } from '../../main/store/engine/migrations/index.js';
import { BACK_TO_V11, seedBill, tempDir, upgradeFixture, wirePayment } from './helpers.js';

/** Entries of one index, counted from its b-tree pages (SQLite's dbstat table). */
const entriesOf = (db: BetterSqlite3.Database, index: string) =>
  (db.prepare("SELECT COALESCE(SUM(ncell), 0) AS n FROM dbstat WHERE name = ? AND pagetype = 'leaf'").get(index) as { n: number }).n;
const indexesOf = (db: BetterSqlite3.Database, table: string) =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name").all(table) as { name: string }[]).map(
    (r) => r.name,
  );
const planOf = (db: BetterSqlite3.Database, sql: string, params: unknown[] | Record<string, unknown>) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map((r) => r.detail);

const DAY = { from: '2026-11-22T00:00:00.000Z', to: '2026-11-23T00:00:00.000Z' };

describe('migration 012 (a payment keeps its paid and refunded times; no event index is written per payment)', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('upgrades a version 11 store: the times come from the events, the history reads the same, and a payment made after writes no event index', () => {
    const { file, before, cleanup: done } = upgradeFixture(migration012);
    cleanup = done;
    expect(before.at(-1)?.version).toBe(11);

    // A store with a history: p1 paid then refunded, p2 paid (the bill closes itself), p3 cancelled;
    // and one error the service reported.
    const clock = new ManualClock(Date.parse('2026-11-22T18:00:00Z'));
    const old = openTestStore({ file, clock, autoCloseBills: () => true });
    seedBill(old);
    const pay = (id: string, items: { id: string; price: string; quantity: string }[], state: 'PAID' | 'CANCELLED') => {
      old.startPayment(wirePayment(id, items));
      clock.advance(1000);
      old.processPayment(id);
      clock.advance(1000);
      old.closePayment(id, state);
      clock.advance(1000);
    };
    pay('p1', [{ id: 'beer', price: '62.50', quantity: '1' }], 'PAID');
    old.refundPayment('p1');
    clock.advance(1000);
    pay('p3', [{ id: 'goulash', price: '189', quantity: '1' }], 'CANCELLED');
    pay(
      'p2',
      [
        { id: 'beer', price: '62.50', quantity: '2' },
        { id: 'goulash', price: '189', quantity: '1' },
        { id: 'water', price: '40', quantity: '3' },
      ],
      'PAID',
    );
    expect(old.getBill('b1')?.state).toBe('CLOSED');
    old.recordServiceError({ code: 'TEST', message: 'reported by the service' });
    old.close();
    // Turned back into the version 11 file it would have been: 012's columns and indexes out, 011's and 004's back.
    const v11 = new BetterSqlite3(file);
    v11.exec(BACK_TO_V11);
    v11.close();

    const db = new BetterSqlite3(file);
    expect(schemaVersion(db)).toBe(11);
    migrate(db, [...before, migration012]);
    expect(schemaVersion(db)).toBe(12);
    // The times, from the events: p1 paid at :02 and refunded at :03; p2 paid at :11; p3 never.
    expect(db.prepare('SELECT id, paidAt, refundedAt FROM payments ORDER BY created, id').all()).toEqual([
      { id: 'p1', paidAt: '2026-11-22T18:00:02.000Z', refundedAt: '2026-11-22T18:00:03.000Z' },
      { id: 'p3', paidAt: null, refundedAt: null },
      { id: 'p2', paidAt: '2026-11-22T18:00:09.000Z', refundedAt: null },
    ]);
    // The event log keeps two small partial indexes: one service error, one bill close.
    expect(indexesOf(db, 'events')).toEqual(['events_bill_closes', 'events_service_errors']);
    expect([entriesOf(db, 'events_service_errors'), entriesOf(db, 'events_bill_closes')]).toEqual([1, 1]);
    // The payments' index by state is gone: the partial index holds only payments in progress (none here).
    expect(indexesOf(db, 'payments')).toEqual([
      'payments_by_bill',
      'payments_by_created',
      'payments_by_paid_at',
      'payments_by_refunded_at',
      'payments_pending',
    ]);
    expect([entriesOf(db, 'payments_by_paid_at'), entriesOf(db, 'payments_by_refunded_at'), entriesOf(db, 'payments_pending')]).toEqual([2, 1, 0]);

    // Every reader of the old indexes walks a new one: no scan of the events or the payments. The
    // readers' SQL is this version's, so the file is brought up to it first (the later migrations
    // keep these indexes).
    migrate(db, MIGRATIONS);
    const history = planOf(db, HISTORY_ACTIVITY_SQL, DAY);
    expect(history.join('; ')).toMatch(/SEARCH payments USING (COVERING )?INDEX payments_by_paid_at \(paidAt>\? AND paidAt<\?\)/);
    expect(history.join('; ')).toMatch(/SEARCH payments USING (COVERING )?INDEX payments_by_refunded_at \(refundedAt>\? AND refundedAt<\?\)/);
    expect(history.filter((d) => /^SCAN (events|payments|p)\b/.test(d))).toEqual([]);
    expect(planOf(db, LAST_CLOSE_OF_BILL_SQL, ['b1']).join('; ')).toMatch(/SEARCH events USING INDEX events_bill_closes \(billId=\?\)/);
    expect(planOf(db, SERVICE_ERROR_SQL, []).join('; ')).toMatch(/(SCAN|SEARCH) e USING INDEX events_service_errors/);
    // The payments in progress are listed in the partial index's own order (no sort), and so are the tables' holds.
    expect(planOf(db, PENDING_PAYMENTS_SQL, [])).toEqual(['SCAN payments USING INDEX payments_pending']);
    expect(planOf(db, `${TABLE_HOLDS_SQL} GROUP BY b.tableId`, []).join('; ')).toMatch(/SCAN p USING INDEX payments_pending/);
    db.close();

    // The upgraded file, opened by this version's store: the history reads the same times.
    const store = openTestStore({ file, clock, autoCloseBills: () => true });
    expect(store.read.history.activity(DAY.from, DAY.to).map((r) => [r.id, r.state, r.paidAt, r.refundedAt])).toEqual([
      ['p1', 'CANCELLED', '2026-11-22T18:00:02.000Z', '2026-11-22T18:00:03.000Z'],
      ['p3', 'CANCELLED', null, null],
      ['p2', 'PAID', '2026-11-22T18:00:09.000Z', null],
    ]);
    // A refund of the payment that closed the bill reopens it: the bill's last close, found through its new index, was automatic.
    store.refundPayment('p2');
    expect(store.getBill('b1')?.state).toBe('OPEN');
    clock.advance(1000);
    // A payment after the upgrade: its time on its row; its three events add nothing to any event index.
    store.startPayment(wirePayment('p4', [{ id: 'water', price: '40', quantity: '1' }]));
    const inProgress = new BetterSqlite3(file, { readonly: true });
    expect(entriesOf(inProgress, 'payments_pending')).toBe(1);
    inProgress.close();
    store.processPayment('p4');
    store.closePayment('p4', 'PAID');
    const rows = store.read.history.activity(DAY.from, DAY.to);
    expect(rows.find((r) => r.id === 'p4')?.paidAt).toBe('2026-11-22T18:00:11.000Z');
    expect(rows.find((r) => r.id === 'p2')?.refundedAt).toBe('2026-11-22T18:00:10.000Z');
    store.close();
    const after = new BetterSqlite3(file, { readonly: true });
    expect([entriesOf(after, 'events_service_errors'), entriesOf(after, 'events_bill_closes')]).toEqual([1, 1]);
    expect([entriesOf(after, 'payments_by_paid_at'), entriesOf(after, 'payments_by_refunded_at'), entriesOf(after, 'payments_pending')]).toEqual([3, 2, 0]);
    after.close();
  });

  it('every Needs attention source walks indexes: none scans the payments or the event log, however long the history', () => {
    const tmp = tempDir();
    const file = join(tmp.dir, 'bills.sqlite');
    cleanup = () => tmp.cleanup();
    const clock = new ManualClock(Date.parse('2026-11-22T18:00:00Z'));
    const store = openTestStore({ file, clock });
    seedBill(store);
    store.startPayment(wirePayment('p1', [{ id: 'beer', price: '62.50', quantity: '1' }]));
    store.closePayment('p1', 'PAID');
    store.startPayment(wirePayment('p2', [{ id: 'goulash', price: '189', quantity: '1' }], { captureMode: 'manual' }));
    store.processPayment('p2');
    store.recordServiceError({ code: 'TEST', message: 'reported by the service' });
    // Each source's SQL as it runs, with its parameters, through the real read transaction.
    const ran: { kind: string; sql: string; params: SqlParams }[] = [];
    for (const source of ATTENTION_SOURCES) {
      const read = Object.assign({}, store.read, {
        attention: Object.assign({}, store.read.attention, {
          select<Row>(sql: string, params: SqlParams = {}): Row[] {
            ran.push({ kind: source.kind, sql, params });
            return store.read.attention.select<Row>(sql, params);
          },
        }),
      });
      source.list(read, { now: clock.now() + 60 * 60_000, unsyncedAfterMs: 60_000 });
    }
    expect(new Set(ran.map((r) => r.kind))).toEqual(new Set(ATTENTION_SOURCES.map((s) => s.kind)));
    // The awaiting capture entry is there: the sources ran on real rows, not an empty store.
    expect(
      ATTENTION_SOURCES.find((s) => s.kind === 'capture')!
        .list(store.read, { now: clock.now(), unsyncedAfterMs: 60_000 })
        .map((e) => e.paymentId),
    ).toEqual(['p2']);
    store.close();

    const db = new BetterSqlite3(file, { readonly: true });
    for (const { kind, sql, params } of ran) {
      const plan = planOf(db, sql, params);
      expect({ kind, scans: plan.filter((d) => /^SCAN (payments|p|events|e)\b(?! USING (COVERING )?INDEX)/.test(d)) }).toEqual({ kind, scans: [] });
    }
    db.close();
  });
});
