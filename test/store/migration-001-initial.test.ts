import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../main/store/engine/database.js';
import { migration001 } from '../../main/store/engine/migrations/001-initial.js';
import { tempDir } from './helpers.js';

describe('migration 001 (initial schema)', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('creates every table with its columns and sets user_version 1', () => {
    const tmp = tempDir();
    const db = new BetterSqlite3(join(tmp.dir, 'db.sqlite'));
    cleanup = () => {
      db.close();
      tmp.cleanup();
    };
    migrate(db, [migration001]);
    expect(schemaVersion(db)).toBe(1);
    const names = db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all()
      .map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['tables', 'bills', 'bill_items', 'payments', 'payment_items', 'deliveries', 'events']));
    const cols = (t: string) =>
      db
        .prepare<[], { name: string }>(`PRAGMA table_info(${t})`)
        .all()
        .map((c) => c.name);
    expect(cols('bill_items')).toEqual(
      expect.arrayContaining(['billId', 'id', 'position', 'name', 'price', 'quantity', 'minQuantity', 'tags', 'paidQuantity', 'lockedQuantity']),
    );
    expect(cols('payments')).toEqual(
      expect.arrayContaining(['closedState', 'captureMode', 'captured', 'wire', 'receipt', 'amount', 'tip', 'provider', 'processedAt', 'closedAt', 'lockedAt']),
    );
    // The item default a POS may leave out.
    db.prepare("INSERT INTO bills (id, tableId, currency, state, created, updated) VALUES ('b', 't', 'CZK', 'OPEN', 'x', 'x')").run();
    db.prepare("INSERT INTO bill_items (billId, id, position, name, price, quantity) VALUES ('b', 'i', 0, 'n', '1', '1')").run();
    expect(db.prepare<[], { minQuantity: string }>('SELECT minQuantity FROM bill_items').get()?.minQuantity).toBe('1');
    // Running it again is a no-op: user_version already says 1.
    migrate(db, [migration001]);
    expect(schemaVersion(db)).toBe(1);
  });

  it('refuses a bill state outside OPEN | PAID | CLOSED', () => {
    const tmp = tempDir();
    const db = new BetterSqlite3(join(tmp.dir, 'db.sqlite'));
    cleanup = () => {
      db.close();
      tmp.cleanup();
    };
    migrate(db, [migration001]);
    expect(() => db.prepare("INSERT INTO bills (id, tableId, currency, state, created, updated) VALUES ('b', 't', 'CZK', 'WEIRD', 'x', 'x')").run()).toThrow(
      /CHECK constraint/,
    );
  });
});
