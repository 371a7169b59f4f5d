import { afterEach, describe, expect, it } from 'vitest';
import { createV4ServiceClient } from '../../main/adapters/connection/transport/webhook/index.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { POS_ID } from './helpers/receiver-harness.js';

/** The v4 REST endpoints of the sandbox: same auth and Error bodies as v2. */
const KEY = 'abcd-efgh-ijkl-mnop-qrst';
let sb: Sandbox;
afterEach(async () => {
  await sb.close();
});

async function post(path: string, body?: unknown, auth: { key?: string; posId?: string } = {}): Promise<{ status: number; json: unknown }> {
  const headers: Record<string, string> = { authorization: `Bearer ${auth.key ?? KEY}`, 'pos-id': auth.posId ?? POS_ID };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${sb.url}${path}`, { method: 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, json: text === '' ? null : (JSON.parse(text) as unknown) };
}

describe('POST /api/v4/pos/*', () => {
  it('who-am-i: 200 with the restaurant, 401 with a wrong key or Pos-Id', async () => {
    sb = await startSandbox({ apiKey: KEY, restaurantName: 'Bistro' });
    expect(await post('/api/v4/pos/who-am-i')).toEqual({ status: 200, json: { id: sb.restaurant.id, name: 'Bistro' } });
    expect(await post('/api/v4/pos/who-am-i', undefined, { key: 'zzzz-zzzz-zzzz-zzzz-zzzz' })).toMatchObject({ status: 401, json: { code: 'UNAUTHORIZED' } });
    expect(await post('/api/v4/pos/who-am-i', undefined, { posId: 'not-a-uuid' })).toMatchObject({ status: 401, json: { code: 'UNAUTHORIZED' } });
  });

  it('configure: echoes the URL; 400 names a missing or bad webhookUrl; unknown fields ignored', async () => {
    sb = await startSandbox({ apiKey: KEY, webhookPingMs: 0 });
    expect(await post('/api/v4/pos/configure', { webhookUrl: 'https://pos.example.com/webhook/m-1', extra: 1 })).toEqual({
      status: 200,
      json: { webhookUrl: 'https://pos.example.com/webhook/m-1' },
    });
    expect(await post('/api/v4/pos/configure', {})).toMatchObject({
      status: 400,
      json: { code: 'BAD_REQUEST', message: expect.stringMatching(/^webhookUrl: /) },
    });
    expect(await post('/api/v4/pos/configure', { webhookUrl: 'ftp://pos.example.com/x' })).toEqual({
      status: 400,
      json: { code: 'BAD_REQUEST', message: 'webhookUrl: must be an http or https URL' },
    });
    const state = sb.state() as { connections: { kind: string; webhookUrl?: string }[] };
    expect(state.connections).toEqual([expect.objectContaining({ kind: 'webhook', webhookUrl: 'https://pos.example.com/webhook/m-1', live: true })]);
  });

  it('reply: 400 without exactly one of result/error, 404 for a delivery nobody waits for', async () => {
    sb = await startSandbox({ apiKey: KEY, webhookPingMs: 0 });
    expect(await post('/api/v4/pos/reply', { id: 'd1' })).toEqual({
      status: 400,
      json: { code: 'BAD_REQUEST', message: 'result, error: exactly one of them is required' },
    });
    expect(await post('/api/v4/pos/reply', { id: 'd1', result: 1, error: { code: 'X', message: 'y' } })).toMatchObject({ status: 400 });
    expect(await post('/api/v4/pos/reply', { result: null })).toMatchObject({ status: 400, json: { message: expect.stringMatching(/^id: /) } });
    expect(await post('/api/v4/pos/reply', { id: 'd1', result: null })).toMatchObject({
      status: 404,
      json: { code: 'DELIVERY_NOT_FOUND', message: expect.stringContaining('"d1"') },
    });
  });

  it('get-payment: 400 without paymentId, 404 unknown, 401 without auth', async () => {
    sb = await startSandbox({ apiKey: KEY });
    expect(await post('/api/v4/pos/get-payment', {})).toMatchObject({
      status: 400,
      json: { code: 'BAD_REQUEST', message: expect.stringMatching(/^paymentId: /) },
    });
    expect(await post('/api/v4/pos/get-payment')).toMatchObject({ status: 400 });
    expect(await post('/api/v4/pos/get-payment', { paymentId: 'nope' })).toEqual({
      status: 404,
      json: { code: 'PAYMENT_NOT_FOUND', message: 'paymentId: no payment "nope"' },
    });
    const res = await fetch(`${sb.url}/api/v4/pos/get-payment`, { method: 'POST', body: '{"paymentId":"nope"}' });
    expect(res.status).toBe(401);
  });
});

describe('createV4ServiceClient against the sandbox', () => {
  it('answers values, and a wrong key is a 401 value that does not contain the key', async () => {
    sb = await startSandbox({ apiKey: KEY, webhookPingMs: 0 });
    const client = createV4ServiceClient({ serviceUrl: sb.url, apiKey: KEY, posId: POS_ID });
    expect(await client.whoAmI()).toEqual({ ok: true, value: { id: sb.restaurant.id, name: 'Bistro Sandbox' } });
    expect(await client.configure('http://127.0.0.1:9/webhook/default')).toEqual({ ok: true, value: { webhookUrl: 'http://127.0.0.1:9/webhook/default' } });
    const wrongKey = 'zzzz-yyyy-xxxx-wwww-vvvv';
    const bad = await createV4ServiceClient({ serviceUrl: sb.url, apiKey: wrongKey, posId: POS_ID }).whoAmI();
    expect(bad).toMatchObject({ ok: false, status: 401, code: 'UNAUTHORIZED' });
    expect(JSON.stringify(bad)).not.toContain(wrongKey);
    const down = await createV4ServiceClient({ serviceUrl: 'http://127.0.0.1:9', apiKey: KEY, posId: POS_ID }).whoAmI();
    expect(down).toMatchObject({ ok: false, status: 0, code: 'NETWORK_ERROR' });
  });
});
