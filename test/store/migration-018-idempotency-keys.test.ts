import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../main/base/clock.js';
import { migrate, schemaVersion, SCHEMA_VERSION } from '../../main/store/engine/database.js';
import { migration018 } from '../../main/store/engine/migrations/018-idempotency-keys.js';
import { openTestStore } from './test-store.js';
import { lastSeq, seedBill, upgradeFixture } from './helpers.js';

describe('migration 018 (the POS API Idempotency-Key answers)', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('upgrades a store of the migrations before it: its data kept, answers kept and read back after a reopen', () => {
    const { file, before, cleanup: done } = upgradeFixture(migration018);
    cleanup = done;
    const old = new BetterSqlite3(file);
    migrate(old, before);
    const version = schemaVersion(old);
    expect(version).toBeLessThan(18);
    old.close();

    const clock = new ManualClock(Date.parse('2026-11-22T18:00:00Z'));
    const store = openTestStore({ file, clock });
    seedBill(store);
    const seq = lastSeq(store);
    store.keepIdempotentAnswer({
      key: 'k1',
      fingerprint: 'f',
      method: 'PUT',
      path: '/v1/bills/b1',
      status: 201,
      headers: { link: '<x>' },
      body: '{"id":"b1"}',
    });
    // Keeping an answer is no event: the log stays as the write left it.
    expect(lastSeq(store)).toBe(seq);
    store.close();

    const reopened = openTestStore({ file, clock });
    expect(reopened.getBill('b1')?.items).toHaveLength(3);
    expect(reopened.idempotentAnswer('k1')).toEqual({
      key: 'k1',
      fingerprint: 'f',
      method: 'PUT',
      path: '/v1/bills/b1',
      status: 201,
      headers: { link: '<x>' },
      body: '{"id":"b1"}',
      createdMs: Date.parse('2026-11-22T18:00:00Z'),
    });
    reopened.close();
    const db = new BetterSqlite3(file);
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
    db.close();
  });
});
