import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../main/store/engine/database.js';
import { migration001 } from '../../main/store/engine/migrations/001-initial.js';
import { migration002 } from '../../main/store/engine/migrations/002-receipt-serial.js';
import { tempDir } from './helpers.js';

describe('migration 002 (receipt serial counter)', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('upgrades a version 1 database and seeds the serial from the receipts already written', () => {
    const tmp = tempDir();
    const db = new BetterSqlite3(join(tmp.dir, 'db.sqlite'));
    cleanup = () => {
      db.close();
      tmp.cleanup();
    };
    migrate(db, [migration001]);
    db.prepare("INSERT INTO bills (id, tableId, currency, state, created, updated) VALUES ('b', 't', 'CZK', 'OPEN', 'x', 'x')").run();
    const pay = db.prepare(
      "INSERT INTO payments (id, billId, state, wire, receipt, amount, tip, currency, created) VALUES (?, 'b', 'PAID', '{}', ?, '1', '0', 'CZK', 'x')",
    );
    pay.run('p1', '{"serial":"1"}');
    pay.run('p2', '{"serial":"2"}');
    pay.run('p3', null);

    migrate(db, [migration001, migration002]);
    expect(schemaVersion(db)).toBe(2);
    expect(db.prepare<[], { value: number }>("SELECT value FROM counters WHERE name = 'receiptSerial'").get()?.value).toBe(2);
    // The rows of version 1 are untouched.
    expect(db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM payments').get()?.n).toBe(3);
  });
});
