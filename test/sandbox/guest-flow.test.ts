import { describe, expect, it } from 'vitest';
import { SandboxRequestError, type GuestPayResult } from '../../sandbox/index.js';
import { credsOf, sampleBook, sandboxFixture } from './helpers/fixture.js';
import { control, posFetch } from './helpers/pos-http.js';
import { PollingPos } from './helpers/polling-pos.js';
import { WsPos } from './helpers/scripted-pos.js';
import { waitFor } from './helpers/wait-for.js';

const env = sandboxFixture();

/** Both transports must carry the same flow; each case runs on each. */
const transports = ['ws', 'longpoll'] as const;

async function connected(transport: (typeof transports)[number], book = sampleBook(), options = {}) {
  const sb = await env.start({ pollHoldMs: 2_000, ...options });
  const creds = credsOf(sb);
  const handler = (m: string, a: unknown[]) => book.handle(m, a);
  const pos = transport === 'ws' ? await WsPos.connect({ ...creds, handler }) : new PollingPos(creds, handler);
  env.defer(() => (pos instanceof WsPos ? pos.close() : pos.stop()));
  if (pos instanceof PollingPos) await waitLive(sb.url);
  return { sb, creds, book, pos };
}

async function waitLive(url: string): Promise<void> {
  await waitFor(async () => {
    const s = (await control(url, '/sandbox/state')).json as { connections: { live: boolean }[] };
    return s.connections.some((c) => c.live);
  }, 'a live connection');
}

describe.each(transports)('guest flow over %s', (transport) => {
  it('scans a table and pays everything: PAID, visible through GET payment', async () => {
    const { sb, creds, book, pos } = await connected(transport);
    const bills = (await sb.guestScan({ idTable: 'T1' })) as { id: string }[];
    expect(bills.map((b) => b.id)).toEqual(['B1']);
    const res = await control(sb.url, '/sandbox/guest/pay', { idTable: 'T1' });
    expect(res.status).toBe(200);
    const r = res.json as GuestPayResult;
    expect(r.outcome).toBe('paid');
    expect(r.steps.map((s) => [s.method, s.ok])).toEqual([
      ['getTableContents', true],
      ['getBill', true],
      ['paymentStart', true],
      ['paymentProcessed', true],
      ['paymentClosed', true],
    ]);
    expect(r.steps.every((s) => typeof s.ms === 'number')).toBe(true);
    expect(r.payment).toMatchObject({ idBill: 'B1', currency: 'CZK', state: 'PAID', tipBrutto: '0', tipNetto: '0', captureMode: 'auto' });
    expect(r.payment.parts).toEqual([{ total: '314', provider: { id: 'card-1', name: 'Visa •••• 4242', type: 'CARD' } }]);
    expect(r.payment.idCustomer).toMatch(/^[0-9a-f-]{36}$/);
    expect(book.unpaid('B1', 'beer')).toBe('0');
    expect(book.unpaid('B1', 'goulash')).toBe('0');
    const start = (await pos.waitForCall('paymentStart')).args[0] as { state: string };
    expect(start.state).toBe('STARTED');
    const got = await posFetch(creds, `/api/v2/pos/payment/${r.payment.id}`);
    expect(got.status).toBe(200);
    expect(got.json).toEqual(r.payment);
  });

  it('pays some items with a tip: the amounts are exact decimals', async () => {
    const { sb, book } = await connected(transport);
    const r = await sb.guestPay({ idTable: 'T1', items: [{ id: 'beer', quantity: '1' }], tip: '7.5' });
    expect(r.outcome).toBe('paid');
    expect(r.payment.items).toEqual([expect.objectContaining({ id: 'beer', price: '62.50', quantity: '1' })]);
    expect(r.payment.parts[0]!.total).toBe('70');
    expect(r.payment.tipBrutto).toBe('7.5');
    expect(book.unpaid('B1', 'beer')).toBe('1');
    // The rest in a second payment empties the bill.
    const rest = await sb.guestPay({ idTable: 'T1' });
    expect(rest.payment.parts[0]!.total).toBe('251.5');
    expect(book.unpaid('B1', 'beer')).toBe('0');
  });

  it('a declined card: paymentProcessed is skipped, paymentClosed CANCELLED unlocks the items', async () => {
    const { sb, book, pos } = await connected(transport);
    const r = await sb.guestPay({ idTable: 'T1', outcome: 'declined' });
    expect(r.outcome).toBe('declined');
    expect(r.payment.state).toBe('CANCELLED');
    expect(r.steps.map((s) => s.method)).toEqual(['getTableContents', 'getBill', 'paymentStart', 'paymentClosed']);
    expect(pos.count('paymentProcessed')).toBe(0);
    expect(book.closedCalls).toEqual([{ id: r.payment.id, state: 'CANCELLED' }]);
    expect(book.locked('B1', 'beer')).toBe('0');
    expect(book.unpaid('B1', 'beer')).toBe('2');
  });

  it('manual capture: authorized after paymentProcessed, PAID and paymentClosed after the capture endpoint', async () => {
    const { sb, creds, book } = await connected(transport);
    const r = await sb.guestPay({ idTable: 'T1', captureMode: 'manual' });
    expect(r.outcome).toBe('authorized');
    expect(r.payment.state).toBe('STARTED');
    expect(book.closedCalls).toEqual([]);
    const receipt = {
      receiptInfo: { billName: 'B1', timestamp: new Date().toISOString(), serial: 'R1' },
      items: r.payment.items,
      receiptDeliveryType: 'QERKO_GENERATED',
    };
    const cap = await posFetch(creds, `/api/v2/pos/payment/${r.payment.id}/capture`, { method: 'POST', body: receipt });
    expect(cap.status).toBe(200);
    expect(cap.json).toEqual({ status: 'Accepted' });
    await waitFor(() => book.closedCalls.length === 1, 'paymentClosed after capture');
    expect(book.closedCalls[0]).toEqual({ id: r.payment.id, state: 'PAID' });
    expect(((await posFetch(creds, `/api/v2/pos/payment/${r.payment.id}`)).json as { state: string }).state).toBe('PAID');
  });

  it('the POS refusing paymentStart cancels the payment and the answer is still 200', async () => {
    const book = sampleBook();
    const { sb } = await connected(transport, book);
    const res = await control(sb.url, '/sandbox/guest/pay', { idTable: 'T1', items: [{ id: 'beer', quantity: '5' }] });
    expect(res.status).toBe(200);
    const r = res.json as GuestPayResult;
    expect(r.outcome).toBe('cancelled');
    expect(r.payment.state).toBe('CANCELLED');
    expect(r.steps.at(-1)).toEqual({
      method: 'paymentStart',
      ms: expect.any(Number),
      ok: false,
      error: { code: 'ITEMS_CHANGED', message: expect.any(String) },
    });
    expect(book.closedCalls).toEqual([]); // an explicit refusal locked nothing
  });

  it('an unanswered paymentProcessed times out: CANCELLED, and paymentClosed CANCELLED unlocks the POS', async () => {
    const book = sampleBook();
    const sb = await env.start({ pollHoldMs: 2_000, callTimeoutMs: 1_000 });
    const creds = credsOf(sb);
    const handler = (m: string, a: unknown[]) => (m === 'paymentProcessed' ? ('no-answer' as const) : book.handle(m, a));
    const pos = transport === 'ws' ? await WsPos.connect({ ...creds, handler }) : new PollingPos(creds, handler);
    env.defer(() => (pos instanceof WsPos ? pos.close() : pos.stop()));
    if (pos instanceof PollingPos) await waitLive(sb.url);
    const r = await sb.guestPay({ idTable: 'T1' });
    expect(r.outcome).toBe('cancelled');
    expect(r.steps.find((s) => s.method === 'paymentProcessed')).toMatchObject({ ok: false, error: { code: 'TIMEOUT' } });
    expect(book.closedCalls).toEqual([{ id: r.payment.id, state: 'CANCELLED' }]);
    expect(book.locked('B1', 'beer')).toBe('0');
  });
});

