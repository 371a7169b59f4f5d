import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../main/store/engine/database.js';
import { openTestStore } from './test-store.js';
import { MIGRATIONS } from '../../main/store/engine/migrations/index.js';
import { migration010 } from '../../main/store/engine/migrations/010-payment-links.js';
import { ManualClock } from '../../main/base/clock.js';
import { tempDir } from './helpers.js';

describe('migration 010 (payment links)', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('upgrades a database of the previous schema: the table exists, bills are untouched, the store keeps links across a reopen', () => {
    const tmp = tempDir();
    const file = join(tmp.dir, 'db.sqlite');
    const db = new BetterSqlite3(file);
    cleanup = () => tmp.cleanup();
    const before = MIGRATIONS.filter((m) => m.version < migration010.version);
    migrate(db, before);
    db.prepare("INSERT INTO bills (id, tableId, currency, state, created, updated) VALUES ('b', 't', 'CZK', 'OPEN', 'x', 'x')").run();
    migrate(db, [...before, migration010]);
    expect(schemaVersion(db)).toBe(10);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name);
    expect(tables).toContain('payment_links');
    expect(db.prepare('SELECT id, state FROM bills').all()).toEqual([{ id: 'b', state: 'OPEN' }]);
    db.close();

    // Written by one store, read by the next (the file border).
    const clock = new ManualClock(Date.parse('2026-11-22T18:00:00Z'));
    const first = openTestStore({ file, clock });
    first.savePaymentLink({
      id: 'L1',
      idMerchant: 'm',
      amount: '250.5',
      currency: 'CZK',
      description: 'Deposit, table for 8',
      url: 'https://pay.example/link/L1',
    });
    clock.advance(1000);
    first.savePaymentLink({ id: 'L2', idMerchant: 'm', amount: null, currency: 'EUR', description: '', url: 'https://pay.example/link/L2' });
    first.close();
    const second = openTestStore({ file, clock });
    expect(second.paymentLinks().map((l) => [l.id, l.amount, l.currency, l.created])).toEqual([
      ['L2', null, 'EUR', '2026-11-22T18:00:01.000Z'],
      ['L1', '250.5', 'CZK', '2026-11-22T18:00:00.000Z'],
    ]);
    expect(second.removePaymentLink('L1')).toBe(true);
    expect(second.removePaymentLink('L1')).toBe(false);
    expect(second.getPaymentLink('L1')).toBeNull();
    second.close();
  });
});
