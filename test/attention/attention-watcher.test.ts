import { afterEach, describe, expect, it } from 'vitest';
import type { AttentionEntry } from '../../preload/contract.js';
import { ATTENTION_PUSH_MS, ATTENTION_RECHECK_MS, createAttentionWatcher, SILENCE_LIMIT_MS } from '../../main/features/attention/index.js';
import { seedBill, tempStore, wirePayment } from '../store/helpers.js';

let cleanup = () => {};
afterEach(() => cleanup());

/** A store event is told once durable: a startPayment's after its 50 ms window (event-outbox.ts). */
async function settle(clock: { advanceAsync(ms: number): Promise<void> }): Promise<void> {
  await clock.advanceAsync(60);
}

describe('the Needs attention watcher', () => {
  it('pushes the list when a commit changes it, once per change; nothing when a commit does not', async () => {
    const t = tempStore();
    seedBill(t.store);
    const pushed: AttentionEntry[][] = [];
    const watcher = createAttentionWatcher({ store: t.store, clock: t.clock, push: (e) => pushed.push(e), listening: () => true });
    cleanup = () => {
      watcher.stop();
      t.cleanup();
    };
    watcher.start();
    pushed.length = 0; // the baseline
    t.clock.advance(ATTENTION_PUSH_MS);
    t.store.recordServiceError({ code: 'X', message: 'boom' });
    expect(pushed.map((l) => l.map((e) => e.kind))).toEqual([['service-error']]);
    t.clock.advance(ATTENTION_PUSH_MS);
    t.store.putBill({ id: 'b2', tableId: 't1', currency: 'CZK', items: [] }); // bill.updated: not a trigger
    t.store.recordServiceError({ code: 'X', message: 'boom' });
    expect(pushed).toHaveLength(2);
    t.clock.advance(ATTENTION_PUSH_MS);
    t.store.resolveAttention({ entryId: pushed[1]![0]!.id, kind: 'service-error', action: 'acknowledge', note: null });
    expect(pushed.map((l) => l.length)).toEqual([1, 2, 1]);
  });

  it('computes the list at most once per window while commits keep coming, the state at the window end', () => {
    const t = tempStore();
    seedBill(t.store);
    const pushed: AttentionEntry[][] = [];
    let computed = 0;
    const read = new Proxy(t.store.read, {
      get(target, key, receiver) {
        computed++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const store = { read, onEvent: t.store.onEvent };
    const watcher = createAttentionWatcher({ store, clock: t.clock, push: (e) => pushed.push(e), listening: () => true });
    cleanup = () => {
      watcher.stop();
      t.cleanup();
    };
    watcher.start();
    t.clock.advance(ATTENTION_PUSH_MS);
    pushed.length = 0;
    computed = 0;
    // The first change after a quiet moment at once; four more in the window: none computed yet.
    t.store.recordServiceError({ code: 'X', message: 'one' });
    expect(pushed.map((l) => l.length)).toEqual([1]);
    const once = computed;
    expect(once).toBeGreaterThan(0);
    for (let i = 2; i <= 5; i++) t.store.recordServiceError({ code: 'X', message: `error ${i}` });
    expect(computed).toBe(once);
    t.clock.advance(ATTENTION_PUSH_MS - 1);
    expect(pushed).toHaveLength(1);
    // At the window's end: computed once more, with all five.
    t.clock.advance(1);
    expect(computed).toBe(2 * once);
    expect(pushed.map((l) => l.length)).toEqual([1, 5]);
  });

  it('an entry that comes with age alone is pushed by the recheck: not before its limit, at most one recheck after', async () => {
    const t = tempStore();
    seedBill(t.store);
    const pushed: AttentionEntry[][] = [];
    const watcher = createAttentionWatcher({ store: t.store, clock: t.clock, push: (e) => pushed.push(e), listening: () => true });
    cleanup = () => {
      watcher.stop();
      t.cleanup();
    };
    watcher.start();
    t.store.startPayment(wirePayment('p1', [{ id: 'beer', price: '62.50', quantity: '1' }]));
    const startedAt = t.clock.now();
    await settle(t.clock);
    pushed.length = 0;
    await t.clock.advanceAsync(startedAt + SILENCE_LIMIT_MS - 1 - t.clock.now());
    expect(pushed).toEqual([]); // not too early
    await t.clock.advanceAsync(ATTENTION_RECHECK_MS + 1);
    expect(pushed.map((l) => l.map((e) => e.id))).toEqual([['unsettled-payment:p1']]); // not too late
  });

  it('computes nothing while nobody listens, and pushes the next change once someone does; stop() ends its timer', () => {
    const t = tempStore();
    cleanup = t.cleanup;
    seedBill(t.store);
    let listening = false;
    const pushed: AttentionEntry[][] = [];
    const before = t.clock.pending();
    const watcher = createAttentionWatcher({ store: t.store, clock: t.clock, push: (e) => pushed.push(e), listening: () => listening });
    watcher.start();
    t.store.recordServiceError({ code: 'X', message: 'one' });
    expect(pushed).toEqual([]);
    listening = true;
    t.clock.advance(ATTENTION_PUSH_MS);
    t.store.recordServiceError({ code: 'X', message: 'two' });
    expect(pushed.map((l) => l.length)).toEqual([2]);
    watcher.stop();
    expect(t.clock.pending()).toBe(before);
    t.store.recordServiceError({ code: 'X', message: 'three' });
    expect(pushed).toHaveLength(1);
  });

  it('arms its age recheck only while someone listens: no timer for a headless till, one once a listener comes', async () => {
    const t = tempStore();
    cleanup = t.cleanup;
    seedBill(t.store);
    let listening = false;
    const pushed: AttentionEntry[][] = [];
    const before = t.clock.pending();
    const watcher = createAttentionWatcher({ store: t.store, clock: t.clock, push: (e) => pushed.push(e), listening: () => listening });
    watcher.start();
    expect(t.clock.pending()).toBe(before);
    await t.clock.advanceAsync(10 * ATTENTION_RECHECK_MS);
    expect(t.clock.pending()).toBe(before);
    listening = true;
    watcher.listeningChanged();
    expect(t.clock.pending()).toBe(before + 1);
    // An entry that comes with age alone reaches the listener by the recheck, no commit needed.
    t.store.startPayment(wirePayment('p1', [{ id: 'beer', price: '62.50', quantity: '1' }]));
    await settle(t.clock);
    pushed.length = 0;
    await t.clock.advanceAsync(SILENCE_LIMIT_MS + ATTENTION_RECHECK_MS);
    expect(pushed.map((l) => l.map((e) => e.id))).toEqual([['unsettled-payment:p1']]);
    listening = false;
    watcher.listeningChanged();
    expect(t.clock.pending()).toBe(before);
    watcher.stop();
  });
});
