import WebSocket from 'ws';
import { systemClock, type Clock, type TimerHandle } from '../../../base/clock.js';
import type { Logger } from '../../../base/log.js';
import { encodeFrame, type MethodOutcome } from '../../../base/method-types.js';
import { PATHS, tickCork, WS_AUTH_TIMEOUT_MS, WS_PING_INTERVAL_MS, WS_PONG_TIMEOUT_MS, type MethodCallRequestFrame } from '../../../base/wire/index.js';
import type { BackoffOptions } from '../../../base/backoff.js';
import { CallRunner } from './call-runner.js';
import { ConnectionDriver, type AttemptToken } from './connection-driver.js';
import { authHeaders, webSocketEndpoint } from './service-url.js';
import type { Transport, TransportOptions } from './types.js';
import { classifyClose } from './ws-close-codes.js';
import { handleWsFrame } from './ws-frame-handler.js';
import { Heartbeat } from './ws-heartbeat.js';
import { OutgoingCalls } from './ws-service-calls.js';

export interface WsTransportOptions extends TransportOptions {
  clock?: Clock;
  log: Logger;
  pingIntervalMs?: number;
  pongTimeoutMs?: number;
  /** Wait after 4503 / handshake 503 (default 120 s). */
  restartDelayMs?: number;
  backoff?: BackoffOptions;
  random?: () => number;
  /** How long to wait for auth-response before treating an open, unclosed link as connected. */
  authWaitMs?: number;
  /** How long a clean close may take in stop() before the socket is terminated. */
  closeGraceMs?: number;
  /** How long the opening handshake may take before the attempt is given up (default 10 s). */
  handshakeTimeoutMs?: number;
  WebSocketImpl?: typeof WebSocket;
}

export interface WsTransport extends Transport {
  readonly kind: 'ws';
  /** Calls a method of the service (`noop`, `whoAmI`) over the live link. Never rejects. */
  callService(method: string, args?: unknown[], options?: { timeoutMs?: number }): Promise<MethodOutcome>;
}

/** One attempt: an open (or opening) WebSocket and what belongs to it. */
export interface WsAttempt {
  readonly token: AttemptToken;
  readonly ws: WebSocket;
  readonly heartbeat: Heartbeat;
  readonly closed: Promise<void>;
  opened: boolean;
  httpStatus: number | null;
  retryAfter: string | null;
  /** The handshake time-out, then the wait for auth-response; both on the injected clock. */
  timer: TimerHandle | null;
  lastError: string;
  send(frame: object): boolean;
}

const HANDSHAKE_TIMEOUT_MS = 10_000;

/** What the helpers of one WebSocket transport share. */
interface WsContext {
  readonly options: WsTransportOptions;
  readonly clock: Clock;
  readonly log: Logger;
  readonly url: string;
  readonly runner: CallRunner;
  readonly outgoing: OutgoingCalls;
  readonly driver: ConnectionDriver;
  /** The current attempt, or null between attempts. */
  current: WsAttempt | null;
  /** Settles when the last attempt we closed is fully closed. */
  previousClosed: Promise<void>;
}

/** The WebSocket transport of docs/PROTOCOL.md §3: auth-request first, ping/pong liveness, close codes. */
export function createWsTransport(options: WsTransportOptions): WsTransport {
  const clock = options.clock ?? systemClock;
  const log = options.log.child({ mod: 'ws-transport' });
  const ctx: WsContext = {
    options,
    clock,
    log,
    url: webSocketEndpoint(options.serviceUrl, PATHS.ws),
    runner: new CallRunner(options.dispatcher, 'ws', log),
    outgoing: new OutgoingCalls(clock),
    current: null,
    previousClosed: Promise.resolve(),
    driver: new ConnectionDriver({
      kind: 'ws',
      clock,
      log,
      ...(options.backoff ? { backoff: options.backoff } : {}),
      ...(options.random ? { random: options.random } : {}),
      ...(options.restartDelayMs !== undefined ? { restartDelayMs: options.restartDelayMs } : {}),
      open: (token) => openWhenFree(ctx, token),
      close: () => closeCurrent(ctx),
    }),
  };
  return {
    kind: 'ws',
    ...ctx.driver.transportFace(),
    async start() {
      ctx.driver.start();
    },
    async stop() {
      const current = ctx.current;
      ctx.driver.stop();
      if (current) await current.closed;
    },
    callService(method, args = [], callOptions) {
      const current = ctx.current;
      const send = current && ctx.driver.machine.status === 'connected' ? (frame: MethodCallRequestFrame) => current.send(frame) : null;
      return ctx.outgoing.call(send, method, args, callOptions?.timeoutMs);
    },
  };
}

/**
 * The service allows one connection per restaurant: a new attempt waits until the old socket is
 * closed, or the service could still count it and refuse the newcomer with 4409.
 */
function openWhenFree(ctx: WsContext, token: AttemptToken): void {
  void ctx.previousClosed.then(() => {
    if (ctx.driver.isCurrent(token)) ctx.current = openAttempt(ctx, token);
  });
}

function closeCurrent(ctx: WsContext): void {
  const current = ctx.current;
  ctx.current = null;
  if (!current) return;
  ctx.previousClosed = current.closed;
  closeAttempt(ctx, current);
}

