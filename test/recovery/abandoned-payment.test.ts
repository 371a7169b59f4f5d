import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompanionEvent, PaymentView } from '../../preload/contract.js';
import { ManualClock } from '../../main/base/clock.js';
import { createCompanion } from '../../main/app/companion.js';
import { silentLogger } from '../../main/base/log.js';
import { createMethodDispatcher } from '../../main/adapters/connection/methods-index.js';
import { createConnection } from '../../main/adapters/connection/connection.js';
import { openTestStore } from '../store/test-store.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { BEER, cleanup, PosApi, tempDir } from '../integration/helpers/harness.js';
import { seedBill } from '../store/helpers.js';
import { recordingProxy } from './helpers/recording-proxy.js';

/**
 * Through the real sandbox: the service abandons a payment after paymentStart (the
 * `abandon-payment` fault: CANCELLED at the service, nothing said to the POS). The bill stays
 * locked, so the next guest at that table is refused, until the companion asks about the silent
 * payment 2 minutes (companion clock) later — not at the 5-minute recovery sweep.
 */
const MIN = 60_000;
// Heartbeats far apart: moving the manual clock must not end the link (a reconnect would run recovery itself).
const QUIET = { pingIntervalMs: 30 * MIN, pongTimeoutMs: 30 * MIN, restartDelayMs: 150, backoff: { minMs: 30, maxMs: 300 } };

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Resolves with the first payment event that matches, or fails after `deadlineMs` of real time. */
function paymentEvent(
  subscribe: (l: (e: CompanionEvent) => void) => () => void,
  match: (p: PaymentView) => boolean,
  deadlineMs = 10_000,
): Promise<PaymentView> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error('no matching payment event'));
    }, deadlineMs);
    const off = subscribe((e) => {
      if (e.type === 'payment' && match(e.payment)) {
        clearTimeout(timer);
        off();
        resolve(e.payment);
      }
    });
  });
}

async function abandonOne(sandbox: Sandbox, tableId: string): Promise<string> {
  sandbox.injectFault({ kind: 'abandon-payment' });
  const abandoned = await sandbox.guestPay({ idTable: tableId, items: [{ id: 'beer', quantity: '1' }] });
  expect(abandoned.outcome).toBe('cancelled');
  expect(abandoned.steps.map((s) => [s.method, s.ok])).toEqual([
    ['getTableContents', true],
    ['getBill', true],
    ['paymentStart', true],
  ]);
  return abandoned.payment.id;
}

/** The next guest at the table: refused while the abandoned payment holds the bill. */
async function nextGuestRefused(sandbox: Sandbox, tableId: string): Promise<void> {
  const refused = await sandbox.guestPay({ idTable: tableId, items: [{ id: 'beer', quantity: '1' }] });
  expect(refused.outcome).toBe('cancelled');
  expect(refused.steps.at(-1)).toMatchObject({ method: 'paymentStart', ok: false, error: { code: 'BILL_LOCKED' } });
}

