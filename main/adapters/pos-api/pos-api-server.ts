import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { PosApiStore } from '../../features/bills/pos-api-contract.js';
import type { IdempotencyStore } from '../../store/index.js';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from '../../base/clock.js';
import { createGuardedServer, type ServerLimits } from '../../base/http-guard/index.js';
import type { Logger } from '../../base/log.js';
import { isDatabaseBusy } from '../../base/store-error.js';
import { streamEvents } from './event-stream.js';
import { hasToken, HttpError, readBody, sendError, sendJson, sendText } from './http-io.js';
import { parseJsonBody } from './json-body.js';
import { routeMatcher, type PosApiRoutes, type RouteMatch } from './routes.js';
import { DOCUMENT_PATH } from './openapi.js';
import { parseRequest, type HealthFacts, type PaymentLinkPort, type Reply, type Route } from '../../base/http-route.js';
import { fingerprintOf, holdIdempotencyKey, idempotencyKeyOf, keptAnswerFor, REPLAYED_HEADER } from './idempotency.js';
import { DEFAULT_DAY_ENDS_AT } from '../../features/reports/index.js';
import { RESTAURANT_CURRENCY } from '../../base/wire/index.js';

export interface PosApiOptions {
  /** The routes' store, and where the answers of writes sent with an Idempotency-Key are kept. */
  store: PosApiStore & IdempotencyStore;
  /** The routes and their document (assemblePosApi of the features' route lists). */
  api: PosApiRoutes;
  /** Loopback only; anything else is refused. */
  host?: '127.0.0.1';
  port: number;
  token: string;
  log: Logger;
  /** SSE heartbeat interval (default 15 s; keep it under the idle timeout, 30 s). */
  heartbeatMs?: number;
  /** Runs the SSE heartbeats (default: real time). */
  clock?: Clock;
  /** Socket limits (main/http-guard); the defaults are 256 sockets, 30 s idle, 10 s headers, 30 s request. */
  limits?: Partial<ServerLimits>;
  /** Day report: when a restaurant day ends ("HH:MM", read per request: Settings may change it), default "04:00". */
  dayEndsAt?: () => string;
  /** The time for "today" in the reports (default: the clock's; the composition root passes its own). */
  now?: () => number;
  /** The restaurant's currency: a bill in another is refused, and the day report names it when a day has no payments (default RESTAURANT_CURRENCY). */
  defaultCurrency?: string;
  /** GET /v1/health's facts, read per request (default: nothing known). */
  health?: () => HealthFacts;
  /** The payment links (the composition root's, over the service connection); without them the link routes answer 503. */
  paymentLinks?: PaymentLinkPort;
  /** Needs attention's `unsyncedAfterSeconds` setting in ms, read per request (default: its default). */
  unsyncedAfterMs?: () => number;
}

const NOTHING_KNOWN: HealthFacts = { connection: { status: 'unknown', problem: null, restaurantName: null }, disk: null, database: null };

export interface PosApi {
  /** e.g. http://127.0.0.1:4100/v1 */
  url: string;
  port: number;
  /** After regenerateToken: the old token stops working at once, and every event stream opened with it ends. */
  setToken(token: string): void;
  close(): Promise<void>;
}

/** What a request handler needs of the running server. */
interface ServerState {
  options: PosApiOptions;
  log: Logger;
  token: () => string;
  /** Open event streams, each with the function that ends it. */
  streams: Set<() => void>;
  match: (method: string, pathname: string) => RouteMatch;
  isPublic: (method: string, path: string) => boolean;
}

