import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DURABLE_WITHIN_MS } from '../../main/store/engine/event-outbox.js';
import type { StoreEvent } from '../../main/store/index.js';
import { lastSeq, seedBill, tempStore, wirePayment } from './helpers.js';

const names = (events: StoreEvent[]) => events.map((e) => `${e.kind}:${e.paymentId}`);

describe('events of relaxed commits', () => {
  let t: ReturnType<typeof tempStore>;
  beforeEach(() => {
    t = tempStore();
    seedBill(t.store);
  });
  afterEach(() => t.cleanup());

  it('reach caches at once, and listeners and the event log once the next durable commit covers them', () => {
    const committed: StoreEvent[][] = [];
    const durable: StoreEvent[][] = [];
    t.store.onCommit((e) => committed.push(e));
    t.store.onEvent((e) => durable.push(e));
    const seq = lastSeq(t.store);

    t.store.startPayment(wirePayment('p1', [{ id: 'beer', price: '62.5', quantity: '1' }]));
    expect(committed.map(names)).toEqual([['payment.started:p1']]);
    expect(durable).toEqual([]);
    expect(lastSeq(t.store)).toBe(seq);
    expect(t.store.eventsAfter(seq)).toEqual([]);

    t.store.processPayment('p1'); // synchronous=FULL: its fsync covers the WAL frames before it
    expect(durable.map(names)).toEqual([['payment.started:p1', 'payment.processed:p1']]);
    expect(names(t.store.eventsAfter(seq))).toEqual(['payment.started:p1', 'payment.processed:p1']);
    expect(lastSeq(t.store)).toBe(seq + 2);
  });

  it('are made durable by a commit of their own DURABLE_WITHIN_MS after, on the store clock, when no other write follows', () => {
    const seq = lastSeq(t.store);
    const durable: StoreEvent[][] = [];
    t.store.onEvent((e) => durable.push(e));
    t.store.startPayment(wirePayment('p1', [{ id: 'beer', price: '62.5', quantity: '1' }]));
    t.clock.advance(DURABLE_WITHIN_MS - 1);
    // Not before: still held.
    expect(durable).toEqual([]);
    expect(t.store.eventsAfter(seq)).toEqual([]);
    t.clock.advance(1);
    // By then: told once, and in the event log.
    expect(durable.map(names)).toEqual([['payment.started:p1']]);
    expect(names(t.store.eventsAfter(seq))).toEqual(['payment.started:p1']);
    expect(t.clock.pending()).toBe(0);
    // That commit is a durable one with one small change of its own.
    const other = new Database(t.file, { readonly: true });
    try {
      expect(other.prepare("SELECT value FROM counters WHERE name = 'durabilitySyncs'").get()).toEqual({ value: 1 });
    } finally {
      other.close();
    }
  });

  it('stay held when their sync fails, and the sync is tried again DURABLE_WITHIN_MS later', () => {
    const seq = lastSeq(t.store);
    t.store.startPayment(wirePayment('p1', [{ id: 'beer', price: '62.5', quantity: '1' }]));
    // Another connection holds the write lock past the busy time-out: the sync's BEGIN fails.
    const other = new Database(t.file);
    try {
      other.exec('BEGIN IMMEDIATE');
      t.clock.advance(DURABLE_WITHIN_MS);
      other.exec('ROLLBACK');
    } finally {
      other.close();
    }
    expect(t.store.eventsAfter(seq)).toEqual([]);
    t.clock.advance(DURABLE_WITHIN_MS - 1);
    expect(t.store.eventsAfter(seq)).toEqual([]);
    t.clock.advance(1);
    expect(names(t.store.eventsAfter(seq))).toEqual(['payment.started:p1']);
  });

  it('wait for no timer once a durable commit came first', () => {
    t.store.startPayment(wirePayment('p1', [{ id: 'beer', price: '62.5', quantity: '1' }]));
    expect(t.clock.nextTimerAt()).toBe(t.clock.now() + DURABLE_WITHIN_MS);
    t.store.processPayment('p1');
    expect(t.clock.pending()).toBe(0);
  });

  it('a relaxed group commit refuses a write it did not declare, which rolls back alone', () => {
    const durable: StoreEvent[][] = [];
    t.store.onEvent((e) => durable.push(e));
    t.store.group(
      () => {
        t.store.startPayment(wirePayment('p1', [{ id: 'beer', price: '62.5', quantity: '1' }]));
        expect(() => t.store.upsertTable({ id: 't9', name: 'Nine' })).toThrow(/relaxed group/);
      },
      { writes: ['startPayment'] },
    );
    expect(t.store.getTable('t9')).toBeNull();
    expect(t.store.getPayment('p1')?.state).toBe('STARTED');
    expect(durable).toEqual([]); // relaxed: held
    t.clock.advance(DURABLE_WITHIN_MS);
    expect(durable.map(names)).toEqual([['payment.started:p1']]);
  });

  it('are never told when the relaxed commit was refused, and a refusal holds nothing back', () => {
    const durable: StoreEvent[][] = [];
    t.store.onEvent((e) => durable.push(e));
    expect(() => t.store.startPayment(wirePayment('p1', [{ id: 'beer', price: '1', quantity: '1' }]))).toThrow(/price/);
    expect(t.store.upsertTable({ id: 't2', name: 'Two' })).toMatchObject({ id: 't2' });
    expect(durable.map((e) => e.map((x) => x.kind))).toEqual([['table.upserted']]);
  });
});
