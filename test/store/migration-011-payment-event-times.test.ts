import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../main/base/clock.js';
import { migrate, schemaVersion } from '../../main/store/engine/database.js';
import { openTestStore } from './test-store.js';
import { migration011 } from '../../main/store/engine/migrations/011-payment-event-times.js';
import { BACK_TO_V11, seedBill, upgradeFixture, wirePayment } from './helpers.js';

/** Entries of one index, counted from its b-tree pages (SQLite's dbstat table). */
const entriesOf = (db: BetterSqlite3.Database, index: string) =>
  (db.prepare("SELECT COALESCE(SUM(ncell), 0) AS n FROM dbstat WHERE name = ? AND pagetype = 'leaf'").get(index) as { n: number }).n;

describe('migration 011 (payment event times through partial indexes)', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('upgrades a version 10 store with payments in it: the partial indexes of 011 hold only the paid and refunded events, and the history still finds those times after the upgrades', () => {
    const { file, before, cleanup: done } = upgradeFixture(migration011);
    cleanup = done;
    expect(before.at(-1)?.version).toBe(10);

    // A store with a history: p1 paid then refunded, p2 paid, p3 started and cancelled.
    const clock = new ManualClock(Date.parse('2026-11-22T18:00:00Z'));
    const old = openTestStore({ file, clock });
    seedBill(old);
    const pay = (id: string, item: string, state: 'PAID' | 'CANCELLED') => {
      old.startPayment(wirePayment(id, [{ id: item, price: item === 'beer' ? '62.50' : '189', quantity: '1' }]));
      clock.advance(1000);
      old.processPayment(id);
      clock.advance(1000);
      old.closePayment(id, state);
      clock.advance(1000);
    };
    pay('p1', 'beer', 'PAID');
    pay('p2', 'goulash', 'PAID');
    pay('p3', 'beer', 'CANCELLED');
    old.refundPayment('p1');
    old.close();
    // Turned back into the version 10 file it would have been: 012 undone, then 011's indexes out, 004's back.
    const v10 = new BetterSqlite3(file);
    v10.exec(BACK_TO_V11);
    v10.exec(`DROP INDEX events_paid_by_payment; DROP INDEX events_refunded_by_payment;
              CREATE INDEX events_by_payment_kind ON events (paymentId, kind); PRAGMA user_version = 10;`);
    v10.close();

    const db = new BetterSqlite3(file);
    expect(schemaVersion(db)).toBe(10);
    migrate(db, [...before, migration011]);
    expect(schemaVersion(db)).toBe(11);
    const indexes = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events'").all() as { name: string }[]).map((r) => r.name);
    expect(indexes.sort()).toEqual(['events_by_kind_at', 'events_paid_by_payment', 'events_refunded_by_payment']);
    // Only the events the history asks for are indexed by payment: two paid, one refund (of ten payment events).
    expect(db.prepare('SELECT COUNT(*) AS n FROM events WHERE paymentId IS NOT NULL').get()).toEqual({ n: 10 });
    expect([entriesOf(db, 'events_paid_by_payment'), entriesOf(db, 'events_refunded_by_payment')]).toEqual([2, 1]);

    // Migration 012 replaced these indexes with the payments' own times: today's history query and
    // its plan are migration-012-payment-times.test.ts's.
    db.close();

    // The upgraded file, opened by the store of this version: the history reads the same times.
    const store = openTestStore({ file, clock });
    const rows = store.read.history.activity('2026-11-22T00:00:00.000Z', '2026-11-23T00:00:00.000Z');
    expect(rows.map((r) => [r.id, r.state, r.paidAt, r.refundedAt])).toEqual([
      ['p1', 'CANCELLED', '2026-11-22T18:00:02.000Z', '2026-11-22T18:00:09.000Z'],
      ['p2', 'PAID', '2026-11-22T18:00:05.000Z', null],
      ['p3', 'CANCELLED', null, null],
    ]);
    // A payment paid after the upgrade is indexed too.
    store.startPayment(wirePayment('p4', [{ id: 'water', price: '40', quantity: '1' }]));
    store.closePayment('p4', 'PAID');
    expect(store.read.history.activity('2026-11-22T00:00:00.000Z', '2026-11-23T00:00:00.000Z').find((r) => r.id === 'p4')?.paidAt).toBe(
      '2026-11-22T18:00:09.000Z',
    );
    store.close();
  });
});
