import { afterEach, describe, expect, it } from 'vitest';
import { bodyOf, exchange, getOver, headerOf, idleSockets } from '../http-guard/raw-client.js';
import { startApi, TOKEN } from './helpers.js';

/** The POS API under abuse, over real sockets: every test ends when the server closes, never on a timer. */

type Api = Awaited<ReturnType<typeof startApi>>;
let a: Api | null = null;
afterEach(async () => {
  await a?.stop();
  a = null;
});

const hostOf = (api: Api) => `127.0.0.1:${api.api.port}`;

describe('the POS API holds against abuse', () => {
  it('holds 256 idle sockets and closes the rest of 300', async () => {
    a = await startApi();
    const idle = await idleSockets(a.api.port, 300);
    try {
      await idle.closedCount(44);
      expect(idle.open()).toHaveLength(256);
      expect(await getOver(idle.open()[0]!, hostOf(a), '/v1/openapi.json')).toBe('HTTP/1.1 200 OK');
    } finally {
      await idle.destroy();
    }
  });

  it('cuts a slowloris at the header timeout given in its options, not before', async () => {
    a = await startApi({ limits: { headersTimeoutMs: 300 } });
    const { text, ms } = await exchange(a.api.port, `GET /v1/tables HTTP/1.1\r\nHost: ${hostOf(a)}\r\nAuthorization: Bearer ${TOKEN}\r\n`);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(ms).toBeLessThan(5_000);
  });

  it('closes a socket that says nothing after the idle timeout given in its options', async () => {
    a = await startApi({ limits: { idleTimeoutMs: 300 } });
    const { ms } = await exchange(a.api.port, '');
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(ms).toBeLessThan(5_000);
  });

  it('keeps an event stream whose heartbeats come faster than the idle timeout', async () => {
    a = await startApi({ heartbeatMs: 50, limits: { idleTimeoutMs: 300 } });
    const res = await fetch(`${a.api.url}/events`, {
      headers: { authorization: `Bearer ${TOKEN}`, accept: 'text/event-stream' },
      signal: AbortSignal.timeout(15_000),
    });
    const reader = res.body!.getReader();
    const started = Date.now();
    let heartbeats = 0;
    // Twelve heartbeats take at least 600 ms: twice the idle timeout, and the stream is still there.
    while (heartbeats < 12) {
      const { value, done } = await reader.read();
      expect(done).toBe(false);
      heartbeats += (new TextDecoder().decode(value).match(/: heartbeat/g) ?? []).length;
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
    await reader.cancel();
  });

  it('answers an upload without the token 401 with Connection: close, then drops the socket', async () => {
    a = await startApi();
    const head = `PUT /v1/bills/b1 HTTP/1.1\r\nHost: ${hostOf(a)}\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n`;
    const { text } = await exchange(a.api.port, Buffer.concat([Buffer.from(head), Buffer.alloc(100_000, 0x20)]));
    expect(text).toMatch(/^HTTP\/1\.1 401 /);
    expect(headerOf(text, 'connection')).toBe('close');
    expect(bodyOf(text)).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
  });

  it('answers an upload that grows past 1 MiB 413 with Connection: close, then drops the socket', async () => {
    a = await startApi();
    // Chunked, so the size is known only while reading; the client then stops sending and waits.
    const head = `PUT /v1/bills/b1 HTTP/1.1\r\nHost: ${hostOf(a)}\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const chunk = Buffer.alloc(1_200_000, 0x20);
    const { text } = await exchange(a.api.port, Buffer.concat([Buffer.from(`${head}${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]));
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(headerOf(text, 'connection')).toBe('close');
    expect(bodyOf(text)).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('answers Host: evil.example 421 with a JSON code, even with the right token (DNS rebinding)', async () => {
    a = await startApi();
    const { text } = await exchange(a.api.port, `GET /v1/tables HTTP/1.1\r\nHost: evil.example\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`);
    expect(text).toMatch(/^HTTP\/1\.1 421 /);
    expect(bodyOf(text)).toMatchObject({ error: { code: 'MISDIRECTED_REQUEST' } });
    expect((await a.call('GET', '/tables')).status).toBe(200);
  });
});
