import BetterSqlite3 from 'better-sqlite3';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../main/base/clock.js';
import { migrate, schemaVersion, SCHEMA_VERSION } from '../../main/store/engine/database.js';
import { openTestStore } from './test-store.js';
import { migration013 } from '../../main/store/engine/migrations/013-event-log-rowid.js';
import { BACK_TO_V12, lastSeq, seedBill, tempDir, upgradeFixture, wirePayment } from './helpers.js';

type EventRow = { seq: number; at: string; kind: string; tableId: string | null; billId: string | null; paymentId: string | null; data: string };
const allEvents = (db: BetterSqlite3.Database) =>
  db.prepare('SELECT seq, at, kind, tableId, billId, paymentId, data FROM events ORDER BY seq').all() as EventRow[];
const sequenceOf = (db: BetterSqlite3.Database, table: string) =>
  (db.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').get(table) as { seq: number } | undefined)?.seq ?? null;
const eventsSql = (db: BetterSqlite3.Database) =>
  (db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'events'").get() as { sql: string }).sql;

describe('migration 013 (the event log numbered by rowid, not AUTOINCREMENT)', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('upgrades a version 12 store: every event kept with its seq, no high-water mark written any more, and new events follow the last seq', () => {
    const { file, before, cleanup: done } = upgradeFixture(migration013);
    cleanup = done;
    expect(before.at(-1)?.version).toBe(12);

    const clock = new ManualClock(Date.parse('2026-11-22T18:00:00Z'));
    const old = openTestStore({ file, clock, autoCloseBills: () => true });
    seedBill(old);
    old.startPayment(wirePayment('p1', [{ id: 'beer', price: '62.50', quantity: '1' }]));
    old.processPayment('p1');
    old.closePayment('p1', 'PAID');
    old.recordServiceError({ code: 'TEST', message: 'reported by the service' });
    old.close();
    const v12 = new BetterSqlite3(file);
    v12.exec(BACK_TO_V12);
    const events = allEvents(v12);
    expect(events.length).toBeGreaterThanOrEqual(6);
    expect(eventsSql(v12)).toMatch(/AUTOINCREMENT/);
    expect(sequenceOf(v12, 'events')).toBe(events.at(-1)!.seq);
    v12.close();

    const db = new BetterSqlite3(file);
    expect(schemaVersion(db)).toBe(12);
    migrate(db, [...before, migration013]);
    expect(schemaVersion(db)).toBe(13);
    expect(allEvents(db)).toEqual(events);
    expect(eventsSql(db)).not.toMatch(/AUTOINCREMENT/);
    expect(sequenceOf(db, 'events')).toBeNull();
    const indexes = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events' ORDER BY name").all() as { name: string }[]).map(
      (r) => r.name,
    );
    expect(indexes).toEqual(['events_bill_closes', 'events_service_errors']);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();

    // This version's store on the upgraded file: a payment's events continue the log, in order, and
    // leave sqlite_sequence alone (the other logs with AUTOINCREMENT keep their marks).
    const store = openTestStore({ file, clock });
    const last = lastSeq(store);
    expect(last).toBe(events.at(-1)!.seq);
    store.startPayment(wirePayment('p2', [{ id: 'goulash', price: '189', quantity: '1' }]));
    store.processPayment('p2');
    store.closePayment('p2', 'PAID');
    expect(store.eventsAfter(last).map((e) => [e.seq, e.kind])).toEqual([
      [last + 1, 'payment.started'],
      [last + 2, 'payment.processed'],
      [last + 3, 'payment.paid'],
    ]);
    store.close();
    const after = new BetterSqlite3(file, { readonly: true });
    expect(sequenceOf(after, 'events')).toBeNull();
    after.close();
  });

  it('opening a store that needed an upgrade leaves its WAL empty: the rebuilt tables are in the file, not carried into the first commits', () => {
    const tmp = tempDir();
    const file = join(tmp.dir, 'bills.sqlite');
    cleanup = () => tmp.cleanup();
    const first = openTestStore({ file });
    seedBill(first);
    first.close();
    const v12 = new BetterSqlite3(file);
    v12.exec(BACK_TO_V12);
    v12.close();

    const store = openTestStore({ file });
    try {
      expect(statSync(`${file}-wal`).size).toBe(0);
      expect(store.getBill('b1')?.items).toHaveLength(3);
    } finally {
      store.close();
    }
    const db = new BetterSqlite3(file, { readonly: true });
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
    db.close();
  });
});
