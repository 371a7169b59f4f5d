import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentReceiptView } from '../../preload/contract.js';
import { createCompanion } from '../../main/app/companion.js';
import type { Companion } from '../../main/base/host-types.js';
import { silentLogger } from '../../main/base/log.js';
import type { Receipt } from '../../main/base/wire/index.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { cleanup, FAST, PosApi, tempDir } from '../integration/helpers/harness.js';
import { fiscalReceipt } from './helpers.js';
import { TcpProxy, until } from './tcp-proxy.js';

interface SandboxPayment {
  payment: { id: string };
  postponed: boolean;
  providedReceipt: Receipt | null;
}

/**
 * The POSTPONED flow end to end: a real companion (SQLite file in a temp dir, local POS API, ws
 * transport) with receiptMode POSTPONED, the real sandbox behind a TCP relay that takes the service
 * down and brings it back, and a restart between the POS's receipt and the service's acceptance.
 */
describe('POSTPONED receipts: the main POS gives the fiscal receipt', () => {
  let sandbox: Sandbox;
  let proxy: TcpProxy;
  let dataDir: string;
  const running: Companion[] = [];
  afterEach(async () => {
    for (const c of running.splice(0)) await c.stop();
    await proxy.down();
    await sandbox.close();
    cleanup(dataDir);
  });

  const posId = randomUUID();
  async function start(): Promise<{ companion: Companion; pos: PosApi }> {
    const companion = await createCompanion({
      dataDir,
      apiKey: sandbox.restaurant.apiKey,
      settings: { environment: 'sandbox', serviceUrl: proxy.url, transport: 'ws', posApiPort: 0, posId, autoCloseBills: false, receiptMode: 'POSTPONED' },
      log: silentLogger(),
      tuning: FAST,
    });
    running.push(companion);
    await companion.start();
    return { companion, pos: new PosApi(companion.posApiUrl, companion.posApiToken) };
  }
  const stopOne = async (c: Companion) => {
    running.splice(running.indexOf(c), 1);
    await c.stop();
  };
  const sandboxPayment = (id: string) => (sandbox.state() as { payments: SandboxPayment[] }).payments.find((p) => p.payment.id === id)!;
  const connected = (c: Companion) => until(() => c.connection().status === 'connected', 'connected');

  it('stores the POS receipt, keeps it across a restart while the service is down, delivers it when the service is back', async () => {
    sandbox = await startSandbox({ pollHoldMs: 1_000, callTimeoutMs: 5_000 });
    const target = new URL(sandbox.url);
    proxy = new TcpProxy({ host: target.hostname, port: Number(target.port) });
    await proxy.up();
    dataDir = tempDir();

    const first = await start();
    await connected(first.companion);
    await first.pos.seed('t1', 'b1', [{ id: 'beer', name: 'Beer', price: '62.50', quantity: '2' }]);
    const paid = await sandbox.guestPay({ idTable: 't1' });
    expect(paid.outcome).toBe('paid');
    const paymentId = paid.payment.id;
    expect(sandboxPayment(paymentId).postponed).toBe(true);

    // The POS learns of it from the event stream.
    const events = (await first.pos.call('GET', '/events?after=0')).body as { kind: string; paymentId: string; data: Record<string, unknown> }[];
    expect(events.find((e) => e.kind === 'payment.processed')).toMatchObject({ paymentId, data: { receiptDeliveryType: 'POSTPONED' } });
    // The guest asks before the POS gave it: getPostponedReceipt answers RECEIPT_NOT_READY.
    const early = await sandbox.guestReceipt({ paymentId });
    expect(early).toMatchObject({ receipt: null, steps: [{ method: 'getPostponedReceipt', ok: false, error: { code: 'RECEIPT_NOT_READY' } }] });

    // The service goes down; the POS gives the receipt; the companion keeps trying.
    await proxy.down();
    await until(() => first.companion.connection().status !== 'connected', 'the link to notice the service is down');
    expect((await first.pos.call('PUT', `/payments/${paymentId}/receipt`, fiscalReceipt())).status).toBe(201);
    await until(
      async () => ((await first.pos.call('GET', `/payments/${paymentId}/receipt`)).body as PaymentReceiptView).delivery.attempts >= 1,
      'a failed attempt',
    );
    const waiting = (await first.pos.call('GET', `/payments/${paymentId}/receipt`)).body as PaymentReceiptView;
    expect(waiting.delivery).toMatchObject({ state: 'sending', deliveredAt: null, lastError: 'NETWORK_ERROR' });
    await stopOne(first.companion);
    expect(sandboxPayment(paymentId).providedReceipt).toBeNull();

    // The service is back, and the companion restarts on the same data folder: the outbox is sent.
    await proxy.up();
    const second = await start();
    await until(() => sandboxPayment(paymentId).providedReceipt, 'the service to hold the receipt');
    expect(sandboxPayment(paymentId).providedReceipt).toEqual(fiscalReceipt());
    const delivered = await until(async () => {
      const view = (await second.pos.call('GET', `/payments/${paymentId}/receipt`)).body as PaymentReceiptView;
      return view.delivery.state === 'delivered' && view;
    }, 'the delivery to be recorded');
    expect(delivered).toMatchObject({ source: 'pos', serial: 'FP-2026-0042', delivery: { lastError: null } });
    expect(delivered.delivery.attempts).toBeGreaterThanOrEqual(2);
    // The cashier's view of it, through the same core (the command the dialog runs).
    expect(await second.companion.api.getPaymentReceipt({ paymentId })).toEqual({ ok: true, value: delivered });
    expect(await second.companion.api.printReceipt({ paymentId, mode: 'dialog' })).toMatchObject({ ok: false, error: { code: 'UNSUPPORTED' } });
    expect(await second.companion.api.getPaymentReceipt({ paymentId: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'RECEIPT_NOT_FOUND', action: 'getPaymentReceipt' },
    });

    // The guest's receipt page and the service's own question now get the POS's receipt.
    expect(await sandbox.guestReceipt({ paymentId })).toMatchObject({ source: 'provided', receipt: fiscalReceipt() });
    await connected(second.companion);
    expect(await sandbox.callPos('getPostponedReceipt', [paymentId])).toEqual({ result: fiscalReceipt() });
    // Sent once: the accepted receipt left the outbox.
    const after = (await second.pos.call('GET', '/events?after=0')).body as { kind: string; data: Record<string, unknown> }[];
    expect(after.filter((e) => e.kind === 'payment.receipt').map((e) => e.data.delivery)).toEqual(['pending', 'delivered']);
  });
});
