import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createPollPoster, MAX_POLL_HEAD_BYTES, type PollPoster } from '../../main/adapters/connection/transport/poll-poster.js';
import { TEST_CERT, TEST_KEY } from './helpers/test-cert.js';

const AUTH = { Authorization: 'Bearer abcd-efgh-ijkl-mnop-qrst', 'Pos-Id': '6f1c2b1e-6a43-4b8e-9a6e-0c5d1f2e3a4b' };

interface Received {
  socket: net.Socket;
  head: string;
  body: Buffer;
}

/**
 * A "service" on 127.0.0.1 that speaks raw bytes: it reads each request (head + Content-Length
 * body) and lets the test answer with whatever bytes, in whatever pieces, it likes.
 */
class RawService {
  readonly sockets: net.Socket[] = [];
  readonly requests: Received[] = [];
  private readonly server: net.Server;

  constructor(secure = false) {
    const onSocket = (socket: net.Socket): void => {
      this.sockets.push(socket);
      socket.on('error', () => {}); // the client destroying its end is what some tests check
      let buf = Buffer.alloc(0);
      socket.on('data', (data: Buffer) => {
        buf = Buffer.concat([buf, data]);
        for (;;) {
          const end = buf.indexOf('\r\n\r\n');
          if (end < 0) return;
          const head = buf.toString('latin1', 0, end);
          const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0);
          if (buf.length < end + 4 + length) return;
          this.requests.push({ socket, head, body: buf.subarray(end + 4, end + 4 + length) });
          buf = buf.subarray(end + 4 + length);
          this.server.emit('request');
        }
      });
    };
    this.server = secure ? tls.createServer({ cert: TEST_CERT, key: TEST_KEY }, onSocket) : net.createServer(onSocket);
    if (secure) this.server.on('connection', (socket: net.Socket) => socket.on('error', () => {}));
  }

  async start(): Promise<number> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return (this.server.address() as net.AddressInfo).port;
  }

  async request(n: number): Promise<Received> {
    const deadline = AbortSignal.timeout(10_000);
    while (this.requests.length < n) await once(this.server, 'request', { signal: deadline });
    return this.requests[n - 1]!;
  }

  /** Writes `pieces` one write each, each after the previous one reached the socket's buffer. */
  static async answer(socket: net.Socket, ...pieces: (string | Buffer)[]): Promise<void> {
    for (const piece of pieces) await new Promise<void>((resolve) => socket.write(piece, () => resolve()));
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

async function closed(socket: net.Socket): Promise<void> {
  if (!socket.destroyed) await once(socket, 'close', { signal: AbortSignal.timeout(10_000) });
}

let service: RawService;
let poster: PollPoster | null = null;
afterEach(async () => {
  poster?.closeIdle();
  poster = null;
  await service.close();
});

async function started(secure = false): Promise<number> {
  service = new RawService(secure);
  return service.start();
}

const ok = (text: string, extra = ''): string =>
  `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n${extra}\r\n${text}`;

describe('poll poster: the request on the wire', () => {
  it('writes the request line, the headers built once, and the body with its byte length', async () => {
    const port = await started();
    poster = createPollPoster(`http://127.0.0.1:${port}/prefix/api/v2/pos/poll`, AUTH);
    const body = JSON.stringify({ uuid: 'u1', result: 'Žluťoučký kůň' });
    const first = poster.post(body);
    const got = await service.request(1);
    const [requestLine, ...lines] = got.head.split('\r\n');
    expect(requestLine).toBe('POST /prefix/api/v2/pos/poll HTTP/1.1');
    // Field names are case-insensitive (RFC 9110); each is sent once.
    const fields = lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]);
    expect(new Set(fields.map(([name]) => name)).size).toBe(fields.length);
    expect(Object.fromEntries(fields)).toEqual({
      host: `127.0.0.1:${port}`,
      connection: 'keep-alive',
      authorization: AUTH.Authorization,
      'pos-id': AUTH['Pos-Id'],
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
    });
    expect(got.body.toString('utf8')).toBe(body);
    // The answer one byte at a time: the reader waits for all of it.
    const answer = Buffer.from(ok('{"uuid":"c1","method":"getTableContents","args":["Stůl 1",null]}'));
    await RawService.answer(got.socket, ...[...answer].map((b) => Buffer.from([b])));
    expect(await first.reply).toEqual({ status: 200, text: '{"uuid":"c1","method":"getTableContents","args":["Stůl 1",null]}', retryAfter: null });

    // The next poll (no body) on the same socket.
    const second = poster.post(null);
    const next = await service.request(2);
    expect(next.socket).toBe(got.socket);
    expect(next.head.toLowerCase()).toContain('\r\ncontent-length: 0');
    expect(next.head.toLowerCase()).not.toContain('content-type');
    await RawService.answer(next.socket, ok('{}'));
    expect((await second.reply).text).toBe('{}');
    expect(service.sockets).toHaveLength(1);
  });

  it('refuses to send a header value with a line break, and opens no connection', async () => {
    const port = await started();
    poster = createPollPoster(`http://127.0.0.1:${port}/api/v2/pos/poll`, { ...AUTH, Authorization: 'Bearer x\r\nX-Injected: 1' });
    await expect(poster.post(null).reply).rejects.toMatchObject({ code: 'UND_ERR_INVALID_ARG' });
    expect(service.sockets).toHaveLength(0);
  });
});

