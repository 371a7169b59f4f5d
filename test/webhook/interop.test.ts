import { createVerifier, createSigner, httpbis } from 'http-message-signatures';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentDigestHeader, bodySignature, signWebhookRequest, verifyWebhookRequest } from '../../main/adapters/connection/webhook-signing/index.js';
import { signDelivery } from '../../sandbox/webhook/sign-delivery.js';
import { API_KEY, POS_ID, ReceiverHarness } from './helpers/receiver-harness.js';

/** Our signature code against the independent `http-message-signatures` library, both ways. */
const FIELDS = ['@method', '@path', 'content-type', 'content-digest'];
const verifier = { id: POS_ID, algs: ['hmac-sha256'], verify: createVerifier(API_KEY, 'hmac-sha256') };
const libVerify = (url: string, headers: Record<string, string>) =>
  httpbis.verifyMessage({ keyLookup: async () => verifier }, { method: 'POST', url, headers });

let h: ReceiverHarness;
beforeEach(async () => {
  h = await new ReceiverHarness().start();
  h.dispatcher.on('getTableContents', (args) => ({ result: [{ id: 'b1', table: args[0] }] }));
});
afterEach(async () => {
  await h.close();
});

function delivery(id: string): string {
  const now = h.nowS();
  return JSON.stringify({ id, event: 'getTableContents', created: now, expires: now + 15, args: ['t7', null] });
}

describe('library signs, our receiver verifies', () => {
  it('accepts a request signed by httpbis.signMessage over a real socket', async () => {
    const body = delivery('d-lib');
    const now = h.nowS();
    const signed = await httpbis.signMessage(
      {
        key: createSigner(API_KEY, 'hmac-sha256', POS_ID),
        name: 'sig1',
        fields: FIELDS,
        params: ['created', 'expires', 'keyid', 'alg'],
        paramValues: { created: new Date(now * 1000), expires: new Date((now + 15) * 1000) },
      },
      {
        method: 'POST',
        url: h.transport.webhookUrl,
        headers: { 'content-type': 'application/json', 'content-digest': contentDigestHeader(body), 'signature-sha256': bodySignature(API_KEY, body) },
      },
    );
    const res = await h.post({ headers: signed.headers, body });
    expect(res).toEqual({ status: 200, body: { result: [{ id: 'b1', table: 't7' }] } });
  });

  it('the sandbox signer (library inside) verifies in our code, and its defects are caught', async () => {
    const body = delivery('d-sandbox');
    const now = h.nowS();
    const base = { url: h.transport.webhookUrl, body, apiKey: API_KEY, posId: POS_ID, created: now, expires: now + 15 };
    const good = await signDelivery(base);
    expect((await h.post(good)).status).toBe(200);
    const msg = (headers: Record<string, string>) => ({ method: 'POST', target: new URL(h.transport.webhookUrl).pathname, headers });
    const digest = await signDelivery({ ...base, defect: 'wrong-digest' });
    expect(verifyWebhookRequest(msg(digest.headers), Buffer.from(body), { secret: API_KEY, nowMs: h.clock.now() })).toMatchObject({
      ok: false,
      rejection: { status: 401, code: 'BAD_DIGEST' },
    });
    const sig = await signDelivery({ ...base, defect: 'wrong-signature' });
    expect(verifyWebhookRequest(msg(sig.headers), Buffer.from(body), { secret: API_KEY, nowMs: h.clock.now() })).toMatchObject({
      ok: false,
      rejection: { status: 401, code: 'BAD_SIGNATURE' },
    });
  });
});

describe('we sign, the library verifies', () => {
  it('our signWebhookRequest verifies with httpbis.verifyMessage', async () => {
    const body = delivery('d-ours');
    const now = Math.floor(Date.now() / 1000);
    const headers = signWebhookRequest({ target: '/webhook/default', body, secret: API_KEY, keyid: POS_ID, created: now, expires: now + 15 });
    expect(await libVerify('https://pos.example.com/webhook/default', headers)).toBe(true);
    // Another path, or another key, is refused by the library too.
    expect(await libVerify('https://pos.example.com/webhook/other', headers)).toBe(false);
    const other = signWebhookRequest({ target: '/webhook/default', body, secret: 'zzzz-zzzz-zzzz-zzzz-zzzz', keyid: POS_ID, created: now, expires: now + 15 });
    expect(await libVerify('https://pos.example.com/webhook/default', other)).toBe(false);
  });

  it('the sandbox deliveries verify with httpbis.verifyMessage', async () => {
    const now = Math.floor(Date.now() / 1000);
    const d = await signDelivery({
      url: 'http://127.0.0.1:4000/webhook/m-1',
      body: '{"id":"x"}',
      apiKey: API_KEY,
      posId: POS_ID,
      created: now,
      expires: now + 15,
    });
    expect(await libVerify('http://127.0.0.1:4000/webhook/m-1', d.headers)).toBe(true);
    expect(d.headers['signature-input']).toBe(
      `sig1=("@method" "@path" "content-type" "content-digest");created=${now};expires=${now + 15};keyid="${POS_ID}";alg="hmac-sha256"`,
    );
  });
});