describe('guest simulator input', () => {
  it('answers 409 with no POS connection, 400 naming the field, 404 for an unknown bill or table', async () => {
    const sb = await env.start();
    const none = await control(sb.url, '/sandbox/guest/pay', { idTable: 'T1' });
    expect(none.status).toBe(409);
    expect((none.json as { message: string }).message).toMatch(/start the companion/);
    await expect(sb.guestScan({ idTable: 'T1' })).rejects.toBeInstanceOf(SandboxRequestError);

    const book = sampleBook();
    const pos = await WsPos.connect({ ...credsOf(sb), handler: (m, a) => book.handle(m, a) });
    env.defer(() => pos.close());
    const bad = await control(sb.url, '/sandbox/guest/pay', { idTable: 'T1', tip: '-1' });
    expect(bad.status).toBe(400);
    expect((bad.json as { message: string }).message).toMatch(/^tip: /);
    const missing = await control(sb.url, '/sandbox/guest/pay', {});
    expect((missing.json as { message: string }).message).toMatch(/^idTable: /);
    const unknownItem = await control(sb.url, '/sandbox/guest/pay', { idTable: 'T1', items: [{ id: 'wine', quantity: '1' }] });
    expect(unknownItem.status).toBe(400);
    expect((unknownItem.json as { message: string }).message).toMatch(/^items\[0\]\.id: /);
    expect((await control(sb.url, '/sandbox/guest/pay', { idTable: 'T1', idBill: 'B9' })).status).toBe(404);
    expect((await control(sb.url, '/sandbox/guest/pay', { idTable: 'T9' })).status).toBe(404);
    // None of these created a payment.
    expect(((await control(sb.url, '/sandbox/state')).json as { payments: unknown[] }).payments).toEqual([]);
    const unknownRestaurant = await control(sb.url, '/sandbox/guest/scan', { idTable: 'T1', restaurantId: 'nope' });
    expect(unknownRestaurant.status).toBe(404);
  });
});
