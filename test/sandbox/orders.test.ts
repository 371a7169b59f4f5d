import { describe, expect, it } from 'vitest';
import { ORDER_DECISION_MS, SandboxRequestError, type GuestOrderResult, type ServiceOrder } from '../../sandbox/index.js';
import { credsOf, sandboxFixture } from './helpers/fixture.js';
import { OrderKitchen } from './helpers/order-kitchen.js';
import { control, posFetch, type PosCredentials } from './helpers/pos-http.js';
import { PollingPos } from './helpers/polling-pos.js';
import { WsPos } from './helpers/scripted-pos.js';
import { waitFor } from './helpers/wait-for.js';

const env = sandboxFixture();
const transports = ['ws', 'longpoll'] as const;
/** A still base clock: only advanceClock moves the sandbox's time, so deadlines are exact. */
const T0 = Date.parse('2026-11-22T17:00:00Z');

async function connected(transport: (typeof transports)[number], options = {}) {
  const sb = await env.start({ pollHoldMs: 2_000, now: () => T0, ...options });
  const creds = credsOf(sb);
  const kitchen = new OrderKitchen();
  const handler = (m: string, a: unknown[]) => kitchen.handle(m, a);
  const pos = transport === 'ws' ? await WsPos.connect({ ...creds, handler }) : new PollingPos(creds, handler);
  env.defer(() => (pos instanceof WsPos ? pos.close() : pos.stop()));
  await waitFor(
    async () => ((await control(sb.url, '/sandbox/state')).json as { connections: { live: boolean }[] }).connections.some((c) => c.live),
    'a live POS',
  );
  expect((await posFetch(creds, '/api/v2/pos/update-menus', { method: 'POST', body: kitchen.wireMenus() })).status).toBe(200);
  return { sb, creds, kitchen, pos };
}

const sendStatus = (creds: PosCredentials, idOrder: string, status: string, reason?: string) =>
  posFetch(creds, '/api/v2/pos/update-qerko-order-status', { method: 'POST', body: reason ? { idOrder, status, reason } : { idOrder, status } });

async function orderOf(url: string, id: string): Promise<ServiceOrder> {
  const res = await control(url, `/sandbox/orders/${id}`);
  expect(res.status).toBe(200);
  return res.json as ServiceOrder;
}

describe.each(transports)('guest orders over %s', (transport) => {
  it('orders two beers onto table 5: prepared, started on its bill, accepted, then COMPLETE closes it once', async () => {
    const { sb, creds, kitchen, pos } = await connected(transport);
    const res = await control(sb.url, '/sandbox/guest/order', { idTable: '5', items: [{ id: 'beer', quantity: '2', note: 'cold' }], note: 'quickly please' });
    expect(res.status).toBe(200);
    const r = res.json as GuestOrderResult;
    expect(r).toMatchObject({ outcome: 'placed', billId: 'bill-5', total: '125' });
    expect(r.steps.map((s) => [s.method, s.ok])).toEqual([
      ['orderPrepare', true],
      ['orderStart', true],
    ]);
    const started = (await pos.waitForCall('orderStart')).args[0];
    expect(started).toMatchObject({ id: r.idOrder, currency: 'CZK', delivery: { type: 'toBill', idTable: '5' }, note: 'quickly please' });
    expect((started as { items: unknown[] }).items).toEqual([{ id: 'beer', name: 'Beer 0.5 l', price: '62.50', quantity: '2', note: 'cold' }]);

    expect((await sendStatus(creds, r.idOrder, 'ACCEPTED')).status).toBe(200);
    expect((await orderOf(sb.url, r.idOrder)).guest).toMatchObject({ phase: 'accepted', closed: null });
    expect(kitchen.closes).toEqual([]);
    expect((await sendStatus(creds, r.idOrder, 'COMPLETE')).status).toBe(200);
    await pos.waitForCall('orderClose');
    expect(kitchen.closes).toEqual([{ id: r.idOrder, state: 'COMPLETED' }]);
    const o = await orderOf(sb.url, r.idOrder);
    expect(o.counts).toEqual({ ACCEPTED: 1, COMPLETE: 1 });
    expect(o.guest?.closed).toMatchObject({ state: 'COMPLETED', cause: 'COMPLETE' });
    const got = await posFetch(creds, '/api/v2/pos/get-qerko-order-status', { method: 'POST', body: { idOrder: r.idOrder } });
    expect(got.json).toEqual({ idOrder: r.idOrder, status: 'COMPLETE' });
  });

  it('orders for pickup: paid in advance, orderMarkAsPaid with the payment, every status counted once', async () => {
    const { sb, creds, kitchen, pos } = await connected(transport);
    const r = await sb.guestOrder({
      pickupAt: '2026-11-22T18:30:00+01:00',
      items: [
        { id: 'goulash', quantity: '1' },
        { id: 'soup', quantity: '2' },
      ],
      customerName: 'Eva',
    });
    expect(r.outcome).toBe('placed');
    expect(r.billId).toBeNull();
    expect(r.steps.map((s) => s.method)).toEqual(['orderPrepare', 'orderStart', 'orderMarkAsPaid']);
    const paid = (await pos.waitForCall('orderMarkAsPaid')).args as [string, { state: string; parts: { total: string }[]; idBill: string }];
    expect(paid[0]).toBe(r.idOrder);
    expect(paid[1]).toMatchObject({ state: 'PAID', idBill: r.idOrder, parts: [{ total: '347' }] });
    expect(r.order?.guest).toMatchObject({
      order: { delivery: { type: 'byCustomer', pickupAt: '2026-11-22T18:30:00+01:00' }, customer: { name: 'Eva' } },
      receipt: { receiptInfo: { serial: '1' } },
    });
    for (const s of ['ACCEPTED', 'PREPARING', 'READY', 'COMPLETE']) expect((await sendStatus(creds, r.idOrder, s)).status).toBe(200);
    await pos.waitForCall('orderClose');
    expect(kitchen.closes).toEqual([{ id: r.idOrder, state: 'COMPLETED' }]);
    const o = sb.orders().find((x) => x.idOrder === r.idOrder)!;
    expect(o.counts).toEqual({ ACCEPTED: 1, PREPARING: 1, READY: 1, COMPLETE: 1 });
    expect(o.received.map((x) => x.status)).toEqual(['ACCEPTED', 'PREPARING', 'READY', 'COMPLETE']);
    expect(o.guest?.payment?.state).toBe('PAID');
  });
});

