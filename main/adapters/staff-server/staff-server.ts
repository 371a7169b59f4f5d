import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { STAFF_CLOSE, type StaffPairAnswer, type StaffServerFrame } from '../../../preload/staff-frames.js';
import { createGuardedServer, guardUpgrade, type ServerLimits } from '../../base/http-guard/index.js';
import type { Logger } from '../../base/log.js';
import { parseJson, tickCork } from '../../base/wire/index.js';
import type { PhoneCommands, StaffHub, StaffSession } from '../../features/staff/index.js';
import { sendStatic } from '../ui-server/static-files.js';
import { createRateLimit, type RateLimit } from './rate-limit.js';

/**
 * The LAN listener of waiters' phones (preload/staff-frames.ts): the staff page and its files,
 * POST /staff/pair and the /staff/live WebSocket, and nothing else. It is bound to the LAN
 * address only; its Host must name that address and port, a socket's Origin must be the page's
 * own, pairing attempts and failed proofs are rate-limited per address and overall.
 */

export const STAFF_PAIR_PATH = '/staff/pair';
export const STAFF_LIVE_PATH = '/staff/live';
/** The hello must come this soon after the challenge. */
const HELLO_MS = 10_000;
/** A closed session's socket that does not finish the close handshake is cut after this. */
const CLOSE_GRACE_MS = 1000;
/** Phones that sleep drop their sockets silently: a ping finds them. */
const PING_MS = 20_000;
const MAX_PAIR_BODY = 4096;
// A phone's request is small; anything bigger is a mistake or an attack.
const MAX_FRAME_BYTES = 16 * 1024;

export interface StaffRates {
  pairPerAddress: number;
  pairOverall: number;
  failedProofsPerAddress: number;
  failedProofsOverall: number;
  windowMs: number;
}

export const DEFAULT_RATES: Readonly<StaffRates> = Object.freeze({
  pairPerAddress: 10,
  pairOverall: 60,
  failedProofsPerAddress: 10,
  failedProofsOverall: 100,
  windowMs: 60_000,
});

export interface StaffServerOptions {
  hub: StaffHub;
  phone: PhoneCommands;
  /** The LAN address (tests: 127.0.0.2). */
  host: string;
  port: number;
  /** The built renderer (dist/renderer): staff.html, its assets, the manifest and icons. */
  staticDir: string | null;
  log: Logger;
  limits?: Partial<ServerLimits>;
  rates?: Partial<StaffRates>;
}

