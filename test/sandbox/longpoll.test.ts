import { describe, expect, it } from 'vitest';
import { credsOf, sampleBook, sandboxFixture } from './helpers/fixture.js';
import { control, posFetch } from './helpers/pos-http.js';
import { PollingPos } from './helpers/polling-pos.js';
import { waitFor } from './helpers/wait-for.js';
import { request } from 'node:http';

const env = sandboxFixture();
const KEEPALIVE = { uuid: null, method: 'noop', args: [] };

async function waitHeld(url: string): Promise<void> {
  await waitFor(async () => ((await control(url, '/sandbox/state')).json as { connections: { pollHeld?: boolean }[] }).connections[0]?.pollHeld, 'a held poll');
}

describe('long-poll /api/v2/pos/poll', () => {
  it('answers the noop keep-alive after the hold time, on POST, GET and the //poll path', async () => {
    const sb = await env.start({ pollHoldMs: 200 });
    const creds = credsOf(sb);
    for (const [method, path] of [
      ['POST', '/api/v2/pos/poll'],
      ['GET', '/api/v2/pos/poll'],
      ['POST', '/api/v2/pos//poll'],
    ] as const) {
      const res = await posFetch(creds, path, { method });
      expect([res.status, res.json]).toEqual([200, KEEPALIVE]);
    }
  });

  it('delivers a queued call to the held poll, and its MethodCallResponse resolves the call', async () => {
    const sb = await env.start({ pollHoldMs: 5_000 });
    const creds = credsOf(sb);
    const first = posFetch(creds, '/api/v2/pos/poll', { method: 'POST' });
    await waitHeld(sb.url);
    const scan = sb.guestScan({ idTable: 'T1' });
    const call = (await first).json as { uuid: string; method: string; args: unknown[] };
    expect(call).toEqual({ uuid: expect.any(String), method: 'getTableContents', args: ['T1', null] });
    const bills = sampleBook().handle('getTableContents', ['T1']);
    const next = posFetch(creds, '/api/v2/pos/poll', { method: 'POST', body: { uuid: call.uuid, ...bills, extra: 'ignored' } });
    expect(await scan).toEqual([expect.objectContaining({ id: 'B1' })]);
    sb.injectFault({ kind: 'close-1001' }); // ends the held follow-up poll at once instead of waiting 5 s
    expect((await next).json).toEqual(KEEPALIVE);
  });

  it('sends a poll answer with its length, not chunked, so the POS reads it whole', async () => {
    const sb = await env.start({ pollHoldMs: 5_000 });
    const creds = credsOf(sb);
    const headers = { authorization: `Bearer ${creds.apiKey}`, 'pos-id': creds.posId };
    const first = fetch(`${sb.url}/api/v2/pos/poll`, { method: 'POST', headers });
    await waitHeld(sb.url);
    void sb.guestScan({ idTable: 'T1' }).catch(() => undefined);
    const res = await first;
    const text = await res.text();
    expect(res.headers.get('transfer-encoding')).toBeNull();
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(JSON.parse(text)).toMatchObject({ method: 'getTableContents', args: ['T1', null] });
  });

  it('answers 400 naming the field for a bad body, and 401 without auth', async () => {
    const sb = await env.start({ pollHoldMs: 200 });
    const creds = credsOf(sb);
    const noUuid = await posFetch(creds, '/api/v2/pos/poll', { method: 'POST', body: { result: 1 } });
    expect(noUuid.status).toBe(400);
    expect((noUuid.json as { message: string }).message).toMatch(/^uuid: /);
    const noResult = await posFetch(creds, '/api/v2/pos/poll', { method: 'POST', body: { uuid: 'x' } });
    expect((noResult.json as { message: string }).message).toMatch(/^result: /);
    const badError = await posFetch(creds, '/api/v2/pos/poll', { method: 'POST', body: { uuid: 'x', error: { message: 'no code' } } });
    expect((badError.json as { message: string }).message).toMatch(/^error\.code: /);
    const notJson = await posFetch(creds, '/api/v2/pos/poll', { method: 'POST', rawBody: 'nope' });
    expect(notJson.status).toBe(400);
    expect((await fetch(`${sb.url}/api/v2/pos/poll`, { method: 'POST' })).status).toBe(401);
  });

  it('a call written to a poll whose socket then closed still counts: its answer comes in a later poll', async () => {
    const sb = await env.start({ pollHoldMs: 5_000 });
    const creds = credsOf(sb);
    // A raw request whose socket the POS destroys as soon as the call arrived.
    const written = new Promise<{ uuid: string }>((resolve, reject) => {
      const req = request(`${sb.url}/api/v2/pos/poll`, {
        method: 'POST',
        agent: false,
        headers: { authorization: `Bearer ${creds.apiKey}`, 'pos-id': creds.posId },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d: Buffer) => {
          text += d.toString('utf8');
          if (text.endsWith('}')) {
            res.socket.destroy();
            resolve(JSON.parse(text) as { uuid: string });
          }
        });
      });
      req.on('error', reject);
      req.end();
    });
    await waitHeld(sb.url);
    const scan = sb.guestScan({ idTable: 'T1' });
    const call = await written;
    const answer = { uuid: call.uuid, ...sampleBook().handle('getTableContents', ['T1']) };
    const later = posFetch(creds, '/api/v2/pos/poll', { method: 'POST', body: answer });
    expect(await scan).toHaveLength(1);
    sb.injectFault({ kind: 'close-1001' });
    expect((await later).json).toEqual(KEEPALIVE);
  });

  it('a call that no poll takes fails with TIMEOUT', async () => {
    const sb = await env.start({ pollHoldMs: 100, callTimeoutMs: 500 });
    const creds = credsOf(sb);
    expect((await posFetch(creds, '/api/v2/pos/poll', { method: 'POST' })).json).toEqual(KEEPALIVE); // connection counts for a while
    const err = await sb.guestScan({ idTable: 'T1' }).then(
      () => null,
      (e: unknown) => e as { status: number; body: { code: string } },
    );
    expect(err?.status).toBe(502);
    expect(err?.body.code).toBe('TIMEOUT');
    const state = (await control(sb.url, '/sandbox/state')).json as { counters: { callsFailed: number; callsSent: number } };
    expect(state.counters).toMatchObject({ callsFailed: 1, callsSent: 0 });
  });

  it('a polling POS keeps working across many calls (scripted POS end to end)', async () => {
    const sb = await env.start({ pollHoldMs: 1_000 });
    const book = sampleBook().addBill('T2', 'B2', [{ id: 'tea', name: 'Tea', price: '45', quantity: '3' }]);
    const pos = new PollingPos(credsOf(sb), (m, a) => book.handle(m, a));
    env.defer(() => pos.stop());
    await waitFor(() => pos.statuses.length > 0 || ((sb.state() as { connections: { live: boolean }[] }).connections[0]?.live ?? false), 'first poll');
    for (let i = 0; i < 3; i++) await sb.guestPay({ idTable: 'T2', items: [{ id: 'tea', quantity: '1' }] });
    expect(book.unpaid('B2', 'tea')).toBe('0');
    const s = sb.state() as { counters: { callsSent: number; responsesReceived: number } };
    expect(s.counters.callsSent).toBe(15);
    expect(s.counters.responsesReceived).toBe(15);
  });
});
