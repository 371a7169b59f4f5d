import { request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { checkHost, createGuardedServer, DEFAULT_LIMITS, guardUpgrade, hostsOfUrls, type GuardOptions } from '../../main/base/http-guard/index.js';
import { bodyOf, exchange, getOver, headerOf, idleSockets } from './raw-client.js';

let server: Server | null = null;

async function start(handler: (req: IncomingMessage, res: ServerResponse) => void, options: GuardOptions = {}): Promise<number> {
  const s = createGuardedServer(handler, options);
  server = s;
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return (s.address() as AddressInfo).port;
}

afterEach(async () => {
  const s = server;
  server = null;
  if (!s) return;
  s.closeAllConnections();
  await new Promise<void>((resolve) => s.close(() => resolve()));
});

const ok = (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
};
const fakeReq = (host: string | undefined) => ({ headers: host === undefined ? {} : { host } }) as IncomingMessage;

describe('checkHost', () => {
  it('accepts only the listed names, ignoring case; a missing Host is refused', () => {
    const allowed = ['127.0.0.1:4100', 'localhost:4100', '[::1]:4100'];
    expect(checkHost(fakeReq('127.0.0.1:4100'), allowed)).toBe(true);
    expect(checkHost(fakeReq('LocalHost:4100'), allowed)).toBe(true);
    expect(checkHost(fakeReq('[::1]:4100'), allowed)).toBe(true);
    expect(checkHost(fakeReq('evil.example'), allowed)).toBe(false);
    expect(checkHost(fakeReq('evil.example:4100'), allowed)).toBe(false);
    expect(checkHost(fakeReq('127.0.0.1:4101'), allowed)).toBe(false);
    expect(checkHost(fakeReq('127.0.0.1'), allowed)).toBe(false);
    expect(checkHost(fakeReq(undefined), allowed)).toBe(false);
    expect(checkHost(fakeReq(''), allowed)).toBe(false);
  });

  it('reads the Host of a public URL with its port only when it is not the default', () => {
    expect(hostsOfUrls('https://Pos.Example.com/tableside/', 'http://tunnel.example:8080', 'https://x.example:443/')).toEqual([
      'pos.example.com',
      'tunnel.example:8080',
      'x.example',
    ]);
    expect(hostsOfUrls('', 'not a url')).toEqual([]);
  });
});

describe('a guarded server', () => {
  it('defaults to the documented limits: 256 sockets, 30 s idle, 10 s to the first byte and to the headers, 30 s request', () => {
    expect(DEFAULT_LIMITS).toEqual({
      maxConnections: 256,
      idleTimeoutMs: 30_000,
      firstByteTimeoutMs: 10_000,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
    });
    const s = createGuardedServer(ok);
    expect([s.maxConnections, s.timeout, s.keepAliveTimeout, s.headersTimeout, s.requestTimeout]).toEqual([256, 30_000, 30_000, 10_000, 30_000]);
  });

  it('holds at most maxConnections sockets and closes the rest at once', async () => {
    const port = await start(ok, { limits: { maxConnections: 20 } });
    const idle = await idleSockets(port, 30);
    try {
      await idle.closedCount(10);
      const held = idle.open();
      expect(held).toHaveLength(20);
      expect(await new Promise<number>((resolve) => server!.getConnections((_e, n) => resolve(n)))).toBe(20);
      // The held ones are still served.
      expect(await getOver(held[0]!, `127.0.0.1:${port}`)).toBe('HTTP/1.1 200 OK');
    } finally {
      await idle.destroy();
    }
  });

  it('closes a socket that never sends a byte after the idle timeout, not before', async () => {
    const port = await start(ok, { limits: { idleTimeoutMs: 300 } });
    const { text, ms } = await exchange(port, '');
    expect(text).toBe('');
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(ms).toBeLessThan(5_000);
  });

  it('closes a kept-alive socket idle between requests after the idle timeout', async () => {
    const port = await start(ok, { limits: { idleTimeoutMs: 300 } });
    const { text, ms } = await exchange(port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(headerOf(text, 'connection')).toBe('keep-alive');
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(ms).toBeLessThan(5_000);
  });

  it('cuts a slowloris (headers never finished) at the header timeout with 408', async () => {
    const port = await start(ok, { limits: { headersTimeoutMs: 300, requestTimeoutMs: 2_000 } });
    const { text, ms } = await exchange(port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: 1\r\n`);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(ms).toBeLessThan(5_000);
  });

  it('cuts a body that never ends at the request timeout', async () => {
    const reading = (req: IncomingMessage, res: ServerResponse) => {
      req.resume();
      req.once('end', () => ok(req, res));
    };
    const port = await start(reading, { limits: { headersTimeoutMs: 200, requestTimeoutMs: 500 } });
    const { text, ms } = await exchange(port, `POST / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 100\r\n\r\nabc`);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeGreaterThanOrEqual(490);
    expect(ms).toBeLessThan(5_000);
  });

  it('answers a refusal sent before the body arrived with Connection: close and then closes, unread', async () => {
    let read = 0;
    const refuse = (req: IncomingMessage, res: ServerResponse) => {
      req.on('data', (c: Buffer) => (read += c.length));
      req.pause();
      res.writeHead(413, { 'content-type': 'text/plain' }).end('too large');
    };
    const port = await start(refuse);
    // Declares 10 MiB, sends 64 KiB, then waits: only the server can end this.
    const { text } = await exchange(
      port,
      Buffer.concat([Buffer.from(`PUT / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 10485760\r\n\r\n`), Buffer.alloc(65_536, 0x61)]),
    );
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(headerOf(text, 'connection')).toBe('close');
    expect(read).toBe(0);
  });

  it('keeps the connection of a request whose body was read', async () => {
    const port = await start((req, res) => {
      req.resume();
      req.once('end', () => ok(req, res));
    });
    const connection = await new Promise<string | undefined>((resolve, reject) => {
      const r = request({ host: '127.0.0.1', port, method: 'POST', headers: { 'content-length': '3' } }, (res) => {
        res.resume();
        resolve(res.headers.connection);
      });
      r.on('error', reject);
      r.end('abc');
    });
    expect(connection).toBe('keep-alive');
  });

  it('answers 421 with a JSON code when the Host is not this machine; loopback names and extra hosts pass', async () => {
    const port = await start(ok, { extraHosts: ['pos.example.com'] });
    const evil = await exchange(port, `GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n`);
    expect(evil.text).toMatch(/^HTTP\/1\.1 421 /);
    expect(headerOf(evil.text, 'connection')).toBe('close');
    expect(bodyOf(evil.text)).toEqual({ error: { code: 'MISDIRECTED_REQUEST', message: expect.any(String) } });
    const noHost = await exchange(port, `GET / HTTP/1.0\r\n\r\n`);
    expect(noHost.text).toMatch(/^HTTP\/1\.1 421 /);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, 'pos.example.com']) {
      expect((await exchange(port, `GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)).text).toMatch(/^HTTP\/1\.1 200 /);
    }
  });

  it('words the 421 body as the server asks', async () => {
    const port = await start(ok, { errorBody: (code, message) => ({ code, message }) });
    const evil = await exchange(port, `GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n`);
    expect(bodyOf(evil.text)).toEqual({ code: 'MISDIRECTED_REQUEST', message: expect.any(String) });
  });

  it('refuses a WebSocket upgrade naming another host with 421 and lets a loopback one through', async () => {
    const port = await start(ok);
    const wss = new WebSocketServer({ noServer: true });
    server!.on(
      'upgrade',
      guardUpgrade(server!, (req, socket, head) => wss.handleUpgrade(req, socket, head, (ws) => ws.send('hello'))),
    );
    try {
      const refused = await exchange(
        port,
        `GET / HTTP/1.1\r\nHost: evil.example\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
      expect(refused.text).toMatch(/^HTTP\/1\.1 421 /);
      const ws = new WebSocket(`ws://127.0.0.1:${port}/`);
      expect(await new Promise<string>((resolve, reject) => (ws.once('message', (m: Buffer) => resolve(m.toString())), ws.once('error', reject)))).toBe(
        'hello',
      );
      ws.close();
      await new Promise((resolve) => ws.once('close', resolve));
    } finally {
      for (const c of wss.clients) c.terminate();
      wss.close();
    }
  });
});
