import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConnection, type Connection } from '../../main/adapters/connection/connection.js';
import { createMethodDispatcher } from '../../main/adapters/connection/methods-index.js';
import { createReceiptSender, type ReceiptSender } from '../../main/features/receipts/index.js';
import { createServiceClient } from '../../main/base/service/index.js';
import type { TestStore } from '../store/test-store.js';
import type { Receipt } from '../../main/base/wire/index.js';
import { seedBill } from '../store/helpers.js';
import { Fixture, freePort } from '../transport/helpers/fixture.js';
import { fiscalReceipt, paidPayment, receiptStore } from './helpers.js';

interface SandboxPayment {
  payment: { id: string };
  postponed: boolean;
  providedReceipt: Receipt | null;
}
const sandboxPayment = (f: Fixture, id: string) => (f.sandbox.state() as { payments: SandboxPayment[] }).payments.find((p) => p.payment.id === id)!;

/** The receipt sender on a ManualClock: its own (the service's) delays, jitter pinned to the top. */
describe('receipt sender (provide-payment-receipt from the outbox)', () => {
  let f: Fixture;
  let t: ReturnType<typeof receiptStore>;
  let link: Connection | null = null;
  let sender: ReceiptSender | null = null;
  beforeEach(async () => {
    f = await new Fixture().start();
  });
  afterEach(async () => {
    await sender?.stop();
    await link?.stop();
    link = null;
    sender = null;
    t.cleanup();
    await f.close();
  });

  /** A real link (ws) over a POSTPONED store on the fixture's ManualClock; resolves once connected. */
  async function connectedLink(store: TestStore): Promise<Connection> {
    let connected: () => void = () => {};
    const up = new Promise<void>((resolve) => (connected = resolve));
    link = createConnection({
      config: {
        serviceUrl: f.sandbox.url,
        apiKey: f.sandbox.restaurant.apiKey,
        posId: f.posId,
        transport: 'ws',
        serviceName: 'qerko',
        language: 'en',
        webhook: { host: '127.0.0.1', port: 0, publicUrl: '' },
      },
      store,
      dispatcher: createMethodDispatcher({ store, log: f.log, clock: f.clock }),
      clock: f.clock,
      log: f.log,
      onState: (s) => s.status === 'connected' && connected(),
      onRestaurant: () => {},
      tuning: { random: () => 1 },
    });
    await link.start();
    await up;
    return link;
  }

  const openStore = () => {
    // The fixture's clock, so the store and the link agree on the time.
    t = receiptStore('POSTPONED', f.clock);
    return t.store;
  };

  it('retries a 503 after 1 s then 2 s (not earlier, not later) and leaves the outbox once the service accepts', async () => {
    const store = openStore();
    try {
      const l = await connectedLink(store);
      seedBill(store);
      const paid = await f.sandbox.guestPay({ idTable: 't1', items: [{ id: 'beer', quantity: '2' }] });
      const id = paid.payment.id;
      expect(sandboxPayment(f, id).postponed).toBe(true);
      f.sandbox.injectFault({ kind: 'http-503', count: 2 });

      store.giveReceipt(id, fiscalReceipt());
      await l.receiptSender.idle();
      expect(store.givenReceipt(id)).toMatchObject({ attempts: 1, lastError: '503', deliveredAt: null });
      await f.clock.advanceAsync(999);
      await l.receiptSender.idle();
      expect(store.givenReceipt(id)?.attempts).toBe(1);
      await f.clock.advanceAsync(1);
      await l.receiptSender.idle();
      expect(store.givenReceipt(id)?.attempts).toBe(2);
      await f.clock.advanceAsync(1999);
      await l.receiptSender.idle();
      expect(sandboxPayment(f, id).providedReceipt).toBeNull();
      await f.clock.advanceAsync(1);
      await l.receiptSender.idle();
      expect(sandboxPayment(f, id).providedReceipt).toEqual(fiscalReceipt());
      expect(store.pendingReceiptDeliveries()).toEqual([]);
      expect(store.givenReceipt(id)).toMatchObject({ attempts: 3, lastError: null });
      expect(f.sink.lines.filter((l) => l.msg === 'receipt not sent; retrying').map((l) => l.retryInMs)).toEqual([1000, 2000]);
      expect(
        store
          .eventsAfter(0)
          .filter((e) => e.kind === 'payment.receipt')
          .map((e) => e.data.delivery),
      ).toEqual(['pending', 'delivered']);
      // The service asks for it: getPostponedReceipt is answered with the same receipt.
      expect(await f.sandbox.callPos('getPostponedReceipt', [id])).toEqual({ result: fiscalReceipt() });
    } finally {
      await link?.stop();
      link = null;
    }
  });

  it('keeps retrying while the service is unreachable; a refusal of the content (404) stops the retries and stays listed', async () => {
    t = receiptStore('POSTPONED');
    paidPayment(t.store);
    t.store.giveReceipt('p1', fiscalReceipt());
    const down = createServiceClient({
      baseUrl: `http://127.0.0.1:${await freePort()}`,
      apiKey: f.sandbox.restaurant.apiKey,
      posId: f.posId,
      log: f.log,
      clock: f.clock,
    });
    sender = createReceiptSender({ store: t.store, client: down, ...f.timing });
    sender.start();
    await sender.idle();
    expect(t.store.givenReceipt('p1')).toMatchObject({ attempts: 1, lastError: 'NETWORK_ERROR', refusedCode: null });
    expect(f.clock.nextTimerAt()).toBe(f.clock.now() + 1000);
    await sender.stop();

    // The sandbox does not know p1 (it only ever lived in this store): 404, refused for good.
    const up = createServiceClient({ baseUrl: f.sandbox.url, apiKey: f.sandbox.restaurant.apiKey, posId: f.posId, log: f.log, clock: f.clock });
    sender = createReceiptSender({ store: t.store, client: up, ...f.timing });
    sender.start();
    await sender.idle();
    expect(t.store.pendingReceiptDeliveries()).toMatchObject([{ paymentId: 'p1', attempts: 2, refusedCode: '404' }]);
    expect(sender.pending()).toBe(0);
    expect(f.clock.pending()).toBe(0);
    expect(
      t.store
        .eventsAfter(0)
        .filter((e) => e.kind === 'payment.receipt')
        .map((e) => e.data),
    ).toEqual([
      { delivery: 'pending', serial: 'FP-2026-0042' },
      { delivery: 'refused', code: '404' },
    ]);
  });
});
