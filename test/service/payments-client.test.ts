import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../main/base/clock.js';
import { createServiceClient, MESSAGES } from '../../main/base/service/index.js';
import { receipt, ServiceFixture, value } from './helpers.js';

let fx: ServiceFixture;
const servers: Server[] = [];
afterEach(async () => {
  await fx?.close();
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => (s.closeAllConnections(), s.close(() => resolve())))));
});

describe('REST client: payments and credentials against the sandbox', () => {
  it('who-am-i answers the restaurant; a wrong key is 401 with the Settings sentence and no key in text or log', async () => {
    fx = await new ServiceFixture().connect();
    expect(value(await fx.client.whoAmI())).toEqual({ id: fx.sandbox.restaurant.id, name: fx.sandbox.restaurant.name });
    const bad = fx.clientWith({ apiKey: 'zzzz-yyyy-xxxx-wwww-vvvv' });
    // Our advice first, then the service's own words.
    expect(await bad.whoAmI()).toEqual({
      ok: false,
      status: 401,
      code: 'UNAUTHORIZED',
      message: expect.stringMatching(/^The API key or Pos-Id was rejected: check them in Settings\. The service says: "Invalid API key or Pos-Id/),
    });
    expect(MESSAGES.rejected).toBe('The API key or Pos-Id was rejected: check them in Settings.');
    expect(fx.sink.text()).not.toContain('zzzz-yyyy-xxxx-wwww-vvvv');
    expect(fx.sink.text()).not.toContain(fx.sandbox.restaurant.apiKey);
  });

  it('reads a payment (200), and answers 404 and 403 as errors with sentences', async () => {
    fx = await new ServiceFixture().connect();
    const { payment } = await fx.sandbox.guestPay({ idTable: 'T1', items: [{ id: 'I1', quantity: '1' }], tip: '5' });
    const read = value(await fx.client.getPayment(payment.id));
    expect(read).toMatchObject({ id: payment.id, idBill: 'B1', state: 'PAID', currency: 'CZK', tipBrutto: '5' });
    expect(read.items).toEqual([expect.objectContaining({ id: 'I1', quantity: '1', price: '62.50' })]);

    const missing = await fx.client.getPayment('no-such-payment');
    expect(missing).toMatchObject({ ok: false, status: 404, code: 'NOT_FOUND' });
    expect(!missing.ok && missing.message).toMatch(/check the payment id/);
    expect(await fx.otherRestaurant().getPayment(payment.id)).toEqual({ ok: false, status: 403, code: 'FORBIDDEN', message: MESSAGES.foreignPayment });
    expect(await fx.client.getPayment('')).toMatchObject({ ok: false, status: 0, code: 'INVALID_INPUT' });
  });

  it('cancels within 3 hours (200 CANCELLED) and answers 410 after, with what to do', async () => {
    fx = await new ServiceFixture().connect();
    const first = await fx.sandbox.guestPay({ idTable: 'T1', items: [{ id: 'I1', quantity: '1' }] });
    const second = await fx.sandbox.guestPay({ idTable: 'T1', items: [{ id: 'I2', quantity: '1' }] });
    expect(value(await fx.client.cancelPayment(first.payment.id)).state).toBe('CANCELLED');
    expect(await fx.otherRestaurant().cancelPayment(second.payment.id)).toMatchObject({ status: 403, message: MESSAGES.foreignPayment });
    fx.sandbox.advanceClock(3 * 60 * 60 * 1000 + 1000);
    expect(await fx.client.cancelPayment(second.payment.id)).toEqual({ ok: false, status: 410, code: 'GONE', message: MESSAGES.cancelWindow });
    expect(value(await fx.client.getPayment(second.payment.id)).state).toBe('PAID');
    expect(await fx.client.cancelPayment('nope')).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('captures a manual payment and provides a receipt', async () => {
    fx = await new ServiceFixture().connect();
    const manual = await fx.sandbox.guestPay({ idTable: 'T1', items: [{ id: 'I1', quantity: '1' }], captureMode: 'manual' });
    expect(manual.outcome).toBe('authorized');
    expect(value(await fx.client.capturePayment(manual.payment.id, receipt()))).toEqual({ status: 'Accepted' });
    await fx.dispatcher.waitForCall((c) => c.method === 'paymentClosed' && c.args[0] === manual.payment.id);
    expect(value(await fx.client.getPayment(manual.payment.id)).state).toBe('PAID');
    expect(value(await fx.client.provideReceipt(manual.payment.id, receipt('R-2')))).toEqual({ status: 'Accepted' });
    expect(await fx.client.provideReceipt('nope', receipt())).toMatchObject({ status: 404 });
    expect(await fx.client.capturePayment('nope', receipt())).toMatchObject({ status: 404 });
    expect(await fx.otherRestaurant().provideReceipt(manual.payment.id, receipt())).toMatchObject({ status: 403, message: MESSAGES.foreignPayment });
  });

  it('refuses a malformed receipt locally, naming the field, and sends nothing', async () => {
    fx = await new ServiceFixture().connect();
    const before = fx.counters();
    const bad = await fx.client.provideReceipt('p-1', { ...receipt(), items: [{ id: 'I1', name: 'x', price: '12,50', quantity: '1', tags: [] }] });
    expect(bad).toMatchObject({ ok: false, status: 0, code: 'INVALID_INPUT' });
    expect(!bad.ok && bad.message).toMatch(/receipt\.items\[0\]\.price: must be a decimal string/);
    expect(fx.counters()).toEqual(before);
  });

  it('network failure and time-out give the connection sentence', async () => {
    fx = await new ServiceFixture().connect();
    const silent = createServer(() => {
      // Never answers: the client's own time-out must end the request.
    });
    servers.push(silent);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    // The time-out is a timer of the injected clock (it holds its AbortController, so it is sure to fire).
    const clock = new ManualClock();
    const slow = createServiceClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k', posId: fx.posId, log: fx.log, timeoutMs: 10_000, clock });
    const arrived = once(silent, 'request');
    let settled = false;
    const answer = slow.whoAmI().finally(() => (settled = true));
    await arrived;
    await clock.advanceAsync(9_999);
    expect(settled).toBe(false);
    await clock.advanceAsync(1);
    expect(await answer).toEqual({ ok: false, status: 0, code: 'TIMEOUT', message: MESSAGES.unreachable });
    expect(clock.pending()).toBe(0);

    const closedPort = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const down = createServiceClient({ baseUrl: `http://127.0.0.1:${closedPort}/`, apiKey: 'k', posId: fx.posId, log: fx.log });
    expect(await down.whoAmI()).toEqual({ ok: false, status: 0, code: 'NETWORK_ERROR', message: MESSAGES.unreachable });
  });
});
