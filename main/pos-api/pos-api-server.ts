import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../log.js';
import type { BillStore } from '../store/index.js';
import { parseJson } from '../wire/index.js';
import { streamEvents } from './event-stream.js';
import { hasToken, HttpError, readBody, sendError, sendJson } from './http-io.js';
import { matchRoute, ROUTES } from './routes.js';

const isPublic = (method: string, path: string) => ROUTES.some((r) => r.public === true && r.method === method && r.path === path);

export interface PosApiOptions {
  store: BillStore;
  /** Loopback only; anything else is refused. */
  host?: '127.0.0.1';
  port: number;
  token: string;
  log: Logger;
  /** SSE heartbeat interval (default 15 s). */
  heartbeatMs?: number;
}

export interface PosApi {
  /** e.g. http://127.0.0.1:4100/v1 */
  url: string;
  port: number;
  /** After regenerateToken: the old token stops working at once. */
  setToken(token: string): void;
  close(): Promise<void>;
}

/** The local POS API (issue 3): loopback HTTP + JSON over the bill store, documented at /v1/openapi.json. */
export async function startPosApi(options: PosApiOptions): Promise<PosApi> {
  const { store } = options;
  const host = options.host ?? '127.0.0.1';
  if (host !== '127.0.0.1') throw new Error('The local POS API listens on 127.0.0.1 only.');
  const log = options.log.child({ mod: 'pos-api' });
  let token = options.token;
  const streams = new Set<() => void>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // The token comes first: without it nothing else about the request is answered.
    if (!isPublic(req.method ?? 'GET', url.pathname) && !hasToken(req, token)) {
      throw new HttpError(401, 'UNAUTHORIZED', 'Missing or wrong bearer token: send "Authorization: Bearer <token>" with the token from Settings (or <dataDir>/pos-api-token).', null, {
        'www-authenticate': 'Bearer',
      });
    }
    const match = matchRoute(req.method ?? 'GET', url.pathname);
    if (!match) throw new HttpError(404, 'NOT_FOUND', `No endpoint ${url.pathname}; see /v1/openapi.json.`);
    if ('allowed' in match) {
      throw new HttpError(405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${url.pathname}; use ${match.allowed.join(', ')}.`, null, {
        allow: match.allowed.join(', '),
      });
    }
    let body: unknown = undefined;
    if (match.route.body) {
      const raw = await readBody(req);
      const parsed = parseJson(raw.toString('utf8'));
      if (!parsed.ok) throw new HttpError(400, 'BAD_REQUEST', `body: ${parsed.error}`, 'body');
      body = parsed.value;
    }
    const reply = match.route.handle({
      store,
      params: match.params,
      query: url.searchParams,
      body,
      wantsStream: (req.headers.accept ?? '').includes('text/event-stream'),
      openStream: (after) => {
        const end = streamEvents(req, res, { store, after, log, heartbeatMs: options.heartbeatMs, onEnd: () => streams.delete(end) });
        streams.add(end);
      },
    });
    if (reply === 'stream') return;
    sendJson(res, reply.status, reply.body, reply.headers);
    log.debug({ method: req.method, path: url.pathname, status: reply.status }, 'request');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      const error = e instanceof HttpError ? e : new HttpError(500, 'INTERNAL_ERROR', 'Tableside could not handle this request; it was logged. Try again.');
      if (!(e instanceof HttpError)) log.error({ err: e, method: req.method, path: req.url?.split('?')[0] }, 'request failed');
      else log.info({ method: req.method, path: req.url?.split('?')[0], status: error.status, code: error.code }, 'request refused');
      if (res.headersSent) {
        res.destroy();
        return;
      }
      sendError(res, error);
      // 413: we stopped keeping the body. Node discards the rest so the client can read this answer
      // (closing at once could reset the socket before it does); a client that keeps sending is cut off.
      if (error.status === 413) {
        const cutOff = setTimeout(() => req.socket.destroy(), 5_000);
        cutOff.unref();
        req.socket.once('close', () => clearTimeout(cutOff));
      }
    });
  });
  server.headersTimeout = 10_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/v1`;
  log.info({ url }, 'local POS API listening');

  return {
    url,
    port,
    setToken(next: string) {
      token = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const end of [...streams]) end();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