describe('a payment the service abandons', () => {
  it('over WebSocket: the table is refused at 1:59 and usable again at 2:00 (companion clock)', async () => {
    const sandbox = await startSandbox({ callTimeoutMs: 5_000 });
    cleanups.push(() => sandbox.close());
    const dataDir = tempDir();
    cleanups.push(() => cleanup(dataDir));
    const clock = new ManualClock();
    const companion = await createCompanion({
      dataDir,
      clock,
      apiKey: sandbox.restaurant.apiKey,
      settings: { environment: 'sandbox', serviceUrl: sandbox.url, transport: 'ws', posApiPort: 0, posId: randomUUID() },
      log: silentLogger(),
      tuning: QUIET,
    });
    const connected = new Promise<void>((resolve) => companion.api.onEvent((e) => e.type === 'connection' && e.connection.status === 'connected' && resolve()));
    await companion.start();
    cleanups.push(() => companion.stop());
    await connected;
    const pos = new PosApi(companion.posApiUrl, companion.posApiToken);
    await pos.seed('t1', 'b1', [BEER]);

    const id = await abandonOne(sandbox, 't1');
    expect((await pos.bill('b1')).body.items[0]).toMatchObject({ lockedQuantity: '1', paidQuantity: '0' });

    await clock.advanceAsync(2 * MIN - 1);
    await nextGuestRefused(sandbox, 't1');
    expect((await pos.bill('b1')).body.items[0]).toMatchObject({ lockedQuantity: '1' });

    const released = paymentEvent(
      (l) => companion.api.onEvent(l),
      (p) => p.id === id && p.state === 'CANCELLED',
    );
    await clock.advanceAsync(1);
    expect(await released).toMatchObject({ id, state: 'CANCELLED', closedState: 'CANCELLED' });
    expect((await pos.bill('b1')).body.items[0]).toMatchObject({ lockedQuantity: '0', paidQuantity: '0' });

    const paid = await sandbox.guestPay({ idTable: 't1', items: [{ id: 'beer', quantity: '1' }] });
    expect(paid.outcome).toBe('paid');
    expect((await pos.bill('b1')).body.items[0]).toMatchObject({ lockedQuantity: '0', paidQuantity: '1' });
  });

  it('over webhooks: asked with POST /api/v4/pos/get-payment at 2:00, not before', async () => {
    const sandbox = await startSandbox({ callTimeoutMs: 5_000, webhookPingMs: 0 });
    cleanups.push(() => sandbox.close());
    // The companion's REST calls go through a recording proxy; the sandbox posts webhooks to the receiver directly.
    const proxy = await recordingProxy(sandbox.url);
    cleanups.push(() => proxy.close());
    const asks = () => proxy.seen.filter((r) => r === 'POST /api/v4/pos/get-payment').length;
    const dir = tempDir();
    cleanups.push(() => cleanup(dir));
    // The receiver checks deliveries' times against this clock: it starts at the sandbox's time.
    const clock = new ManualClock(Date.now());
    const store = openTestStore({ file: join(dir, 'tableside.sqlite'), clock });
    cleanups.push(() => store.close());
    seedBill(store, 'b1', 't1');
    const released = new Promise<string>((resolve) =>
      store.onEvent((events) => {
        for (const e of events) if (e.kind === 'payment.cancelled' && e.paymentId) resolve(e.paymentId);
      }),
    );
    const link = createConnection({
      config: {
        serviceUrl: proxy.url,
        apiKey: sandbox.restaurant.apiKey,
        posId: randomUUID(),
        transport: 'webhook',
        serviceName: 'qerko',
        language: 'en',
        webhook: { host: '127.0.0.1', port: 0, publicUrl: '' },
      },
      store,
      dispatcher: createMethodDispatcher({ store, log: silentLogger(), clock }),
      clock,
      log: silentLogger(),
      onState: () => undefined,
      onRestaurant: () => undefined,
      tuning: QUIET,
    });
    const connected = new Promise<void>((resolve) => link.transport.onConnected(() => resolve()));
    await link.start();
    cleanups.push(() => link.stop());
    await connected;

    const id = await abandonOne(sandbox, 't1');
    expect(asks()).toBe(0);
    await clock.advanceAsync(2 * MIN - 1);
    sandbox.advanceClock(2 * MIN - 1);
    await nextGuestRefused(sandbox, 't1');
    expect(asks()).toBe(0);

    await clock.advanceAsync(1);
    sandbox.advanceClock(1);
    expect(await released).toBe(id);
    expect(asks()).toBe(1);
    expect(proxy.seen.filter((r) => r.startsWith('GET /api/v2/pos/payment/'))).toEqual([]);
    expect(store.getPayment(id)).toMatchObject({ state: 'CANCELLED', closedState: 'CANCELLED' });
    const paid = await sandbox.guestPay({ idTable: 't1', items: [{ id: 'beer', quantity: '1' }] });
    expect(paid.outcome).toBe('paid');
  });
});
