import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/base/log.js';
import { startPosApi, type PosApi } from '../../main/app/pos-api.js';
import { createServiceClient } from '../../main/base/service/index.js';
import { createPaymentLinks, paymentLinkCommands } from '../../main/features/payment-links/index.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { tempStore } from '../store/helpers.js';
import { startApi, TOKEN, type ApiError } from './helpers.js';

type Link = { id: string; amount: string | null; currency: string; description: string; url: string; state: string; payment: unknown };

/** /v1/payment-links over real HTTP on 127.0.0.1: the cashier's commands against the real sandbox, a real store. */
describe('POS API: payment links', () => {
  let sandbox: Sandbox;
  let temp: ReturnType<typeof tempStore>;
  let api: PosApi;

  const call = async <T = ApiError>(method: string, path: string, body?: unknown) => {
    const res = await fetch(`${api.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, json: (text ? JSON.parse(text) : null) as T };
  };
  const heldBySandbox = () =>
    (sandbox.state() as { restaurants: { id: string; staticLinks: { id: string }[] }[] }).restaurants
      .find((r) => r.id === sandbox.restaurant.id)!
      .staticLinks.map((l) => l.id);

  beforeEach(async () => {
    sandbox = await startSandbox({ port: 0 });
    temp = tempStore();
    const log = silentLogger();
    const client = createServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.restaurant.apiKey, posId: randomUUID(), log });
    const links = createPaymentLinks({ store: temp.store, client: () => client, defaultCurrency: () => 'CZK', log });
    api = await startPosApi({ store: temp.store, port: 0, token: TOKEN, log, paymentLinks: paymentLinkCommands({ paymentLinks: links, log, shell: {} }) });
  });
  afterEach(async () => {
    await api.close();
    temp.cleanup();
    await sandbox.close();
  });

  it('creates, lists, reads and deletes a link at the service', async () => {
    const made = await call<Link>('POST', '/payment-links', { amount: '250.5', description: ' Deposit, table for 8 ', ignored: true });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ amount: '250.50', currency: 'CZK', description: 'Deposit, table for 8', state: 'active', payment: null });
    expect(made.json.url).toBe(`${sandbox.url}/link/${made.json.id}`);
    const euro = await call<Link>('POST', '/payment-links', { amount: '12', currency: 'eur' });
    expect(euro.json).toMatchObject({ amount: '12.00', currency: 'EUR', description: '' });
    expect(heldBySandbox().sort()).toEqual([made.json.id, euro.json.id].sort());

    const list = await call<{ links: Link[]; checkFailed: unknown }>('GET', '/payment-links');
    expect(list.status).toBe(200);
    expect(list.json.links.map((l) => [l.id, l.state])).toEqual([
      [euro.json.id, 'active'],
      [made.json.id, 'active'],
    ]);
    expect(list.json.checkFailed).toBeNull();
    expect((await call<Link>('GET', `/payment-links/${encodeURIComponent(made.json.id)}`)).json).toEqual(made.json);

    expect(await call('DELETE', `/payment-links/${euro.json.id}`)).toMatchObject({ status: 204, json: null });
    expect(heldBySandbox()).toEqual([made.json.id]);
    expect(temp.store.getPaymentLink(euro.json.id)).toBeNull();
    expect(await call('DELETE', `/payment-links/${euro.json.id}`)).toMatchObject({ status: 404, json: { error: { code: 'LINK_NOT_FOUND' } } });
    expect(await call('GET', `/payment-links/${euro.json.id}`)).toMatchObject({ status: 404, json: { error: { code: 'LINK_NOT_FOUND' } } });

    // A guest pays the deposit: the link answers its payment, and it is kept as the record of it.
    const { payment } = sandbox.guestPayLink({ linkId: made.json.id });
    const paid = await call<Link>('GET', `/payment-links/${made.json.id}`);
    expect(paid.json).toMatchObject({ state: 'paid', payment: { id: payment.id, amount: '250.50', time: new Date(payment.time).toISOString() } });
    expect(await call('DELETE', `/payment-links/${made.json.id}`)).toMatchObject({ status: 409, json: { error: { code: 'LINK_PAID' } } });
    expect(heldBySandbox()).toEqual([made.json.id]);
  });

  it('refuses bad input by the same codes as the cashier, naming the field, before anything is sent', async () => {
    const cases: [unknown, string, string][] = [
      [{ amount: '0' }, 'INVALID_AMOUNT', 'amount'],
      [{ amount: '12.345' }, 'INVALID_AMOUNT', 'amount'],
      [{ amount: '12,50' }, 'INVALID_AMOUNT', 'amount'],
      [{ amount: '10', currency: 'koruna' }, 'INVALID_CURRENCY', 'currency'],
      [{ amount: '10', description: 'x'.repeat(201) }, 'DESCRIPTION_TOO_LONG', 'description'],
      [{ amount: 10 }, 'BAD_REQUEST', 'amount'],
      [{}, 'BAD_REQUEST', 'amount'],
    ];
    for (const [body, code, field] of cases) {
      const got = await call('POST', '/payment-links', body);
      expect([got.status, got.json.error.code, got.json.error.field], JSON.stringify(body)).toEqual([400, code, field]);
    }
    expect(heldBySandbox()).toEqual([]);
    expect(temp.store.paymentLinks()).toEqual([]);
  });

  it("answers the service's refusals with its code: restarting is 503 with Retry-After, unreachable 502", async () => {
    const made = await call<Link>('POST', '/payment-links', { amount: '80' });
    sandbox.injectFault({ kind: 'http-503', restaurantId: sandbox.restaurant.id });
    const restarting = await call('DELETE', `/payment-links/${made.json.id}`);
    expect([restarting.status, restarting.json.error.code, restarting.headers.get('retry-after')]).toEqual([503, 'SERVICE_RESTARTING', '120']);
    expect(JSON.stringify(restarting.json)).not.toContain(made.json.id);
    expect(heldBySandbox()).toEqual([made.json.id]);

    await sandbox.close();
    const offline = await call('POST', '/payment-links', { amount: '5' });
    expect([offline.status, offline.json.error.code]).toEqual([502, 'NETWORK_ERROR']);
    // The list still answers: the link's state is unknown, and why.
    const list = await call<{ links: Link[]; checkFailed: unknown }>('GET', '/payment-links');
    expect(list.json).toEqual({ links: [expect.objectContaining({ id: made.json.id, state: 'unknown' })], checkFailed: { code: 'NETWORK_ERROR' } });
    sandbox = await startSandbox({ port: 0 });
  });
});

describe('POS API: payment links without a service connection', () => {
  it('answers 503 UNAVAILABLE', async () => {
    const a = await startApi();
    try {
      const got = await a.call('GET', '/payment-links');
      expect([got.status, got.json.error.code]).toEqual([503, 'UNAVAILABLE']);
    } finally {
      await a.stop();
    }
  });
});
