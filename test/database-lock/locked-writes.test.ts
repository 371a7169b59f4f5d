import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseView } from '../../preload/contract.js';
import { ManualClock } from '../../main/base/clock.js';
import { attempt, ok } from '../../main/base/command-result.js';
import { createLogger, silentLogger } from '../../main/base/log.js';
import type { MethodDispatcher, MethodOutcome } from '../../main/base/method-types.js';
import { createMethodDispatcher } from '../../main/adapters/connection/methods-index.js';
import { startPosApi, type PosApi } from '../../main/app/pos-api.js';
import { createDatabaseWatch, LOCK_CHECK_MS, LOCK_SHOWN_AFTER_MS } from '../../main/app/database-watch.js';
import { openTestStore, type TestStore } from '../store/test-store.js';
import { seedBill, wirePayment } from '../store/helpers.js';
import { holdWriteLock, type LockHolder } from './lock-holder.js';

/**
 * Another process holds the bill database's write lock (a real one: a second Node process with
 * BEGIN IMMEDIATE on the same file). Reads go on, every write is refused at once with an answer
 * that says "try again", nothing is applied half-way, the event loop keeps turning, and once the
 * lock is let go the service's retry applies the payment exactly once.
 */

const code = (o: MethodOutcome) => ('error' in o ? o.error.code : 'ok');
const TOKEN = 't'.repeat(64);

