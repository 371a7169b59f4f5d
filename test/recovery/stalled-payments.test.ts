import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/base/log.js';
import { createMethodDispatcher } from '../../main/adapters/connection/methods-index.js';
import type { MethodDispatcher } from '../../main/base/method-types.js';
import { StalledPayments } from '../../main/features/payments/recovery/index.js';
import type { Payment } from '../../main/base/wire/index.js';
import { seedBill, tempStore, wirePayment } from '../store/helpers.js';

/**
 * A payment the service stops calling about is asked after 2 minutes of silence, then every
 * minute, on the injected clock: never earlier, never later. The store is real (SQLite on a temp
 * file) and the calls go through the real dispatcher; the service's answers are scripted per test.
 */
const MIN = 60_000;
const BEER = [{ id: 'beer', price: '62.5', quantity: '1' }];

let t: ReturnType<typeof tempStore>;
let watch: StalledPayments;
let dispatcher: MethodDispatcher;
let asked: { id: string; at: number }[];
/** What the service answers next, per payment: a state, 404 (null) or a network failure. */
let answers: Map<string, (string | null | Error)[]>;

function service(id: string): Promise<Payment | null> {
  asked.push({ id, at: t.clock.now() });
  const queued = answers.get(id) ?? [];
  const next = queued.length > 0 ? queued.shift()! : 'STARTED';
  if (next instanceof Error) return Promise.reject(next);
  return Promise.resolve(next === null ? null : { ...wirePayment(id, BEER), state: next });
}

const call = (method: string, ...args: unknown[]) => dispatcher.handle(method, args, { transport: 'ws', callId: null });
const lockedBeer = () => t.store.getBill('b1')?.items.find((i) => i.id === 'beer')?.lockedQuantity;

beforeEach(() => {
  t = tempStore();
  seedBill(t.store);
  asked = [];
  answers = new Map();
  watch = new StalledPayments({ store: t.store, getPayment: service, clock: t.clock, log: silentLogger() });
  dispatcher = watch.observe(createMethodDispatcher({ store: t.store, log: silentLogger(), clock: t.clock }));
  watch.start();
});
afterEach(async () => {
  await watch.stop();
  t.cleanup();
});

describe('a payment the service went silent about', () => {
  it('is not asked at 1:59, is asked at 2:00, then every minute while the service says STARTED', async () => {
    expect(await call('paymentStart', wirePayment('p1', BEER))).toEqual({ result: null });
    const start = t.clock.now();
    await t.clock.advanceAsync(2 * MIN - 1);
    expect(asked).toEqual([]);
    await t.clock.advanceAsync(1);
    expect(asked).toEqual([{ id: 'p1', at: start + 2 * MIN }]);
    expect(lockedBeer()).toBe('1');

    await t.clock.advanceAsync(MIN - 1);
    expect(asked).toHaveLength(1);
    await t.clock.advanceAsync(1);
    expect(asked.map((a) => a.at - start)).toEqual([2 * MIN, 3 * MIN]);

    answers.set('p1', ['CANCELLED']);
    await t.clock.advanceAsync(MIN);
    expect(asked.map((a) => a.at - start)).toEqual([2 * MIN, 3 * MIN, 4 * MIN]);
    expect(t.store.getPayment('p1')).toMatchObject({ state: 'CANCELLED', closedState: 'CANCELLED' });
    expect(lockedBeer()).toBe('0');
    // Settled: nothing is asked again.
    expect(watch.watched()).toEqual([]);
    await t.clock.advanceAsync(10 * MIN);
    expect(asked).toHaveLength(3);
  });

  it('a paymentProcessed in between starts the silence again; the service then says PAID', async () => {
    await call('paymentStart', wirePayment('p1', BEER));
    const start = t.clock.now();
    await t.clock.advanceAsync(90_000);
    expect(await call('paymentProcessed', 'p1')).toMatchObject({ result: { receiptInfo: expect.any(Object) } });
    await t.clock.advanceAsync(2 * MIN - 1); // 3:29.999 after the start, 1:59.999 after paymentProcessed
    expect(asked).toEqual([]);
    answers.set('p1', ['PAID']);
    await t.clock.advanceAsync(1);
    expect(asked).toEqual([{ id: 'p1', at: start + 90_000 + 2 * MIN }]);
    expect(t.store.getPayment('p1')?.state).toBe('PAID');
    expect(t.store.getBill('b1')?.items.find((i) => i.id === 'beer')).toMatchObject({ paidQuantity: '1', lockedQuantity: '0' });
  });

  it('a network error asks again a minute later; 404 unlocks', async () => {
    await call('paymentStart', wirePayment('p1', BEER));
    const start = t.clock.now();
    answers.set('p1', [new Error('connect ECONNREFUSED'), null]);
    await t.clock.advanceAsync(3 * MIN - 1);
    expect(asked.map((a) => a.at - start)).toEqual([2 * MIN]);
    expect(lockedBeer()).toBe('1');
    await t.clock.advanceAsync(1);
    expect(asked.map((a) => a.at - start)).toEqual([2 * MIN, 3 * MIN]);
    expect(t.store.getPayment('p1')).toMatchObject({ state: 'CANCELLED', closedState: 'NOT_FOUND' });
    expect(lockedBeer()).toBe('0');
  });

  it('a payment closed by the service is never asked about', async () => {
    await call('paymentStart', wirePayment('p1', BEER));
    await call('paymentClosed', 'p1', 'CANCELLED');
    await t.clock.advanceAsync(10 * MIN);
    expect(asked).toEqual([]);
  });

  it('an authorised manual-capture payment waits for the cashier, not for the service', async () => {
    await call('paymentStart', wirePayment('m1', BEER, { captureMode: 'manual' }));
    await call('paymentProcessed', 'm1');
    await t.clock.advanceAsync(10 * MIN);
    expect(asked).toEqual([]);
    expect(lockedBeer()).toBe('1');
  });
});

describe('after a restart', () => {
  it('a payment left open in the store is asked 2 minutes after its last change, not 2 minutes after the start', async () => {
    await watch.stop();
    t.store.startPayment(wirePayment('p1', BEER));
    const lockedAt = t.clock.now();
    t.clock.set(lockedAt + 90_000); // the companion was down for a minute and a half
    watch = new StalledPayments({ store: t.store, getPayment: service, clock: t.clock, log: silentLogger() });
    watch.start();
    answers.set('p1', ['CANCELLED']);
    await t.clock.advanceAsync(30_000 - 1);
    expect(asked).toEqual([]);
    await t.clock.advanceAsync(1);
    expect(asked).toEqual([{ id: 'p1', at: lockedAt + 2 * MIN }]);
    expect(lockedBeer()).toBe('0');
  });

  it('stop cancels every question: nothing is asked afterwards', async () => {
    await call('paymentStart', wirePayment('p1', BEER));
    expect(watch.watched()).toEqual(['p1']);
    await watch.stop();
    expect(watch.watched()).toEqual([]);
    await t.clock.advanceAsync(10 * MIN);
    expect(asked).toEqual([]);
  });
});