export interface StaffServer {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

const STATIC = /^\/(staff\.webmanifest|staff-icon-[\w-]+\.png|assets\/[\w.-]+)$/;

function headersFor(origin: string): Record<string, string> {
  const ws = origin.replace(/^http/, 'ws');
  return {
    'Content-Security-Policy': `default-src 'self'; img-src 'self' data:; media-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self' ${ws}; manifest-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'`,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
  };
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

const pairError = (code: string, message: string) => ({ error: { code, message } });
const remote = (req: IncomingMessage) => req.socket.remoteAddress ?? 'unknown';

/** Reads a body of at most `max` bytes; null when it is bigger (the socket is then closed by the 413). */
function readBody(req: IncomingMessage, max: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? '0');
    if (declared > max) return resolve(null);
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) {
        req.removeAllListeners('data');
        resolve(null);
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parsePair(text: string): { code: string; label: string | null } | null {
  const parsed = parseJson(text);
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) return null;
  const v = parsed.value as Record<string, unknown>;
  if (typeof v.code !== 'string' || v.code.length < 1 || v.code.length > 100) return null;
  if (v.deviceLabel !== undefined && (typeof v.deviceLabel !== 'string' || v.deviceLabel.length > 100)) return null;
  return { code: v.code, label: typeof v.deviceLabel === 'string' ? v.deviceLabel : null };
}

function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/** POST /staff/pair: rate-limited before the body is read; a wrong, used or expired code pairs nothing. */
async function pair(
  c: { hub: StaffHub; log: Logger; pairs: RateLimit; origin: string; headers: Record<string, string> },
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const { hub, log, pairs, origin, headers } = c;
  if (req.headers.origin !== undefined && req.headers.origin !== origin)
    return json(res, 403, pairError('FORBIDDEN', 'Open the pairing page from the till.'), headers);
  const allowed = pairs.take(remote(req));
  if (!allowed.ok) {
    log.warn({ mod: 'staff-server', remote: remote(req) }, 'pairing attempt over the rate limit');
    const wait = String(Math.ceil(allowed.retryAfterMs / 1000));
    return json(res, 429, pairError('RATE_LIMITED', 'Too many attempts: wait, then scan the code again.'), { ...headers, 'Retry-After': wait });
  }
  const body = await readBody(req, MAX_PAIR_BODY);
  if (body === null) return json(res, 413, pairError('BAD_REQUEST', 'The request is too big.'), headers);
  const input = parsePair(body);
  if (!input) return json(res, 400, pairError('BAD_REQUEST', 'Send {"code": "..."} as JSON.'), headers);
  const answer: StaffPairAnswer | null = hub.pair(input.code, input.label);
  if (!answer) {
    log.warn({ mod: 'staff-server', remote: remote(req) }, 'pairing with a wrong, used or expired code');
    return json(res, 404, pairError('CODE_UNKNOWN', 'This code is wrong, used or expired: show a new one at the till.'), headers);
  }
  json(res, 200, answer, headers);
}

/**
 * One phone's socket: the challenge, the hello checked by the hub (a wrong one counts against the
 * address and closes unauthorised), then requests answered by the phones' commands.
 */
function live(c: { hub: StaffHub; phone: PhoneCommands; log: Logger; proofs: RateLimit }, ws: WebSocket, raw: Duplex, address: string): void {
  const { hub, phone, log, proofs } = c;
  const cork = tickCork(raw);
  const sendText = (text: string) => {
    if (ws.readyState !== ws.OPEN) return;
    cork();
    ws.send(text);
  };
  const send = (frame: StaffServerFrame) => sendText(JSON.stringify(frame));
  const close = (code: number, reason: string) => {
    ws.close(code, reason);
    setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
  };
  const nonce = randomBytes(32).toString('hex');
  let session: StaffSession | null = null;
  let alive = true;
  const hello = setTimeout(() => close(STAFF_CLOSE.unauthorised, 'no hello'), HELLO_MS);
  const ping = setInterval(() => {
    if (!alive) return ws.terminate();
    alive = false;
    ws.ping();
  }, PING_MS);
  ping.unref();
  ws.on('pong', () => (alive = true));
  send({ type: 'challenge', nonce });

  ws.on('message', (data, isBinary) => {
    const parsed = isBinary ? null : parseJson(rawText(data));
    const frame = parsed?.ok && typeof parsed.value === 'object' && parsed.value !== null ? (parsed.value as Record<string, unknown>) : null;
    if (session === null) {
      clearTimeout(hello);
      const device = frame?.type === 'hello' ? hub.verify(frame.deviceId, nonce, frame.proof) : null;
      if (!device) {
        proofs.take(address);
        log.warn({ mod: 'staff-server', remote: address }, 'staff session refused: wrong proof or unknown device');
        return close(STAFF_CLOSE.unauthorised, 'unauthorised');
      }
      session = hub.attach(device, { send: sendText, close });
      send({ type: 'welcome', device: hub.deviceView(device), snapshot: hub.snapshot(session, phone.managerUntil(device.id)) });
      return;
    }
    const current = session;
    if (!frame || frame.type !== 'request' || typeof frame.id !== 'number' || !Number.isSafeInteger(frame.id)) {
      return send({ type: 'reply', id: typeof frame?.id === 'number' ? frame.id : -1, error: { code: 'BAD_REQUEST', message: 'Send request frames.' } });
    }
    void phone.run(current, { id: frame.id, cmd: frame.cmd, input: frame.input }).then(send);
  });
  ws.on('close', () => {
    clearTimeout(hello);
    clearInterval(ping);
    if (session) hub.detach(session);
  });
  ws.on('error', (err) => log.warn({ mod: 'staff-server', err: err.message }, 'staff socket error'));
}

export async function startStaffServer(o: StaffServerOptions): Promise<StaffServer> {
  const { hub, phone, log } = o;
  const rates = { ...DEFAULT_RATES, ...o.rates };
  const pairs: RateLimit = createRateLimit({ perKey: rates.pairPerAddress, overall: rates.pairOverall, windowMs: rates.windowMs });
  const proofs: RateLimit = createRateLimit({ perKey: rates.failedProofsPerAddress, overall: rates.failedProofsOverall, windowMs: rates.windowMs });
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const hosts: string[] = [];
  let origin = '';
  let headers: Record<string, string> = {};
  // Only the LAN address with this port: the guard's loopback names are not this listener's.
  const ownHost = (req: IncomingMessage) => (req.headers.host ?? '').toLowerCase() === hosts[0];

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!ownHost(req)) return json(res, 421, pairError('MISDIRECTED_REQUEST', 'Open the address the till shows.'), { connection: 'close' });
    const path = new URL(req.url ?? '/', 'http://staff.invalid').pathname;
    if (path === STAFF_PAIR_PATH) {
      if (req.method !== 'POST') return json(res, 405, pairError('METHOD', 'POST only.'), { ...headers, Allow: 'POST' });
      return pair({ hub, log, pairs, origin, headers }, req, res);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return json(res, 405, pairError('METHOD', 'GET only.'), { ...headers, Allow: 'GET, HEAD' });
    const file = path === '/' || path === '/staff.html' ? '/staff.html' : STATIC.test(path) ? path : null;
    if (file === null || o.staticDir === null) return json(res, 404, pairError('NOT_FOUND', 'Not found.'), headers);
    await sendStatic(o.staticDir, file, res, headers, req.method === 'HEAD');
  }

