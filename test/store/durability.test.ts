import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { atSyncLevel, groupIsRelaxed, isRelaxed } from '../../main/store/engine/durability.js';
import { DURABLE_WITHIN_MS } from '../../main/store/engine/event-outbox.js';
import type { StoreEvent } from '../../main/store/index.js';
import { seedBill, tempDir, tempStore, wirePayment } from './helpers.js';

describe('durability of commits', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('only paymentStart may commit relaxed, alone or in a group of paymentStart calls only', () => {
    expect(isRelaxed('startPayment')).toBe(true);
    expect(isRelaxed('keepIdempotentAnswer')).toBe(true);
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

  it('a group commit synced off the event loop tells its events after its fsync; what stays held waits DURABLE_WITHIN_MS from then', async () => {
    const t = tempStore();
    cleanup = t.cleanup;
    seedBill(t.store, 'b1', 't1');
    seedBill(t.store, 'b2', 't2');
    const told: string[] = [];
    t.store.onEvent((events: StoreEvent[]) => told.push(...events.map((e) => `${e.kind}:${e.paymentId}`)));
    const beer = [{ id: 'beer', price: '62.5', quantity: '1' }];
    t.store.startPayment(wirePayment('p1', beer, { idBill: 'b1' })); // relaxed: held, its timer armed
    t.clock.advance(DURABLE_WITHIN_MS - 10);
    const { durable } = t.store.groupCommit(() => t.store.processPayment('p1'), { writes: ['processPayment'] });
    t.store.startPayment(wirePayment('p2', beer, { idBill: 'b2' })); // after that fsync was asked for
    expect(told).toEqual([]); // committed, not yet synced
    await durable;
    expect(told).toEqual(['payment.started:p1', 'payment.processed:p1']);
    // p2's wait starts at that release: the timer armed for p1 no longer fires a sync on the event loop.
    t.clock.advance(10);
    expect(told).toHaveLength(2);
    t.clock.advance(DURABLE_WITHIN_MS - 11);
    expect(told).toHaveLength(2);
    t.clock.advance(1);
    expect(told).toEqual(['payment.started:p1', 'payment.processed:p1', 'payment.started:p2']);
  });
});
