import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { PendingCalls } from './pending-calls.js';
import type { CallOutcome } from './pos-channel.js';

// One timer serves every call (armed for the oldest): each call must still time out on its own
// deadline, never earlier, whatever happened to the calls before it.
const BUDGET_MS = 120;

function timed(done: Promise<CallOutcome>): Promise<{ outcome: CallOutcome; at: number }> {
  return done.then((outcome) => ({ outcome, at: performance.now() }));
}

describe('PendingCalls', () => {
  it('an unanswered call fails with TIMEOUT naming the method, not before its budget', async () => {
    const settled: string[] = [];
    const calls = new PendingCalls(BUDGET_MS, (call, o) => settled.push(`${call.method}:${'error' in o ? o.error.code : 'ok'}`));
    const t0 = performance.now();
    const { done } = calls.create('getBill', ['B1', null]);
    const { outcome, at } = await timed(done);
    expect(outcome).toEqual({ error: { code: 'TIMEOUT', message: `The POS did not answer getBill within ${BUDGET_MS} ms.` } });
    expect(at - t0).toBeGreaterThanOrEqual(BUDGET_MS - 1);
    expect(settled).toEqual(['getBill:TIMEOUT']);
    expect(calls.list()).toEqual([]);
  });

  it('answering the oldest call leaves the later ones to time out on their own deadlines', async () => {
    const calls = new PendingCalls(BUDGET_MS);
    const first = calls.create('getTableContents', []);
    const t0 = performance.now();
    // The second call is made 30 ms later, so the timer armed for the first must be re-armed for
    // it. (This gap is what is tested, not a wait for something to happen.)
    await new Promise((resolve) => setTimeout(resolve, 30));
    const second = calls.create('paymentStart', []);
    const t1 = performance.now();
    expect(t1 - t0).toBeGreaterThanOrEqual(20);
    expect(calls.settle(first.call.uuid, { result: [] })).toBe(true);
    expect(await first.done).toEqual({ result: [] });
    const { outcome, at } = await timed(second.done);
    expect(outcome).toMatchObject({ error: { code: 'TIMEOUT' } });
    expect(at - t1).toBeGreaterThanOrEqual(BUDGET_MS - 1);
    expect(calls.has(second.call.uuid)).toBe(false);
  });

  it('an answered call never times out; a late answer is refused', async () => {
    const calls = new PendingCalls(BUDGET_MS);
    const a = calls.create('noop', []);
    const b = calls.create('noop', []);
    expect(calls.settle(a.call.uuid, { result: null })).toBe(true);
    expect(await a.done).toEqual({ result: null });
    expect(await b.done).toMatchObject({ error: { code: 'TIMEOUT' } }); // after a's deadline too
    expect(calls.settle(a.call.uuid, { result: 'late' })).toBe(false);
    expect(calls.settle(b.call.uuid, { result: 'late' })).toBe(false);
  });

  it('failAll settles every pending call with the given error, oldest first', async () => {
    const order: string[] = [];
    const calls = new PendingCalls(60_000, (call) => order.push(call.method));
    const x = calls.create('paymentProcessed', []);
    const y = calls.create('paymentClosed', []);
    calls.failAll('CONNECTION_LOST', 'The WebSocket closed.');
    expect(await x.done).toEqual({ error: { code: 'CONNECTION_LOST', message: 'The WebSocket closed.' } });
    expect(await y.done).toEqual({ error: { code: 'CONNECTION_LOST', message: 'The WebSocket closed.' } });
    expect(order).toEqual(['paymentProcessed', 'paymentClosed']);
    expect(calls.list()).toEqual([]);
  });
});
