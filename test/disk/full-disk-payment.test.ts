import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmdirSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../main/base/clock.js';
import { createLogger } from '../../main/base/log.js';
import { PassThrough } from 'node:stream';
import { createMethodDispatcher } from '../../main/adapters/connection/methods-index.js';
import type { MethodDispatcher, MethodOutcome } from '../../main/base/method-types.js';
import { openTestStore, type TestStore } from '../store/test-store.js';
import { seedBill, wirePayment } from '../store/helpers.js';

/**
 * A payment the disk cannot take is answered with an error, never acknowledged, and counts once
 * when the service asks again after space returns. The disk is a real one: a 4 MB tmpfs (this
 * needs root, as the test machines run), filled by a file until the kernel says ENOSPC.
 */

const code = (o: MethodOutcome) => ('error' in o ? o.error.code : 'ok');

/** Writes until the volume refuses (ENOSPC): afterwards no file on it can grow. */
function fillUp(file: string): void {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) {
      const free = statfsSync(file).bavail * statfsSync(file).bsize;
      writeSync(fd, free >= chunk.length ? chunk : chunk.subarray(0, Math.max(free, 1)));
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
  } finally {
    closeSync(fd);
  }
}

describe('a payment on a full disk', () => {
  let mount: string;
  let store: TestStore;
  let d: MethodDispatcher;
  let logged: string[];
  beforeEach(() => {
    mount = mkdtempSync(join(tmpdir(), 'tableside-full-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mount]);
    store = openTestStore({ file: join(mount, 'tableside.sqlite'), clock: new ManualClock(Date.now()) });
    seedBill(store);
    logged = [];
    const lines = new PassThrough();
    lines.on('data', (chunk: Buffer) => logged.push(...chunk.toString().split('\n').filter(Boolean)));
    d = createMethodDispatcher({ store, log: createLogger({ level: 'error', destination: lines }), clock: new ManualClock(Date.now()) });
  });
  afterEach(() => {
    store.close();
    // Lazy: the WAL's fsync handle closes on the threadpool a moment after the store does.
    execFileSync('umount', ['--lazy', mount]);
    rmdirSync(mount);
  });

  it('is answered with an error, not acknowledged, and applied exactly once when retried after space returns', async () => {
    const pay = wirePayment('p1', [{ id: 'beer', price: '62.5', quantity: '1' }]);
    expect(code(await d.handle('paymentStart', [pay]))).toBe('ok');
    expect(code(await d.handle('paymentProcessed', ['p1']))).toBe('ok');

    const filler = join(mount, 'filler');
    fillUp(filler);
    // Whatever room the WAL had left is used up by writes that fail, until the store refuses too.
    let refused: MethodOutcome | null = null;
    for (let n = 0; n < 200 && refused === null; n += 1) {
      const outcome = await d.handle('paymentClosed', ['p1', 'PAID']);
      if ('error' in outcome) refused = outcome;
      else throw new Error('paymentClosed was acknowledged on a full disk');
    }
    expect(refused).toMatchObject({ error: { code: 'INTERNAL_ERROR' } });
    // It was the disk: SQLite said SQLITE_FULL, and the log says so.
    expect(logged.join('\n')).toContain('SQLITE_FULL');
    expect(store.getPayment('p1')).toMatchObject({ state: 'PROCESSED' });
    expect(store.getBill('b1')!.items.find((i) => i.id === 'beer')).toMatchObject({ paidQuantity: '0', lockedQuantity: '1' });

    rmSync(filler);
    expect(code(await d.handle('paymentClosed', ['p1', 'PAID']))).toBe('ok');
    expect(code(await d.handle('paymentClosed', ['p1', 'PAID']))).toBe('ok');
    expect(store.getPayment('p1')).toMatchObject({ state: 'PAID' });
    expect(store.getBill('b1')!.items.find((i) => i.id === 'beer')).toMatchObject({ paidQuantity: '1', lockedQuantity: '0' });
    const paidEvents = store.eventsAfter(0, 1_000).filter((e) => e.kind === 'payment.paid');
    expect(paidEvents).toHaveLength(1);
  });
});
