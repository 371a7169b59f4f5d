import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../main/store/engine/database.js';
import { migration001 } from '../../main/store/engine/migrations/001-initial.js';
import { migration002 } from '../../main/store/engine/migrations/002-receipt-serial.js';
import { migration003 } from '../../main/store/engine/migrations/003-bill-pages.js';
import { tempDir } from './helpers.js';

const COLUMNS = 'id, tableId, name, currency, state, allowTip, allowPartialPayment, denyDiscounts, additionalData, created, updated';

describe('migration 003 (indexes for bill pages)', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('upgrades a version 2 database; each page query walks an index in id order and needs no sort', () => {
    const tmp = tempDir();
    const db = new BetterSqlite3(join(tmp.dir, 'db.sqlite'));
    cleanup = () => {
      db.close();
      tmp.cleanup();
    };
    migrate(db, [migration001, migration002]);
    db.prepare("INSERT INTO bills (id, tableId, currency, state, created, updated) VALUES ('b', 't', 'CZK', 'OPEN', 'x', 'x')").run();

    migrate(db, [migration001, migration002, migration003]);
    expect(schemaVersion(db)).toBe(3);
    const indexes = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'bills' AND sql IS NOT NULL").all() as { name: string }[]
    ).map((r) => r.name);
    expect(indexes.sort()).toEqual(['bills_by_state_id', 'bills_by_table_id', 'bills_by_table_state', 'bills_by_table_state_id']);
    // The rows of version 2 are untouched.
    expect(db.prepare('SELECT id, state FROM bills').all()).toEqual([{ id: 'b', state: 'OPEN' }]);

    // The same queries as BillsReader.page (bills-repo.ts).
    const plan = (where: string, ...args: unknown[]) =>
      (db.prepare(`EXPLAIN QUERY PLAN SELECT ${COLUMNS} FROM bills WHERE ${where}id > ? ORDER BY id LIMIT ?`).all(...args, '', 10) as { detail: string }[])
        .map((r) => r.detail)
        .join('; ');
    expect(plan('')).not.toMatch(/TEMP B-TREE/);
    expect(plan('state = ? AND ', 'OPEN')).toMatch(/bills_by_state_id/);
    expect(plan('tableId = ? AND ', 't')).toMatch(/bills_by_table_id/);
    expect(plan('tableId = ? AND state = ? AND ', 't', 'OPEN')).toMatch(/bills_by_table_state_id/);
    for (const p of [plan('state = ? AND ', 'OPEN'), plan('tableId = ? AND ', 't'), plan('tableId = ? AND state = ? AND ', 't', 'OPEN')]) {
      expect(p).not.toMatch(/TEMP B-TREE/);
    }
  });
});
