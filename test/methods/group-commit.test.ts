import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../main/base/clock.js';
import { silentLogger } from '../../main/base/log.js';
import { MAX_CALLS_PER_COMMIT } from '../../main/features/payments/commit-batcher.js';
import { createMethodDispatcher } from '../../main/adapters/connection/methods-index.js';
import type { MethodDispatcher, MethodOutcome } from '../../main/base/method-types.js';
import { DURABLE_WITHIN_MS } from '../../main/store/engine/event-outbox.js';
import type { StoreEvent, StoreWrite } from '../../main/store/index.js';
import { lastSeq, seedBill, tempStore, wirePayment } from '../store/helpers.js';

const code = (o: MethodOutcome) => ('error' in o ? o.error.code : 'ok');

describe('group commit of payment calls', () => {
  let t: ReturnType<typeof tempStore>;
  let d: MethodDispatcher;
  beforeEach(() => {
    t = tempStore();
    for (const n of [1, 2, 3]) seedBill(t.store, `b${n}`, `t${n}`);
    d = createMethodDispatcher({ store: t.store, log: silentLogger(), clock: systemClock });
  });
  afterEach(() => t.cleanup());

  it('calls arriving together commit together; a refused one rolls back alone', async () => {
    const told: StoreEvent[][] = [];
    t.store.onCommit((events) => told.push(events));
    const durable = new Promise<StoreEvent[]>((resolve) => t.store.onEvent(resolve));
    const seqBefore = lastSeq(t.store);
    const outcomes = await Promise.all([
      d.handle('paymentStart', [wirePayment('p1', [{ id: 'beer', price: '62.5', quantity: '1' }], { idBill: 'b1' })]),
      d.handle('paymentStart', [wirePayment('p2', [{ id: 'beer', price: '999', quantity: '1' }], { idBill: 'b2' })]),
      d.handle('paymentStart', [wirePayment('p3', [{ id: 'beer', price: '62.5', quantity: '2' }], { idBill: 'b3' })]),
    ]);
    expect(outcomes.map(code)).toEqual(['ok', 'ITEMS_CHANGED', 'ok']);
    // One commit, told once, with the events of the two that went through.
    expect(told).toHaveLength(1);
    expect(told[0]!.map((e) => `${e.kind}:${e.paymentId}`)).toEqual(['payment.started:p1', 'payment.started:p3']);
    // paymentStart calls only: a relaxed commit, in the event log once it is durable.
    expect(lastSeq(t.store)).toBe(seqBefore);
    t.clock.advance(DURABLE_WITHIN_MS); // no other write follows: the store's own sync, on its clock
    expect((await durable).map((e) => `${e.kind}:${e.paymentId}`)).toEqual(['payment.started:p1', 'payment.started:p3']);
    expect(lastSeq(t.store)).toBe(seqBefore + 2);
    // Committed: another connection to the file sees both, and nothing of the refused one.
    const other = new Database(t.file, { readonly: true });
    try {
      const ids = other.prepare('SELECT id FROM payments ORDER BY id').all() as { id: string }[];
      expect(ids.map((r) => r.id)).toEqual(['p1', 'p3']);
    } finally {
      other.close();
    }
    expect(t.store.getBill('b2')!.items.every((i) => i.lockedQuantity === '0')).toBe(true);
  });

  it('each batch declares its writes; one of paymentStart calls only commits relaxed, any other call in it makes it durable', async () => {
    // The real store, watched: which writes each batch declared to the store.
    const declared: (readonly StoreWrite[] | undefined)[] = [];
    const store = t.store;
    const watched = Object.assign(Object.create(store) as typeof store, {
      groupCommit: <T>(fn: () => T, options: { writes: readonly StoreWrite[] }) => {
        declared.push(options.writes);
        return store.groupCommit(fn, options);
      },
    });
    const committed: StoreEvent[][] = [];
    store.onCommit((e) => committed.push(e));
    const dw = createMethodDispatcher({ store: watched, log: silentLogger(), clock: systemClock });
    const start = (id: string, bill: string) => dw.handle('paymentStart', [wirePayment(id, [{ id: 'beer', price: '62.5', quantity: '1' }], { idBill: bill })]);
    const seq = lastSeq(store);
    expect((await Promise.all([start('p1', 'b1'), start('p2', 'b2')])).map(code)).toEqual(['ok', 'ok']);
    // Relaxed: committed (the caches heard), but held from the event log until a durable commit.
    expect(committed).toHaveLength(1);
    expect(lastSeq(store)).toBe(seq);
    expect((await Promise.all([start('p3', 'b3'), dw.handle('paymentProcessed', ['p1'])])).map(code)).toEqual(['ok', 'ok']);
    // Durable: it covers the held events too.
    expect(lastSeq(store)).toBe(seq + 4);
    expect(code(await dw.handle('paymentClosed', ['p1', 'PAID']))).toBe('ok');
    expect(declared).toEqual([['startPayment', 'startPayment'], ['startPayment', 'processPayment'], ['closePayment']]);
  });

  it('when the shared commit cannot happen, none of the calls takes effect and each says so', async () => {
    // Another connection holds the write lock past the busy time-out: BEGIN IMMEDIATE fails.
    const other = new Database(t.file);
    other.pragma('busy_timeout = 0');
    other.exec('BEGIN IMMEDIATE');
    try {
      const seqBefore = lastSeq(t.store);
      const outcomes = await Promise.all([
        d.handle('paymentStart', [wirePayment('p1', [{ id: 'beer', price: '62.5', quantity: '1' }], { idBill: 'b1' })]),
        d.handle('paymentStart', [wirePayment('p3', [{ id: 'beer', price: '62.5', quantity: '1' }], { idBill: 'b3' })]),
      ]);
      expect(outcomes.map(code)).toEqual(['INTERNAL_ERROR', 'INTERNAL_ERROR']);
      other.exec('ROLLBACK');
      expect(lastSeq(t.store)).toBe(seqBefore);
      expect(t.store.getPayment('p1')).toBeNull();
      expect(t.store.getPayment('p3')).toBeNull();
    } finally {
      if (other.inTransaction) other.exec('ROLLBACK');
      other.close();
    }
    // And the next call goes through as usual.
    expect(code(await d.handle('paymentStart', [wirePayment('p1', [{ id: 'beer', price: '62.5', quantity: '1' }], { idBill: 'b1' })]))).toBe('ok');
  });

  it('a rush commits at most MAX_CALLS_PER_COMMIT calls per turn of the event loop, so a scan is answered between them', async () => {
    const n = 2 * MAX_CALLS_PER_COMMIT + 3;
    for (let i = 10; i < 10 + n; i++) seedBill(t.store, `b${i}`, `t${i}`);
    const commits: number[] = [];
    t.store.onCommit((events) => commits.push(events.length));
    const calls = Array.from({ length: n }, (_, k) =>
      d.handle('paymentStart', [wirePayment(`p${k}`, [{ id: 'beer', price: '62.5', quantity: '1' }], { idBill: `b${10 + k}` })]),
    );
    // Queued on the turn after the calls: it runs between the first commit and the second.
    const between = new Promise<number>((resolve) => setImmediate(() => resolve(commits.length)));
    expect((await Promise.all(calls)).map(code)).toEqual(Array.from({ length: n }, () => 'ok'));
    expect(commits).toEqual([MAX_CALLS_PER_COMMIT, MAX_CALLS_PER_COMMIT, 3]);
    expect(await between).toBe(1);
  });
});