  const server: Server = createGuardedServer(
    (req, res) => {
      onRequest(req, res).catch((e: unknown) => {
        log.error({ mod: 'staff-server', err: (e as Error).message }, 'request failed');
        if (!res.headersSent) json(res, 500, pairError('INTERNAL', 'Try again.'), headers);
        else res.destroy();
      });
    },
    { extraHosts: hosts, limits: { maxConnections: 128, ...o.limits } },
  );

  server.on(
    'upgrade',
    guardUpgrade(
      server,
      (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        const reject = (status: number, reason: string, extra = ''): void => {
          log.warn({ mod: 'staff-server', status, remote: remote(req) }, 'staff socket refused');
          socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\n${extra}Content-Length: 0\r\n\r\n`);
        };
        if (!ownHost(req)) return reject(421, 'Misdirected Request');
        if (new URL(req.url ?? '/', 'http://staff.invalid').pathname !== STAFF_LIVE_PATH) return reject(404, 'Not Found');
        if (req.headers.origin !== origin) return reject(403, 'Forbidden');
        const wait = proofs.blocked(remote(req));
        if (wait !== null) return reject(429, 'Too Many Requests', `Retry-After: ${Math.ceil(wait / 1000)}\r\n`);
        wss.handleUpgrade(req, socket, head, (ws) => live({ hub, phone, log, proofs }, ws, socket, remote(req)));
      },
      { extraHosts: hosts },
    ),
  );

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  hosts.push(`${o.host}:${port}`.toLowerCase());
  origin = `http://${o.host}:${port}`;
  headers = headersFor(origin);

  let closing: Promise<void> | null = null;
  return {
    url: origin,
    port,
    close: () =>
      (closing ??= (async () => {
        for (const client of wss.clients) client.terminate();
        await new Promise<void>((resolve) => wss.close(() => resolve()));
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      })()),
  };
}
