import { describe, expect, it } from 'vitest';
import { credsOf, sandboxFixture } from './helpers/fixture.js';
import { posFetch } from './helpers/pos-http.js';

const env = sandboxFixture();

describe('sandbox REST: authentication and request handling', () => {
  it('answers who-am-i 200 with the Bearer key and a UUID Pos-Id (any case)', async () => {
    const sb = await env.start({ restaurantName: 'Bistro Test' });
    const ok = await posFetch(credsOf(sb), '/api/v2/pos/who-am-i');
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ id: sb.restaurant.id, name: 'Bistro Test' });
    const upper = await posFetch(credsOf(sb, '0B1E6A3E-5A4F-4B5C-9D1E-2F3A4B5C6D7E'), '/api/v2/pos/who-am-i');
    expect(upper.status).toBe(200);
  });

  it('answers 401 with an English Error body for a missing key, a wrong key or a bad Pos-Id', async () => {
    const sb = await env.start();
    const none = await fetch(`${sb.url}/api/v2/pos/who-am-i`);
    expect(none.status).toBe(401);
    const body = (await none.json()) as { code: string; message: string };
    expect(body.code).toBe('UNAUTHORIZED');
    expect(body.message).toMatch(/Invalid API key or Pos-Id/);
    expect((await posFetch({ ...credsOf(sb), apiKey: 'aaaa-bbbb-cccc-dddd-eeee' }, '/api/v2/pos/who-am-i')).status).toBe(401);
    expect((await posFetch({ ...credsOf(sb), posId: 'not-a-uuid' }, '/api/v2/pos/who-am-i')).status).toBe(401);
    expect((await posFetch({ ...credsOf(sb), posId: '' }, '/api/v2/pos/who-am-i')).status).toBe(401);
  });

  it('writes the 401 message in Czech for Accept-Language: cs, never echoing the key', async () => {
    const sb = await env.start();
    const res = await posFetch({ ...credsOf(sb), apiKey: 'wxyz-wxyz-wxyz-wxyz-wxyz' }, '/api/v2/pos/who-am-i', {
      headers: { 'accept-language': 'cs-CZ,cs;q=0.9' },
    });
    expect(res.status).toBe(401);
    expect((res.json as { message: string }).message).toMatch(/Neplatný API klíč/);
    expect(res.text).not.toContain('wxyz-wxyz');
  });

  it('answers 400 naming the field for a bad body, and ignores unknown fields', async () => {
    const sb = await env.start();
    const creds = credsOf(sb);
    const bad = await posFetch(creds, '/api/v2/pos/qr', { method: 'POST', body: { idTable: 7 } });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ code: 'BAD_REQUEST', message: expect.stringMatching(/^idTable: /) });
    const missing = await posFetch(creds, '/api/v2/pos/qr', { method: 'POST', body: {} });
    expect((missing.json as { message: string }).message).toMatch(/^idTable: /);
    const notJson = await posFetch(creds, '/api/v2/pos/qr', { method: 'POST', rawBody: '{"idTable":', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect((notJson.json as { message: string }).message).toMatch(/^body: not valid JSON/);
    const extra = await posFetch(creds, '/api/v2/pos/qr', { method: 'POST', body: { idTable: 'T1', somethingNew: { deep: true } } });
    expect(extra.status).toBe(200);
    expect(extra.json).toEqual({ idTable: 'T1', code: expect.any(String), url: expect.any(String) });
    // Nothing changed by the bad requests: only the good one created a code.
    expect((await posFetch(creds, '/api/v2/pos/qr')).json).toHaveLength(1);
  });

  it('answers 413 over 1 MiB, 404 for an unknown path and 405 for a wrong method', async () => {
    const sb = await env.start();
    const creds = credsOf(sb);
    const big = await posFetch(creds, '/api/v2/pos/upload-menu-items', { method: 'POST', rawBody: `{"items":[],"pad":"${'x'.repeat(1024 * 1024)}"}` });
    expect(big.status).toBe(413);
    expect((big.json as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
    expect((await posFetch(creds, '/api/v2/pos/nothing-here')).status).toBe(404);
    const wrong = await posFetch(creds, '/api/v2/pos/who-am-i', { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
  });

  it('creates further restaurants through the control API, each seeing only its own data', async () => {
    const sb = await env.start();
    const made = await fetch(`${sb.url}/sandbox/restaurants`, { method: 'POST', body: JSON.stringify({ name: 'Second', apiKey: 'abcd-efgh-ijkl-mnop-qrst' }) });
    expect(made.status).toBe(200);
    const second = (await made.json()) as { id: string; name: string; apiKey: string };
    expect(second).toEqual({ id: expect.any(String), name: 'Second', apiKey: 'abcd-efgh-ijkl-mnop-qrst' });
    const who = await posFetch({ ...credsOf(sb), apiKey: second.apiKey }, '/api/v2/pos/who-am-i');
    expect(who.json).toEqual({ id: second.id, name: 'Second' });
    const dup = await fetch(`${sb.url}/sandbox/restaurants`, { method: 'POST', body: JSON.stringify({ name: 'Third', apiKey: 'abcd-efgh-ijkl-mnop-qrst' }) });
    expect(dup.status).toBe(409);
    const badKey = await fetch(`${sb.url}/sandbox/restaurants`, { method: 'POST', body: JSON.stringify({ name: 'X', apiKey: 'short' }) });
    expect(badKey.status).toBe(400);
    expect(((await badKey.json()) as { message: string }).message).toMatch(/^apiKey: /);
    const generated = sb.createRestaurant('Generated');
    expect(generated.apiKey).toMatch(/^[a-z0-9]{4}(-[a-z0-9]{4}){4}$/);
  });
});