describe('poll poster: answers framed every way HTTP/1.1 allows', () => {
  it('reads a chunked answer (extensions, trailer, split anywhere) and keeps the connection', async () => {
    const port = await started();
    poster = createPollPoster(`http://127.0.0.1:${port}/api/v2/pos/poll`, AUTH);
    const poll = poster.post(null);
    const { socket } = await service.request(1);
    await RawService.answer(
      socket,
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n8;ext=1\r\n{"uui',
      'd":\r\n',
      '7\r\n"c2"}  \r',
      '\n0\r\nX-Trailer: 1\r\n',
      '\r\n',
    );
    expect((await poll.reply).text).toBe('{"uuid":"c2"}  ');
    const again = poster.post(null);
    expect((await service.request(2)).socket).toBe(socket);
    await RawService.answer(socket, ok('{}'));
    await again.reply;
  });

  it('skips an interim 1xx (103 Early Hints), reads Retry-After, and opens a new connection after Connection: close', async () => {
    const port = await started();
    poster = createPollPoster(`http://127.0.0.1:${port}/api/v2/pos/poll`, AUTH);
    const poll = poster.post(null);
    const { socket } = await service.request(1);
    const refusal = '{"code":"SERVICE_RESTARTING"}';
    await RawService.answer(
      socket,
      'HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n',
      `HTTP/1.1 503 Service Unavailable\r\nRetry-After: 120\r\nConnection: close\r\nContent-Length: ${refusal.length}\r\n\r\n${refusal}`,
    );
    expect(await poll.reply).toEqual({ status: 503, text: refusal, retryAfter: '120' });
    await closed(socket);
    const next = poster.post(null);
    expect((await service.request(2)).socket).not.toBe(socket);
    expect(service.sockets).toHaveLength(2);
    await RawService.answer(service.sockets[1]!, ok('{}'));
    await next.reply;
  });

  it('reads an answer without a length up to the close of its connection', async () => {
    const port = await started();
    poster = createPollPoster(`http://127.0.0.1:${port}/api/v2/pos/poll`, AUTH);
    const poll = poster.post(null);
    const { socket } = await service.request(1);
    await RawService.answer(socket, 'HTTP/1.0 200 OK\r\n\r\n{"uuid":null,', '"method":"noop","args":[]}');
    socket.end();
    expect((await poll.reply).text).toBe('{"uuid":null,"method":"noop","args":[]}');
  });
});

describe('poll poster: answers that are not HTTP/1.1 and connections that fail', () => {
  // undici's errors: llhttp's parse errors are HTTPParserError; the others carry an UND_ERR code.
  const broken: [string, string[], { name: string } | { code: string }][] = [
    ['a status line that is not HTTP', ['HTP/1.1 200 OK\r\n\r\n'], { name: 'HTTPParserError' }],
    ['a header line without a name', ['HTTP/1.1 200 OK\r\n: x\r\nContent-Length: 0\r\n\r\n'], { name: 'HTTPParserError' }],
    ['two different lengths', ['HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}'], { code: 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH' }],
    ['a chunk size that is not hexadecimal', ['HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'], { name: 'HTTPParserError' }],
    ['a head larger than 16 KiB', [`HTTP/1.1 200 OK\r\nX-Big: ${'a'.repeat(MAX_POLL_HEAD_BYTES)}`], { code: 'UND_ERR_HEADERS_OVERFLOW' }],
  ];
  for (const [what, pieces, code] of broken) {
    it(`fails the poll on ${what} (${JSON.stringify(code)}) and drops its connection`, async () => {
      const port = await started();
      poster = createPollPoster(`http://127.0.0.1:${port}/api/v2/pos/poll`, AUTH);
      const poll = poster.post(null);
      const { socket } = await service.request(1);
      await RawService.answer(socket, ...pieces);
      await expect(poll.reply).rejects.toMatchObject(code);
      await closed(socket);
    });
  }

  it('fails a poll whose connection closes in the middle of the answer (UND_ERR_SOCKET)', async () => {
    const port = await started();
    poster = createPollPoster(`http://127.0.0.1:${port}/api/v2/pos/poll`, AUTH);
    const poll = poster.post(null);
    const { socket } = await service.request(1);
    await RawService.answer(socket, 'HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n{"ui');
    socket.end();
    await expect(poll.reply).rejects.toMatchObject({ code: 'UND_ERR_SOCKET' });
  });

  it('fails with ECONNREFUSED where nothing listens', async () => {
    const port = await started();
    await service.close();
    service = new RawService();
    poster = createPollPoster(`http://127.0.0.1:${port}/api/v2/pos/poll`, AUTH);
    await expect(poster.post(null).reply).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('abort() ends its own held poll and closes the connection; an old poll handle never aborts the next poll', async () => {
    const port = await started();
    poster = createPollPoster(`http://127.0.0.1:${port}/api/v2/pos/poll`, AUTH);
    const held = poster.post(null);
    const { socket } = await service.request(1);
    held.abort();
    await expect(held.reply).rejects.toMatchObject({ name: 'AbortError' });
    await closed(socket);

    const next = poster.post(null);
    const got = await service.request(2);
    held.abort(); // over already: must not touch the poll in flight
    await RawService.answer(got.socket, ok('{"uuid":null}'));
    expect((await next.reply).text).toBe('{"uuid":null}');
  });

  it('closeIdle() closes the kept-alive connection, so the service frees the slot', async () => {
    const port = await started();
    poster = createPollPoster(`http://127.0.0.1:${port}/api/v2/pos/poll`, AUTH);
    const poll = poster.post(null);
    const { socket } = await service.request(1);
    await RawService.answer(socket, ok('{}'));
    await poll.reply;
    poster.closeIdle();
    await closed(socket);
  });
});

/**
 * Two polls from a child process that trusts the test certificate (NODE_EXTRA_CA_CERTS is read
 * once, at a process's start, so this process cannot be made to trust it); resolves with its stdout.
 */
function pollFromChild(url: string, caFile: string): { done: Promise<string> } {
  const poster = fileURLToPath(new URL('../../main/adapters/connection/transport/poll-poster.ts', import.meta.url));
  const script = `const { createPollPoster } = await import(${JSON.stringify(poster)});
    const p = createPollPoster(${JSON.stringify(url)}, ${JSON.stringify(AUTH)});
    const first = await p.post(null).reply;
    const second = await p.post('{"uuid":"c1","result":null}').reply;
    p.closeIdle();
    console.log(JSON.stringify([first, second]));`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...process.env, NODE_EXTRA_CA_CERTS: caFile },
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 20_000,
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const done = new Promise<string>((resolve, reject) => {
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`child exited ${code}: ${err.slice(-2000)}`))));
  });
  return { done };
}