describe('guest orders: decisions and deadlines', () => {
  it('a rejected pickup order is closed CANCELLED and its payment refunded (GET payment says so)', async () => {
    const { sb, creds, kitchen, pos } = await connected('ws');
    const r = await sb.guestOrder({ pickupAt: '2026-11-22T18:30:00+01:00', items: [{ id: 'beer', quantity: '1' }] });
    expect((await sendStatus(creds, r.idOrder, 'REJECTED', 'Kitchen closed')).status).toBe(200);
    await pos.waitForCall('orderClose');
    expect(kitchen.closes).toEqual([{ id: r.idOrder, state: 'CANCELLED' }]);
    const o = await orderOf(sb.url, r.idOrder);
    expect(o.received).toEqual([{ status: 'REJECTED', reason: 'Kitchen closed', at: new Date(T0).toISOString() }]);
    expect(o.guest?.closed).toMatchObject({ state: 'CANCELLED', cause: 'REJECTED' });
    const payment = await posFetch(creds, `/api/v2/pos/payment/${o.guest!.payment!.id}`);
    expect((payment.json as { state: string }).state).toBe('REFUNDED');
  });

  it('cancels and refunds an order nobody decided on at 10 minutes of the sandbox clock, not a millisecond before', async () => {
    const { sb, creds, kitchen, pos } = await connected('ws');
    const pickup = await sb.guestOrder({ pickupAt: '2026-11-22T18:30:00+01:00', items: [{ id: 'beer', quantity: '1' }] });
    const table = await sb.guestOrder({ idTable: '7', items: [{ id: 'soup', quantity: '1' }] });
    const decided = await sb.guestOrder({ idTable: '8', items: [{ id: 'soup', quantity: '1' }] });
    expect((await sendStatus(creds, decided.idOrder, 'ACCEPTED')).status).toBe(200);

    sb.advanceClock(ORDER_DECISION_MS - 1);
    expect(sb.orders().filter((o) => o.guest?.phase === 'closed')).toEqual([]);
    expect(kitchen.closes).toEqual([]);

    const moved = await control(sb.url, '/sandbox/clock', { advanceMs: 1 });
    expect(moved.status).toBe(200);
    await pos.waitForCall('orderClose', 2);
    expect(kitchen.closes.sort((a, b) => a.id.localeCompare(b.id))).toEqual([pickup.idOrder, table.idOrder].sort().map((id) => ({ id, state: 'CANCELLED' })));
    const byId = new Map(sb.orders().map((o) => [o.idOrder, o]));
    expect(byId.get(pickup.idOrder)?.guest).toMatchObject({ closed: { state: 'CANCELLED', cause: 'NO_DECISION' }, payment: { state: 'REFUNDED' } });
    expect(byId.get(table.idOrder)?.guest?.closed?.cause).toBe('NO_DECISION');
    expect(byId.get(decided.idOrder)?.guest).toMatchObject({ phase: 'accepted', closed: null });
    // Too late: the service refuses a decision on an order it cancelled (the POS drops a 409).
    const late = await sendStatus(creds, table.idOrder, 'ACCEPTED');
    expect([late.status, (late.json as { code: string }).code]).toEqual([409, 'ORDER_CLOSED']);
    expect(byId.get(table.idOrder)?.counts).toEqual({});
  });

  it('a refusal of orderPrepare starts nothing and is answered with the POS code and items', async () => {
    const { sb, kitchen, pos } = await connected('ws');
    kitchen.menu[0]!.available = false; // sold out at the POS, the service's menu not refreshed yet
    const r = await sb.guestOrder({ idTable: '5', items: [{ id: 'beer', quantity: '2' }] });
    expect(r).toMatchObject({ outcome: 'refused', error: { code: 'ITEM_UNAVAILABLE', items: ['beer'] }, order: null });
    kitchen.paused = true;
    expect((await sb.guestOrder({ idTable: '5', items: [{ id: 'soup', quantity: '1' }] })).error?.code).toBe('ORDERS_PAUSED');
    expect(pos.count('orderStart')).toBe(0);
    expect(sb.orders()).toEqual([]);
  });

  it('refuses bad requests with 400 naming the field, items off the pushed menu with 409 NOT_ON_MENU, and 409 without a POS connection', async () => {
    const { sb, creds } = await connected('ws');
    const bad = async (body: unknown) => (await control(sb.url, '/sandbox/guest/order', body)).json as { code: string; message: string };
    expect(await bad({ items: [{ id: 'beer', quantity: '1' }] })).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^idTable: give either idTable/),
    });
    expect((await bad({ idTable: '5', pickupAt: '2026-11-22T18:30:00+01:00', items: [{ id: 'beer', quantity: '1' }] })).message).toMatch(/^idTable: /);
    expect((await bad({ pickupAt: 'at six', items: [{ id: 'beer', quantity: '1' }] })).message).toMatch(/^pickupAt: /);
    expect(await bad({ idTable: '5', items: [{ id: 'wine', quantity: '1' }] })).toEqual({
      code: 'NOT_ON_MENU',
      message: 'items[0].id: "wine" is not on the menu the POS pushed',
      items: ['wine'],
    });
    expect((await bad({ idTable: '5', items: [{ id: 'beer', quantity: '0' }] })).message).toMatch(/^items\[0\]\.quantity: must be more than 0/);
    await posFetch(creds, '/api/v2/pos/upload-menu-items', {
      method: 'POST',
      body: { items: [{ id: 'beer', name: 'Beer 0.5 l', price: '62.50', available: false }] },
    });
    expect((await bad({ idTable: '5', items: [{ id: 'beer', quantity: '1' }] })).message).toBe(
      'items[0].id: "Beer 0.5 l" is marked unavailable on the pushed menu',
    );

    const other = sb.createRestaurant('Empty');
    await expect(sb.guestOrder({ restaurantId: other.id, idTable: '1', items: [{ id: 'beer', quantity: '1' }] })).rejects.toMatchObject({
      status: 409,
      body: { code: 'NOT_ON_MENU' },
    });
    const lonely = await env.start();
    await posFetch(credsOf(lonely), '/api/v2/pos/update-menus', { method: 'POST', body: new OrderKitchen().wireMenus() });
    const err = await lonely.guestOrder({ idTable: '5', items: [{ id: 'beer', quantity: '1' }] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SandboxRequestError);
    expect((err as SandboxRequestError).status).toBe(409);
  });
});