async function handle(state: ServerState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { store } = state.options;
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  // The token comes first: without it nothing else about the request is answered.
  if (!state.isPublic(req.method ?? 'GET', url.pathname) && !hasToken(req, state.token())) {
    throw new HttpError(
      401,
      'UNAUTHORIZED',
      'Missing or wrong bearer token: send "Authorization: Bearer <token>" with the token from Settings (or <dataDir>/pos-api-token).',
      null,
      {
        'www-authenticate': 'Bearer',
      },
    );
  }
  const match = state.match(req.method ?? 'GET', url.pathname);
  if (!match) throw new HttpError(404, 'NOT_FOUND', `No endpoint ${url.pathname}; see ${DOCUMENT_PATH}.`);
  if ('allowed' in match) {
    throw new HttpError(405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${url.pathname}; use ${match.allowed.join(', ')}.`, null, {
      allow: match.allowed.join(', '),
    });
  }
  const { route, params } = match;
  // A malformed key is refused before anything runs; GET needs none (it changes nothing).
  const key = route.method === 'GET' ? null : idempotencyKeyOf(req);
  if (key === null) {
    const text = route.body ? (await readBody(req)).toString('utf8') : '';
    send(state, req, res, url, await runRoute(state, req, res, url, route, params, text));
    return;
  }
  // Held from arrival, before the body is read: a retry sent while the first is still arriving is 409 too.
  const release = holdIdempotencyKey(store, key);
  try {
    const text = route.body ? (await readBody(req)).toString('utf8') : '';
    const path = url.pathname + url.search;
    const request = { key, method: route.method, path, fingerprint: fingerprintOf(route.method, path, text) };
    const kept = keptAnswerFor(store, request);
    if (kept) {
      const replayed = { ...kept.headers, [REPLAYED_HEADER.toLowerCase()]: 'true' };
      if (kept.body === null) res.writeHead(kept.status, replayed).end();
      else sendText(res, kept.status, kept.body, { 'content-type': 'application/json; charset=utf-8', ...replayed });
      state.log.debug({ method: req.method, path: url.pathname, status: kept.status }, 'request replayed');
      return;
    }
    const reply = await runRoute(state, req, res, url, route, params, text);
    // Kept only once the write it answers is committed (the handler has returned), and only a
    // success: a refusal changed nothing, so its retry runs again.
    if (reply !== 'stream' && reply.status >= 200 && reply.status < 300) {
      const answer =
        'text' in reply
          ? { headers: reply.headers, body: reply.text }
          : { headers: reply.headers ?? {}, body: reply.status === 204 ? null : JSON.stringify(reply.body) };
      try {
        store.keepIdempotentAnswer({ ...request, status: reply.status, ...answer });
      } catch (e) {
        // The write is done: its answer still goes out; only a retry of it would run again.
        state.log.error({ err: e, method: req.method, path: url.pathname }, 'could not keep the answer of an Idempotency-Key');
      }
    }
    send(state, req, res, url, reply);
  } finally {
    release();
  }
}

/** Parses the request against the route's contract and runs its handler. */
async function runRoute(
  state: ServerState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  route: Route<PosApiStore>,
  params: Record<string, string>,
  text: string,
): Promise<Reply> {
  const { store } = state.options;
  const json = route.body && !(route.body === 'optional' && text.trim() === '') ? parseJsonBody(text) : undefined;
  // The contract's request schemas are checked before the handler runs: it gets the parsed values.
  const { query: querySchema, body: bodySchema } = route.contract;
  const query = querySchema ? parseRequest(querySchema, Object.fromEntries(url.searchParams), 'query') : undefined;
  const body = bodySchema && json !== undefined ? parseRequest(bodySchema, json, 'body') : undefined;
  return route.handle(
    {
      store,
      health: state.options.health ?? (() => NOTHING_KNOWN),
      params,
      query: url.searchParams,
      wantsStream: (req.headers.accept ?? '').includes('text/event-stream'),
      accept: req.headers.accept ?? '',
      reports: {
        dayEndsAt: state.options.dayEndsAt?.() ?? DEFAULT_DAY_ENDS_AT,
        defaultCurrency: state.options.defaultCurrency ?? RESTAURANT_CURRENCY,
        now: state.options.now?.() ?? state.options.clock!.now(),
        ...(state.options.unsyncedAfterMs ? { unsyncedAfterMs: state.options.unsyncedAfterMs() } : {}),
      },
      paymentLinks: state.options.paymentLinks ?? null,
      openStream: (after) => {
        const { heartbeatMs, clock } = state.options;
        const end = streamEvents(req, res, { store, after, log: state.log, heartbeatMs, clock, onEnd: () => state.streams.delete(end) });
        state.streams.add(end);
      },
    },
    { params, query, body },
  );
}

function send(state: ServerState, req: IncomingMessage, res: ServerResponse, url: URL, reply: Reply): void {
  if (reply === 'stream') return;
  if ('text' in reply) sendText(res, reply.status, reply.text, reply.headers);
  else sendJson(res, reply.status, reply.body, reply.headers);
  state.log.debug({ method: req.method, path: url.pathname, status: reply.status }, 'request');
}

/** Seconds a POS is asked to wait before it sends again a write another program's lock refused. */
export const BUSY_RETRY_AFTER_S = 2;

/** A write another program's lock refused: nothing changed, the same request later will do. */
const databaseBusy = (): HttpError =>
  new HttpError(503, 'DATABASE_BUSY', 'Another program holds the till’s bill database; nothing was changed. Send the request again shortly.', null, {
    'Retry-After': String(BUSY_RETRY_AFTER_S),
  });

/** A refusal is answered with its code; anything else is logged and answered 500 without details. */
function answerFailure(log: Logger, req: IncomingMessage, res: ServerResponse, e: unknown): void {
  const busy = !(e instanceof HttpError) && isDatabaseBusy(e);
  const error =
    e instanceof HttpError
      ? e
      : busy
        ? databaseBusy()
        : new HttpError(500, 'INTERNAL_ERROR', 'Tableside could not handle this request; it was logged. Try again.');
  const path = req.url?.split('?')[0];
  if (busy) log.warn({ method: req.method, path, code: (e as { code?: string }).code }, 'request refused: the bill database is locked by another program');
  else if (!(e instanceof HttpError)) log.error({ err: e, method: req.method, path }, 'request failed');
  else log.info({ method: req.method, path, status: error.status, code: error.code }, 'request refused');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // A refusal sent before the body arrived (401, 413) gets Connection: close from the guarded server.
  sendError(res, error);
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** The local POS API: loopback HTTP + JSON over the bill store, documented at /v1/openapi.json. */
export async function startPosApi(options: PosApiOptions): Promise<PosApi> {
  const host = options.host ?? '127.0.0.1';
  if (host !== '127.0.0.1') throw new Error('The local POS API listens on 127.0.0.1 only.');
  const log = options.log.child({ mod: 'pos-api' });
  let token = options.token;
  const publicRoutes = new Set(options.api.routes.filter((r) => r.public === true).map((r) => `${r.method} ${r.path}`));
  const state: ServerState = {
    options: { ...options, clock: options.clock ?? systemClock },
    log,
    token: () => token,
    streams: new Set(),
    match: routeMatcher(options.api.routes),
    isPublic: (method, path) => publicRoutes.has(`${method} ${path}`),
  };
  const endStreams = () => {
    for (const end of [...state.streams]) end();
  };

  const server = createGuardedServer((req, res) => void handle(state, req, res).catch((e: unknown) => answerFailure(log, req, res, e)), {
    limits: options.limits,
  });
  const port = await listen(server, options.port, host);
  const url = `http://127.0.0.1:${port}/v1`;
  log.info({ url }, 'local POS API listening');

  return {
    url,
    port,
    setToken(next: string) {
      if (next === token) return;
      token = next;
      // A stream is authorised once, when it opens: the holder of the old token must not keep reading.
      endStreams();
    },
    close: () =>
      new Promise<void>((resolve) => {
        endStreams();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
