import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoreEvent } from '../../main/store/index.js';
import { seedBill, tempStore, wirePayment } from './helpers.js';

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
    const seq = t.store.lastSeq();

    t.store.startPayment(wirePayment('p1', [{ id: 'beer', price: '62.5', quantity: '1' }]));
    expect(committed.map(names)).toEqual([['payment.started:p1']]);
    expect(durable).toEqual([]);
    expect(t.store.lastSeq()).toBe(seq);
    expect(t.store.eventsAfter(seq)).toEqual([]);

    t.store.processPayment('p1'); // synchronous=FULL: its fsync covers the WAL frames before it
    expect(durable.map(names)).toEqual([['payment.started:p1', 'payment.processed:p1']]);
    expect(names(t.store.eventsAfter(seq))).toEqual(['payment.started:p1', 'payment.processed:p1']);
    expect(t.store.lastSeq()).toBe(seq + 2);
  });

  it('are made durable by a commit of their own when no other write follows', async () => {
    const seq = t.store.lastSeq();
    const durable = new Promise<StoreEvent[]>((resolve) => t.store.onEvent(resolve));
    t.store.startPayment(wirePayment('p1', [{ id: 'beer', price: '62.5', quantity: '1' }]));
    expect(names(await durable)).toEqual(['payment.started:p1']);
    expect(names(t.store.eventsAfter(seq))).toEqual(['payment.started:p1']);
    // That commit is a durable one with one small change of its own.
    const other = new Database(t.file, { readonly: true });
    try {
      expect(other.prepare("SELECT value FROM counters WHERE name = 'durabilitySyncs'").get()).toEqual({ value: 1 });
    } finally {
      other.close();
    }
  });

  it('are never told when the relaxed commit was refused, and a refusal holds nothing back', () => {
    const durable: StoreEvent[][] = [];
    t.store.onEvent((e) => durable.push(e));
    expect(() => t.store.startPayment(wirePayment('p1', [{ id: 'beer', price: '1', quantity: '1' }]))).toThrow(/price/);
    expect(t.store.upsertTable({ id: 't2', name: 'Two' })).toMatchObject({ id: 't2' });
    expect(durable.map((e) => e.map((x) => x.kind))).toEqual([['table.upserted']]);
  });
});