function openAttempt(ctx: WsContext, token: AttemptToken): WsAttempt {
  const { options, clock, log } = ctx;
  log.debug({ url: ctx.url, attempt: token.id }, 'opening WebSocket');
  // No permessage-deflate: a bill is a few KB, and compressing every frame (zlib, on the threadpool)
  // would add CPU and latency to each scan and payment call if a service accepted the offer.
  const ws = new (options.WebSocketImpl ?? WebSocket)(ctx.url, { headers: authHeaders(options.apiKey, options.posId), perMessageDeflate: false });
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  // Answers sent in one tick share one write (see tick-cork.ts).
  let cork: (() => void) | null = null;
  ws.on('upgrade', (res) => (cork = tickCork(res.socket)));
  const attempt: WsAttempt = {
    token,
    ws,
    closed,
    opened: false,
    httpStatus: null,
    retryAfter: null,
    lastError: '',
    // A handshake that never completes (a black-holed SYN, a proxy that swallows the upgrade).
    timer: clock.setTimeout(() => ws.terminate(), options.handshakeTimeoutMs ?? HANDSHAKE_TIMEOUT_MS),
    heartbeat: newHeartbeat(ctx, ws, token),
    send: (frame) => {
      if (ws.readyState !== WebSocket.OPEN) return false;
      cork?.();
      ws.send(encodeFrame(frame));
      return true;
    },
  };
  watchHandshake(ctx, attempt);
  watchMessages(ctx, attempt);
  ws.on('close', (code, reason) => {
    stopTimers(ctx, attempt);
    if (ctx.current === attempt) {
      ctx.current = null;
      ctx.outgoing.failAll();
    }
    resolveClosed();
    const end = classifyClose(attempt, code, reason.toString(), attempt.lastError, options.restartDelayMs);
    log.info({ code, httpStatus: attempt.httpStatus, end: end.kind }, 'WebSocket closed');
    ctx.driver.ended(token, end);
  });
  return attempt;
}

function newHeartbeat(ctx: WsContext, ws: WebSocket, token: AttemptToken): Heartbeat {
  return new Heartbeat({
    clock: ctx.clock,
    intervalMs: ctx.options.pingIntervalMs ?? WS_PING_INTERVAL_MS,
    timeoutMs: ctx.options.pongTimeoutMs ?? WS_PONG_TIMEOUT_MS,
    ping: () => {
      if (ws.readyState !== WebSocket.OPEN) return false;
      ws.ping();
      return true;
    },
    onRtt: (ms) => ctx.driver.machine.noteMessage(ms),
    onDead: () => {
      ctx.log.warn({ attempt: token.id }, 'no pong in time: the link is dead; reconnecting');
      ws.terminate();
    },
  });
}

/** Handshake refused (its status decides: 401 / 409 / 503), or open: auth-request and the heartbeat. */
function watchHandshake(ctx: WsContext, attempt: WsAttempt): void {
  const { ws, token } = attempt;
  ws.on('unexpected-response', (_req, res) => {
    attempt.httpStatus = res.statusCode ?? null;
    const retryAfter = res.headers['retry-after'];
    attempt.retryAfter = typeof retryAfter === 'string' ? retryAfter : null;
    ws.terminate();
  });
  ws.on('error', (err) => {
    attempt.lastError = err.message;
  });
  ws.on('open', () => {
    attempt.opened = true;
    ctx.clock.clearTimeout(attempt.timer);
    // The handshake headers already authenticate; the auth-request frame is sent as well (doc).
    attempt.send({ type: 'auth-request', apiKey: [ctx.options.apiKey], posId: ctx.options.posId });
    attempt.heartbeat.start();
    attempt.timer = ctx.clock.setTimeout(() => {
      attempt.timer = null;
      // A service that never sends auth-response but keeps the connection open has accepted us.
      if (ws.readyState === WebSocket.OPEN) ctx.driver.established(token);
    }, ctx.options.authWaitMs ?? WS_AUTH_TIMEOUT_MS);
  });
}

function watchMessages(ctx: WsContext, attempt: WsAttempt): void {
  const { ws, token } = attempt;
  const accepted = (): void => {
    ctx.clock.clearTimeout(attempt.timer);
    attempt.timer = null;
    ctx.driver.established(token);
  };
  ws.on('message', (data, isBinary) => {
    ctx.driver.machine.noteMessage();
    handleWsFrame(data, isBinary, {
      log: ctx.log,
      runner: ctx.runner,
      outgoing: ctx.outgoing,
      send: (frame) => (ctx.current === attempt ? attempt.send(frame) : false),
      authorized: accepted,
      unauthorized: () => {
        ctx.log.warn('auth-response: not authorized');
        ctx.driver.ended(token, { kind: 'rejected' });
      },
      called: accepted,
    });
  });
  ws.on('pong', () => attempt.heartbeat.pong());
}

function stopTimers(ctx: WsContext, attempt: WsAttempt): void {
  attempt.heartbeat.stop();
  ctx.clock.clearTimeout(attempt.timer);
  attempt.timer = null;
}

function closeAttempt(ctx: WsContext, attempt: WsAttempt): void {
  stopTimers(ctx, attempt);
  ctx.outgoing.failAll();
  const ws = attempt.ws;
  if (ws.readyState === WebSocket.OPEN) {
    ws.close(1000, 'closing');
    // A peer that does not finish the closing handshake must not keep the socket alive.
    const grace = ctx.clock.setTimeout(() => ws.terminate(), ctx.options.closeGraceMs ?? 1_000);
    void attempt.closed.then(() => ctx.clock.clearTimeout(grace));
  } else if (ws.readyState === WebSocket.CONNECTING) {
    ws.terminate();
  }
}