describe('poll poster: https', () => {
  it('polls over TLS (SNI, the answer read, one connection kept for both polls) when the certificate is trusted', async () => {
    const port = await started(true);
    const dir = mkdtempSync(join(tmpdir(), 'tableside-ca-'));
    try {
      writeFileSync(join(dir, 'ca.pem'), TEST_CERT);
      const child = pollFromChild(`https://localhost:${port}/api/v2/pos/poll`, join(dir, 'ca.pem'));
      const first = await service.request(1);
      expect((first.socket as tls.TLSSocket).servername).toBe('localhost');
      expect(first.head.toLowerCase()).toContain(`\r\nhost: localhost:${port}\r\n`);
      await RawService.answer(first.socket, ok('{"uuid":"c1","method":"noop","args":[]}'));
      const second = await service.request(2);
      expect(second.body.toString()).toBe('{"uuid":"c1","result":null}');
      await RawService.answer(second.socket, ok('{"uuid":null,"method":"noop","args":[]}'));
      const replies = JSON.parse(await child.done) as { status: number; text: string }[];
      expect(replies.map((r) => [r.status, r.text])).toEqual([
        [200, '{"uuid":"c1","method":"noop","args":[]}'],
        [200, '{"uuid":null,"method":"noop","args":[]}'],
      ]);
      expect(service.sockets).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('polls over TLS and checks the certificate: a self-signed one is refused', async () => {
    const port = await started(true);
    poster = createPollPoster(`https://localhost:${port}/api/v2/pos/poll`, AUTH);
    await expect(poster.post(null).reply).rejects.toMatchObject({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
    expect(service.requests).toHaveLength(0);
  });
});