describe('guest orders: faults', () => {
  it('repeat-order-calls sends orderStart, orderMarkAsPaid and orderClose twice; the POS stays idempotent', async () => {
    const { sb, creds, kitchen, pos } = await connected('ws');
    sb.injectFault({ kind: 'repeat-order-calls' });
    const r = await sb.guestOrder({ pickupAt: '2026-11-22T18:30:00+01:00', items: [{ id: 'beer', quantity: '1' }] });
    expect(r.steps.map((s) => s.method)).toEqual(['orderPrepare', 'orderStart', 'orderStart', 'orderMarkAsPaid', 'orderMarkAsPaid']);
    expect(kitchen.started.size).toBe(1);
    await sendStatus(creds, r.idOrder, 'REJECTED', 'Sold out');
    await pos.waitForCall('orderClose', 2);
    expect(kitchen.closes).toEqual([
      { id: r.idOrder, state: 'CANCELLED' },
      { id: r.idOrder, state: 'CANCELLED' },
    ]);
    // The next order is sent once: the fault was one-shot.
    const next = await sb.guestOrder({ idTable: '2', items: [{ id: 'beer', quantity: '1' }] });
    expect(next.steps.map((s) => s.method)).toEqual(['orderPrepare', 'orderStart']);
  });

  it('an unanswered orderStart times out: the order is cancelled and orderClose(CANCELLED) sent so the POS drops it', async () => {
    const sb = await env.start({ now: () => T0, callTimeoutMs: 300 });
    const creds = credsOf(sb);
    const kitchen = new OrderKitchen();
    const pos = await WsPos.connect({ ...creds, handler: (m, a) => (m === 'orderStart' ? 'no-answer' : kitchen.handle(m, a)) });
    env.defer(() => pos.close());
    await posFetch(creds, '/api/v2/pos/update-menus', { method: 'POST', body: kitchen.wireMenus() });
    const r = await sb.guestOrder({ idTable: '5', items: [{ id: 'beer', quantity: '2' }] });
    expect(r).toMatchObject({ outcome: 'cancelled', error: { code: 'TIMEOUT' } });
    expect(kitchen.closes).toEqual([{ id: r.idOrder, state: 'CANCELLED' }]);
    expect(r.order?.guest?.closed).toMatchObject({ state: 'CANCELLED', cause: 'POS_FAILED' });
  });

  it('delay applies to order calls; http-503 on a status push is answered 503 and the retry counts once', async () => {
    const { sb, creds } = await connected('ws');
    sb.injectFault({ kind: 'delay', ms: 150 });
    const r = await sb.guestOrder({ idTable: '5', items: [{ id: 'beer', quantity: '1' }] });
    expect(r.steps[0]!.ms).toBeGreaterThanOrEqual(150);
    sb.injectFault({ kind: 'http-503' });
    const down = await sendStatus(creds, r.idOrder, 'ACCEPTED');
    expect([down.status, down.headers.get('retry-after')]).toEqual([503, '120']);
    expect((await sendStatus(creds, r.idOrder, 'ACCEPTED')).status).toBe(200);
    expect((await orderOf(sb.url, r.idOrder)).counts).toEqual({ ACCEPTED: 1 });
    const faults = (sb.state() as { faults: { kind: string; applied: { detail: string }[] }[] }).faults;
    expect(faults.find((f) => f.kind === 'delay')?.applied[0]?.detail).toMatch(/orderPrepare/);
  });

  it('a rejection that arrives while orderMarkAsPaid is on its way refunds the payment and closes the order', async () => {
    const sb = await env.start({ now: () => T0 });
    const creds = credsOf(sb);
    const kitchen = new OrderKitchen();
    const pos = await WsPos.connect({
      ...creds,
      handler: async (m, a) => {
        // The cashier rejects before the till has answered the payment.
        if (m === 'orderMarkAsPaid') expect((await sendStatus(creds, String(a[0]), 'REJECTED', 'Closing now')).status).toBe(200);
        return kitchen.handle(m, a);
      },
    });
    env.defer(() => pos.close());
    await posFetch(creds, '/api/v2/pos/update-menus', { method: 'POST', body: kitchen.wireMenus() });
    const r = await sb.guestOrder({ pickupAt: '2026-11-22T18:30:00+01:00', items: [{ id: 'beer', quantity: '1' }] });
    expect(r.outcome).toBe('cancelled');
    expect(r.order?.guest).toMatchObject({ closed: { state: 'CANCELLED', cause: 'REJECTED' }, payment: { state: 'REFUNDED' } });
    await pos.waitForCall('orderClose');
    expect(kitchen.closes).toEqual([{ id: r.idOrder, state: 'CANCELLED' }]);
  });

  it('cancels when the clock runs on by itself too (checked every second of real time while an order waits)', async () => {
    let base = T0;
    const { sb, kitchen, pos } = await connected('ws', { now: () => base });
    const r = await sb.guestOrder({ idTable: '4', items: [{ id: 'soup', quantity: '1' }] });
    base += ORDER_DECISION_MS; // time passes without POST /sandbox/clock
    await pos.waitForCall('orderClose');
    expect(kitchen.closes).toEqual([{ id: r.idOrder, state: 'CANCELLED' }]);
    expect(sb.orders()[0]?.guest?.closed?.cause).toBe('NO_DECISION');
  });
});
