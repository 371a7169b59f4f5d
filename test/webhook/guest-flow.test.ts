import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/base/log.js';
import type { MethodDispatcher } from '../../main/base/method-types.js';
import {
  createV4ServiceClient,
  createWebhookTransport,
  type WebhookTransport,
  type WebhookTransportOptions,
} from '../../main/adapters/connection/transport/webhook/index.js';
import type { Sandbox, SandboxOptions } from '../../sandbox/index.js';
import { startSandbox, type FaultKind } from '../../sandbox/index.js';
import { sampleBook } from '../sandbox/helpers/fixture.js';
import { WsPos } from '../sandbox/helpers/scripted-pos.js';
import type { BillBook } from '../sandbox/helpers/bill-book.js';
import { until } from './helpers/http-post.js';
import { openTestStore } from '../store/test-store.js';
import { deliveryRows, failDeliveryWrites } from './helpers/delivery-log.js';
import { POS_ID } from './helpers/receiver-harness.js';

/** The whole guest flow of the sandbox over v4 webhooks, against our real receiver. */
interface Env {
  sb: Sandbox;
  book: BillBook;
  calls: { method: string; callId: string | null | undefined }[];
  transport: WebhookTransport;
  dbFile: string;
  slow: Map<string, Promise<void>>;
  /** Runs before a method's handler with the count of calls of that method so far (1-based). */
  hooks: Map<string, (n: number) => void>;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(sandbox: SandboxOptions = {}, receiver: Partial<WebhookTransportOptions> = {}): Promise<Env> {
  const sb = await startSandbox({ apiKey: 'abcd-efgh-ijkl-mnop-qrst', webhookPingMs: 0, ...sandbox });
  cleanups.push(() => sb.close());
  const dir = mkdtempSync(join(tmpdir(), 'tableside-webhook-flow-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const dbFile = join(dir, 'tableside.sqlite');
  // The companion's real bill store: the receiver records outcomes in its delivery log.
  const store = openTestStore({ file: dbFile });
  cleanups.push(() => store.close());
  const book = sampleBook();
  const calls: Env['calls'] = [];
  const slow = new Map<string, Promise<void>>();
  const hooks = new Map<string, (n: number) => void>();
  const dispatcher: MethodDispatcher = {
    async handle(method, args, context) {
      calls.push({ method, callId: context?.callId });
      hooks.get(method)?.(calls.filter((c) => c.method === method).length);
      await slow.get(method);
      return book.handle(method, args);
    },
  };
  const creds = { serviceUrl: sb.url, apiKey: sb.restaurant.apiKey, posId: POS_ID };
  const transport = createWebhookTransport({
    ...creds,
    dispatcher,
    port: 0,
    publicUrl: '',
    log: silentLogger(),
    store,
    serviceClient: createV4ServiceClient(creds),
    ...receiver,
  });
  await transport.start();
  cleanups.push(() => transport.stop());
  await until(() => transport.state().status === 'connected', 'the webhook URL to be configured');
  return { sb, book, calls, transport, dbFile, slow, hooks };
}

interface Delivery {
  id: string;
  event: string;
  attempt: number;
  status: number | null;
  defect: string | null;
  replay: boolean;
  note: string | null;
}
function deliveries(sb: Sandbox): Delivery[] {
  const state = sb.state() as { connections: { kind: string; deliveries?: Delivery[] }[] };
  return state.connections.find((c) => c.kind === 'webhook')?.deliveries ?? [];
}

describe('guest flow over webhooks', () => {
  it('sync answers: scan and pay, the bill is paid once', async () => {
    const env = await setup();
    await until(() => env.transport.restaurant() !== null, 'who-am-i');
    expect(env.transport.restaurant()).toEqual({ id: env.sb.restaurant.id, name: 'Bistro Sandbox' });
    const bills = (await env.sb.guestScan({ idTable: 'T1' })) as { id: string }[];
    expect(bills.map((b) => b.id)).toEqual(['B1']);
    const paid = await env.sb.guestPay({ idTable: 'T1' });
    expect(paid.outcome).toBe('paid');
    expect(paid.payment.state).toBe('PAID');
    expect(env.book.unpaid('B1', 'beer')).toBe('0');
    expect(env.book.closedCalls).toEqual([{ id: paid.payment.id, state: 'PAID' }]);
    expect(deliveries(env.sb).map((d) => [d.event, d.status])).toEqual([
      ['getTableContents', 200],
      ['getTableContents', 200],
      ['getBill', 200],
      ['paymentStart', 200],
      ['paymentProcessed', 200],
      ['paymentClosed', 200],
    ]);
    expect(env.transport.state().lastMessageAt).not.toBeNull();
  });

  it('async answers: 202 and the outcome through /reply', async () => {
    const env = await setup({}, { syncBudgetMs: 20 });
    let release!: () => void;
    env.slow.set('paymentProcessed', new Promise<void>((r) => (release = r)));
    const paying = env.sb.guestPay({ idTable: 'T1' });
    await until(() => env.calls.some((c) => c.method === 'paymentProcessed'), 'paymentProcessed to reach the POS');
    await until(() => deliveries(env.sb).some((d) => d.event === 'paymentProcessed' && d.status === 202), 'the 202');
    release();
    const paid = await paying;
    expect(paid.payment.state).toBe('PAID');
    expect(deliveries(env.sb).find((d) => d.event === 'paymentProcessed')).toMatchObject({ status: 202, note: 'answered by /reply' });
    expect(env.book.unpaid('B1', 'goulash')).toBe('0');
  });

  it('a handler slower than the budget: the delivery goes stale and the payment is cancelled', async () => {
    const env = await setup({ callTimeoutMs: 1500 }, { syncBudgetMs: 50 });
    let release!: () => void;
    env.slow.set('paymentStart', new Promise<void>((r) => (release = r)));
    const result = await env.sb.guestPay({ idTable: 'T1' });
    expect(result.outcome).toBe('cancelled');
    expect(result.payment.state).toBe('CANCELLED');
    expect(deliveries(env.sb).find((d) => d.event === 'paymentStart')).toMatchObject({ status: 202, note: 'stale: no answer within the budget' });
    // The service told the POS to unlock whatever the late paymentStart may lock.
    expect(env.book.closedCalls).toEqual([{ id: result.payment.id, state: 'CANCELLED' }]);
    release();
  });

  it('a 500 (the store cannot record) is retried with the same delivery id', async () => {
    const env = await setup();
    const lock = failDeliveryWrites(env.dbFile);
    cleanups.push(() => lock.release());
    // The first attempt cannot record its outcome (500); the file takes writes again when the retry runs.
    env.hooks.set('getTableContents', (n) => n === 2 && lock.release());
    const bills = (await env.sb.guestScan({ idTable: 'T1' })) as { id: string }[];
    expect(bills.map((b) => b.id)).toEqual(['B1']);
    const tries = deliveries(env.sb).filter((d) => d.event === 'getTableContents');
    expect(tries.map((d) => [d.attempt, d.status])).toEqual([
      [1, 500],
      [2, 200],
    ]);
    expect(new Set(tries.map((d) => d.id)).size).toBe(1);
    // Recorded once, under the service's delivery id, in the store's delivery log.
    expect(deliveryRows(env.dbFile).map((r) => r.id)).toEqual([tries[0]!.id]);
  });

  it('three 500s: the service gives up after three attempts', async () => {
    const env = await setup();
    const lock = failDeliveryWrites(env.dbFile);
    cleanups.push(() => lock.release());
    await expect(env.sb.guestScan({ idTable: 'T1' })).rejects.toMatchObject({ status: 502, body: { code: 'WEBHOOK_FAILED' } });
    const tries = deliveries(env.sb);
    expect(tries.map((d) => [d.attempt, d.status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
    ]);
    expect(new Set(tries.map((d) => d.id)).size).toBe(1);
    expect(deliveryRows(env.dbFile)).toEqual([]);
  });
});

describe('webhook faults', () => {
  const rejected: [FaultKind, number, RegExp][] = [
    ['webhook-wrong-digest', 401, /Content-Digest sha-256 does not match the body/],
    ['webhook-wrong-signature', 401, /signature sig1 does not match/],
    ['webhook-stale-created', 410, /created is -120 s from now/],
    ['webhook-past-expires', 410, /The delivery expired/],
  ];
  for (const [kind, status, why] of rejected) {
    it(`${kind}: the POS answers ${status} and runs nothing`, async () => {
      const env = await setup();
      env.sb.injectFault({ kind });
      const err = await env.sb.guestScan({ idTable: 'T1' }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toMatchObject({ status: 502, body: { code: 'WEBHOOK_REJECTED', message: expect.stringMatching(why) } });
      expect(deliveries(env.sb).map((d) => d.status)).toEqual([status]);
      expect(env.calls).toEqual([]);
      // The next delivery is clean again.
      expect(((await env.sb.guestScan({ idTable: 'T1' })) as unknown[]).length).toBe(1);
    });
  }

  it('webhook-replay: the repeated delivery gets the stored outcome, the handler runs once', async () => {
    const env = await setup();
    env.sb.injectFault({ kind: 'webhook-replay' });
    await env.sb.guestScan({ idTable: 'T1' });
    const log = deliveries(env.sb);
    expect(log).toHaveLength(2);
    expect(log[0]!.id).toBe(log[1]!.id);
    expect(log[1]).toMatchObject({ replay: true, status: 200, note: 'replay answered the stored outcome' });
    expect(env.calls).toHaveLength(1);
  });

  it('webhook-unknown-event: the POS answers 404 and the call after it works', async () => {
    const env = await setup();
    env.sb.injectFault({ kind: 'webhook-unknown-event' });
    await env.sb.guestScan({ idTable: 'T1' });
    expect(deliveries(env.sb).map((d) => [d.event, d.status])).toEqual([
      ['sandboxUnknownEvent', 404],
      ['getTableContents', 200],
    ]);
  });
});

describe('pings and events', () => {
  it('periodic pings keep the session fresh', async () => {
    const env = await setup({ webhookPingMs: 50 });
    await until(() => deliveries(env.sb).filter((d) => d.event === 'ping' && d.status === 200).length >= 2, 'two pings');
    expect(env.calls).toEqual([]);
    expect(env.transport.state()).toMatchObject({ status: 'connected', stale: false });
  });

  it('an error event reaches the handlers', async () => {
    const env = await setup();
    const res = await fetch(`${env.sb.url}/sandbox/webhook/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'error', args: [{ code: 'INVALID_RESPONSE', message: 'bad receipt' }] }),
    });
    expect(res.status).toBe(200);
    expect(env.calls.map((c) => c.method)).toEqual(['error']);
  });
});

describe('one transport at a time', () => {
  it('a connected WebSocket POS takes the calls; the webhook serves again once it leaves', async () => {
    const env = await setup();
    const ws = await WsPos.connect({ url: env.sb.url, apiKey: env.sb.restaurant.apiKey, posId: POS_ID, handler: () => ({ result: [] }) });
    cleanups.push(() => ws.close());
    expect(await env.sb.guestScan({ idTable: 'T1' })).toEqual([]);
    expect(ws.count('getTableContents')).toBe(1);
    expect(deliveries(env.sb)).toEqual([]);
    await ws.close();
    const wsLive = () => (env.sb.state() as { connections: { kind: string; live: boolean }[] }).connections.some((c) => c.kind === 'ws' && c.live);
    await until(() => !wsLive(), 'the sandbox to see the WebSocket gone');
    const bills = (await env.sb.guestScan({ idTable: 'T1' })) as { id: string }[];
    expect(bills.map((b) => b.id)).toEqual(['B1']);
    expect(deliveries(env.sb).map((d) => [d.event, d.status])).toEqual([['getTableContents', 200]]);
  });
});
