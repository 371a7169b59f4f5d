import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { atSyncLevel, groupIsRelaxed, isRelaxed } from '../../main/store/durability.js';
import { tempDir } from './helpers.js';

describe('durability of commits', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('only paymentStart may commit relaxed, alone or in a group of paymentStart calls only', () => {
    expect(isRelaxed('startPayment')).toBe(true);
    for (const w of ['processPayment', 'closePayment', 'putBill', 'recordDelivery', 'durabilitySync'] as const) expect(isRelaxed(w)).toBe(false);
    expect(groupIsRelaxed(['startPayment', 'startPayment'])).toBe(true);
    expect(groupIsRelaxed(['startPayment', 'processPayment'])).toBe(false);
    // Undeclared or empty: durable.
    expect(groupIsRelaxed(undefined)).toBe(false);
    expect(groupIsRelaxed([])).toBe(false);
  });

  it('a relaxed commit runs at synchronous=NORMAL and the connection is back at FULL after it, also when it throws', () => {
    const tmp = tempDir();
    const db = new BetterSqlite3(join(tmp.dir, 'db.sqlite'));
    cleanup = () => {
      db.close();
      tmp.cleanup();
    };
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('CREATE TABLE t (x)');
    const level = () => db.pragma('synchronous', { simple: true }) as number;
    const insert = db.transaction(() => {
      db.prepare('INSERT INTO t VALUES (1)').run();
      return level();
    });
    expect(atSyncLevel(db, true, () => insert.immediate())).toBe(1);
    expect(level()).toBe(2);
    expect(atSyncLevel(db, false, () => insert.immediate())).toBe(2);
    expect(() =>
      atSyncLevel(db, true, () => {
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(level()).toBe(2);
  });
});
