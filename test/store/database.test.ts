import BetterSqlite3 from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, newerSchemaMessage, openDatabase, SCHEMA_VERSION } from '../../main/store/index.js';
import { BUSY_TIMEOUT_MS } from '../../main/store/engine/database.js';
import { openTestStore } from './test-store.js';
import { lastSeq, tempDir } from './helpers.js';
import { billView } from '../../main/features/bills/views.js';

describe('the bill database file', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('opens with WAL, synchronous=FULL, foreign keys, a busy timeout, a 4 MB page cache and the current schema', () => {
    const tmp = tempDir();
    const db = openDatabase(join(tmp.dir, 'new-data-folder', 'bills.sqlite'));
    cleanup = () => {
      closeDatabase(db);
      tmp.cleanup();
    };
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    // A moment's lock is waited for; a longer one refuses the write at once (decision 018).
    expect(db.pragma('busy_timeout', { simple: true })).toBe(BUSY_TIMEOUT_MS);
    expect(BUSY_TIMEOUT_MS).toBeGreaterThan(0);
    // Negative: KiB, not pages. Not better-sqlite3's build default of 16 MB.
    expect(db.pragma('cache_size', { simple: true })).toBe(-4096);
    expect(new BetterSqlite3(':memory:').pragma('cache_size', { simple: true })).toBe(-16000);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(SCHEMA_VERSION).toBe(20);
  });

  it('loads the native addon from the nativeBinding it is given (the Electron build in the app)', () => {
    const tmp = tempDir();
    cleanup = tmp.cleanup;
    const file = join(tmp.dir, 'bills.sqlite');
    const missing = join(tmp.dir, 'no-such-build', 'better_sqlite3.node');
    expect(() => openTestStore({ file, nativeBinding: missing })).toThrow(missing);
    // Nothing stays open after the refusal: the default build opens the same file.
    const store = openTestStore({ file });
    store.close();
  });

  it('refuses a database written by a newer Tableside, with the message a cashier can act on, and leaves it alone', () => {
    const tmp = tempDir();
    cleanup = tmp.cleanup;
    const file = join(tmp.dir, 'bills.sqlite');
    const db = new BetterSqlite3(file);
    db.pragma('user_version = 99');
    db.exec('CREATE TABLE future (x TEXT)');
    db.close();
    const before = readFileSync(file);
    expect(() => openTestStore({ file })).toThrow(expect.objectContaining({ code: 'SCHEMA_TOO_NEW', params: { schema: 99 } }));
    expect(newerSchemaMessage(99)).toBe('This database was written by a newer Tableside (schema 99); update the app or choose another data folder.');
    expect(readFileSync(file).equals(before)).toBe(true);
    // The refused file is not held open: it can be opened by someone else at once.
    const check = new BetterSqlite3(file);
    expect(check.pragma('user_version', { simple: true })).toBe(99);
    check.close();
  });

  it('keeps one connection per file and keeps the state across close and reopen', () => {
    const tmp = tempDir();
    cleanup = tmp.cleanup;
    const file = join(tmp.dir, 'bills.sqlite');
    const store = openTestStore({ file });
    expect(() => openTestStore({ file })).toThrow(/already open/);
    store.upsertTable({ id: 't1', name: 'Table 1' });
    store.putBill({ id: 'b1', tableId: 't1', currency: 'CZK', items: [{ id: 'i', name: 'Beer', price: '62.50', quantity: '2' }] });
    const seq = lastSeq(store);
    store.close();

    const reopened = openTestStore({ file });
    cleanup = () => {
      reopened.close();
      tmp.cleanup();
    };
    expect(reopened.listTables()).toEqual([{ id: 't1', name: 'Table 1', area: null }]);
    expect(reopened.getBill('b1')?.items[0]).toMatchObject({ id: 'i', price: '62.5', quantity: '2', paidQuantity: '0' });
    expect(lastSeq(reopened)).toBe(seq);
    expect(billView(reopened, 'b1')?.totals).toEqual({ total: '125.00', paid: '0.00', due: '125.00', tips: '0.00' });
  });
});