describe('a bill database another process holds', () => {
  let dir: string;
  let clock: ManualClock;
  let store: TestStore;
  let d: MethodDispatcher;
  let logged: string[];
  let holder: LockHolder | null;
  let api: PosApi | null;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tableside-locked-'));
    clock = new ManualClock(Date.parse('2026-11-28T19:00:00Z'));
    store = openTestStore({ file: join(dir, 'tableside.sqlite'), clock });
    seedBill(store);
    logged = [];
    const lines = new PassThrough();
    lines.on('data', (chunk: Buffer) => logged.push(...chunk.toString().split('\n').filter(Boolean)));
    d = createMethodDispatcher({ store, log: createLogger({ level: 'warn', destination: lines }), clock });
    holder = null;
    api = null;
  });
  afterEach(async () => {
    await holder?.release().catch(() => undefined);
    await api?.close();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers scans, refuses the payment without applying it, keeps the loop turning, and applies the retry once', async () => {
    const pay = wirePayment('p1', [{ id: 'beer', price: '62.50', quantity: '1' }]);
    expect(code(await d.handle('paymentStart', [pay]))).toBe('ok');
    expect(code(await d.handle('paymentProcessed', ['p1']))).toBe('ok');

    // A chain of turns of the event loop, counted while the writes are refused.
    let turns = 0;
    let spinning = true;
    const spin = () => {
      turns += 1;
      if (spinning) setImmediate(spin);
    };
    setImmediate(spin);

    holder = await holdWriteLock(join(dir, 'tableside.sqlite'));
    for (let n = 0; n < 5; n += 1) {
      // A guest scanning the table is answered: reads take no lock in WAL mode.
      const scan = await d.handle('getTableContents', ['t1', null]);
      expect(code(scan)).toBe('ok');
      const before = turns;
      const refused = await d.handle('paymentClosed', ['p1', 'PAID']);
      // An error, never a success: the service asks again later.
      expect(refused).toMatchObject({ error: { code: 'INTERNAL_ERROR' } });
      // The loop turns between one refused write and the next: none of them held it for good.
      await new Promise<void>((resolve) => setImmediate(resolve));
      expect(turns).toBeGreaterThan(before);
    }
    spinning = false;
    expect(logged.join('\n')).toContain('SQLITE_BUSY');
    expect(store.getPayment('p1')).toMatchObject({ state: 'PROCESSED' });
    expect(store.getBill('b1')!.items.find((i) => i.id === 'beer')).toMatchObject({ paidQuantity: '0', lockedQuantity: '1' });
    expect(store.writeLock.state().refusedSince).toBe(clock.now());

    // The cashier's command says what happened, in its own code.
    const cashier = await attempt(silentLogger(), 'putBill', () => {
      store.putBill({ id: 'b2', tableId: 't1', name: 'Bar', currency: 'CZK', items: [{ id: 'tea', name: 'Tea', price: '45', quantity: '1' }] });
      return ok(null);
    });
    expect(cashier).toEqual({ ok: false, error: { code: 'DATABASE_BUSY', action: 'putBill' } });
    expect(store.getBill('b2')).toBeNull();

    await holder.release();
    holder = null;
    expect(code(await d.handle('paymentClosed', ['p1', 'PAID']))).toBe('ok');
    expect(code(await d.handle('paymentClosed', ['p1', 'PAID']))).toBe('ok');
    expect(store.getPayment('p1')).toMatchObject({ state: 'PAID' });
    expect(store.getBill('b1')!.items.find((i) => i.id === 'beer')).toMatchObject({ paidQuantity: '1', lockedQuantity: '0' });
    expect(store.eventsAfter(0, 1_000).filter((e) => e.kind === 'payment.paid')).toHaveLength(1);
    expect(store.writeLock.state().refusedSince).toBeNull();
  });

  it('answers the POS 503 with Retry-After and changes nothing', async () => {
    api = await startPosApi({ store, port: 0, token: TOKEN, log: silentLogger(), clock, now: () => clock.now() });
    const put = (name: string) =>
      fetch(`http://127.0.0.1:${api!.port}/v1/bills/b1`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ tableId: 't1', currency: 'CZK', name, items: [{ id: 'beer', name: 'Beer', price: '62.50', quantity: '2' }] }),
      });
    holder = await holdWriteLock(join(dir, 'tableside.sqlite'));
    const refused = await put('Renamed');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/);
    expect(await refused.json()).toMatchObject({ error: { code: 'DATABASE_BUSY' } });
    // Reads answer as usual.
    const read = await fetch(`http://127.0.0.1:${api.port}/v1/bills/b1`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(read.status).toBe(200);
    expect(store.getBill('b1')!.name).toBe('Window');

    await holder.release();
    holder = null;
    expect((await put('Renamed')).status).toBe(200);
    expect(store.getBill('b1')!.name).toBe('Renamed');
  });

  it('is shown once refusals last, and clears by itself when the lock is let go though no write comes', async () => {
    const views: DatabaseView[] = [];
    const watch = createDatabaseWatch({ engine: store, clock, log: silentLogger(), changed: (v) => views.push(v) });
    watch.start();
    try {
      holder = await holdWriteLock(join(dir, 'tableside.sqlite'));
      expect(code(await d.handle('paymentStart', [wirePayment('p2', [{ id: 'water', price: '40', quantity: '1' }])]))).toBe('INTERNAL_ERROR');
      const since = clock.now();
      // Refused, but not for long yet: not shown.
      await clock.advanceAsync(LOCK_CHECK_MS);
      expect(views).toEqual([]);
      expect(watch.view()).toEqual({ locked: false, since: null });
      await clock.advanceAsync(LOCK_SHOWN_AFTER_MS);
      expect(views).toEqual([{ locked: true, since }]);
      expect(watch.view().locked).toBe(true);

      await holder.release();
      holder = null;
      // No write comes; the watch's own try of the lock ends the state.
      await clock.advanceAsync(LOCK_CHECK_MS);
      expect(views).toEqual([
        { locked: true, since },
        { locked: false, since: null },
      ]);
      expect(store.writeLock.state().refusedSince).toBeNull();
    } finally {
      watch.stop();
    }
  });

  it('arms its timer only from a refused write until the state ends', async () => {
    const timers = clock.pending();
    const watch = createDatabaseWatch({ engine: store, clock, log: silentLogger(), changed: () => undefined });
    watch.start();
    try {
      // Writes go through: nothing wakes the till for the watch.
      expect(clock.pending()).toBe(timers);
      holder = await holdWriteLock(join(dir, 'tableside.sqlite'));
      expect(code(await d.handle('paymentStart', [wirePayment('p2', [{ id: 'water', price: '40', quantity: '1' }])]))).toBe('INTERNAL_ERROR');
      expect(clock.pending()).toBe(timers + 1);
      await holder.release();
      holder = null;
      await clock.advanceAsync(LOCK_CHECK_MS);
      expect(store.writeLock.state().refusedSince).toBeNull();
      expect(clock.pending()).toBe(timers);
    } finally {
      watch.stop();
    }
  });
});
