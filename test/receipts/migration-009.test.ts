import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../main/store/engine/database.js';
import { MIGRATIONS } from '../../main/store/engine/migrations/index.js';
import { migration009 } from '../../main/store/engine/migrations/009-payment-receipts.js';
import { tempDir } from '../store/helpers.js';

describe('migration 009 (payment receipts)', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('upgrades the previous schema: payments keep their rows, the outbox starts empty and holds only known payments', () => {
    const tmp = tempDir();
    const db = new BetterSqlite3(join(tmp.dir, 'db.sqlite'));
    cleanup = () => {
      db.close();
      tmp.cleanup();
    };
    db.pragma('foreign_keys = ON');
    const before = MIGRATIONS.filter((m) => m.version < migration009.version);
    migrate(db, before);
    db.prepare("INSERT INTO tables (id, name, position) VALUES ('t', 'T', 1)").run();
    db.prepare("INSERT INTO bills (id, tableId, currency, state, created, updated) VALUES ('b', 't', 'CZK', 'OPEN', 'x', 'x')").run();
    db.prepare(
      "INSERT INTO payments (id, billId, state, captureMode, captured, amount, tip, currency, created, wire) VALUES ('p', 'b', 'PAID', 'auto', 0, '10', '0', 'CZK', 'x', '{}')",
    ).run();

    migrate(db, [...before, migration009]);
    expect(schemaVersion(db)).toBe(9);
    expect(db.prepare('SELECT id, state FROM payments').all()).toEqual([{ id: 'p', state: 'PAID' }]);
    expect(db.prepare('SELECT * FROM payment_receipts').all()).toEqual([]);
    db.prepare("INSERT INTO payment_receipts (paymentId, receipt, receivedAt) VALUES ('p', '{}', 'x')").run();
    expect(db.prepare('SELECT attempts, deliveredAt, refusedCode FROM payment_receipts').get()).toEqual({ attempts: 0, deliveredAt: null, refusedCode: null });
    expect(() => db.prepare("INSERT INTO payment_receipts (paymentId, receipt, receivedAt) VALUES ('ghost', '{}', 'x')").run()).toThrow(/FOREIGN KEY/);
  });
});
