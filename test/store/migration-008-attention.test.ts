import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../main/store/engine/database.js';
import { MIGRATIONS } from '../../main/store/engine/migrations/index.js';
import { migration008 } from '../../main/store/engine/migrations/008-attention.js';
import { tempDir } from './helpers.js';

describe('migration 008 (Needs attention)', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('upgrades a version 7 database: bills and payments untouched, resolutions and refusals kept, only known actions, refusals of known payments', () => {
    const tmp = tempDir();
    const db = new BetterSqlite3(join(tmp.dir, 'db.sqlite'));
    cleanup = () => {
      db.close();
      tmp.cleanup();
    };
    db.pragma('foreign_keys = ON');
    const before = MIGRATIONS.filter((m) => m.version < 8);
    migrate(db, before);
    db.prepare(
      "INSERT INTO bills (id, tableId, currency, state, created, updated, settlementMethod, settledDue) VALUES ('b', 't', 'CZK', 'CLOSED', 'x', 'x', 'cash', '10')",
    ).run();
    db.prepare("INSERT INTO payments (id, billId, state, wire, amount, tip, currency, created) VALUES ('p', 'b', 'PAID', '{}', '10', '0', 'CZK', 'x')").run();

    migrate(db, [...before, migration008]);
    expect(schemaVersion(db)).toBe(8);
    expect(db.prepare('SELECT id, settlementMethod FROM bills').all()).toEqual([{ id: 'b', settlementMethod: 'cash' }]);
    db.prepare(
      "INSERT INTO attention_resolutions (entryId, kind, action, note, resolvedAt) VALUES ('settled-bill:b', 'settled-bill', 'acknowledge', 'ok', 'y')",
    ).run();
    expect(() => db.prepare("INSERT INTO attention_resolutions (entryId, kind, action, resolvedAt) VALUES ('e', 'k', 'ignore', 'y')").run()).toThrow(/CHECK/);
    db.prepare("INSERT INTO refund_refusals (paymentId, code, at) VALUES ('p', 'GONE', 'y')").run();
    expect(() => db.prepare("INSERT INTO refund_refusals (paymentId, code, at) VALUES ('ghost', 'GONE', 'y')").run()).toThrow(/FOREIGN KEY/);
    // The settled-bills source reads through its partial index, not a scan of every bill.
    const plan = db.prepare('EXPLAIN QUERY PLAN SELECT id FROM bills WHERE settlementMethod IS NOT NULL ORDER BY updated').all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/bills_settled/);
  });
});
