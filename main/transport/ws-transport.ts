import WebSocket from 'ws';
import { systemClock, type Clock } from '../clock.js';
import type { Logger } from '../log.js';
import { encodeFrame, type MethodOutcome } from '../methods/types.js';
import {
  PATHS,
  tickCork,
  WS_AUTH_TIMEOUT_MS,
  WS_PING_INTERVAL_MS,
  WS_PONG_TIMEOUT_MS,
  type MethodCallRequestFrame,
} from '../wire/index.js';
import { createBackoff, DEFAULT_BACKOFF, type BackoffOptions } from './backoff.js';
import { CallRunner } from './call-runner.js';
import { authHeaders, webSocketEndpoint } from './service-url.js';
import { SessionDriver, type AttemptToken } from './session-driver.js';
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
  WebSocketImpl?: typeof WebSocket;
}

export interface WsTransport extends Transport {
  readonly kind: 'ws';
  /** Calls a method of the service (`noop`, `whoAmI`) over the live link. Never rejects. */
  callService(method: string, args?: unknown[], options?: { timeoutMs?: number }): Promise<MethodOutcome>;
}

/** One open (or opening) WebSocket and what belongs to it. */
export interface WsLink {
  readonly token: AttemptToken;
  readonly ws: WebSocket;
  readonly heartbeat: Heartbeat;
  readonly closed: Promise<void>;
  opened: boolean;
  httpStatus: number | null;
  retryAfter: string | null;
  authTimer: NodeJS.Timeout | null;
  send(frame: object): boolean;
}

/** The WebSocket session of PROTOCOL.md §3: auth-request first, ping/pong liveness, close codes. */
export function createWsTransport(options: WsTransportOptions): WsTransport {
  const clock = options.clock ?? systemClock;
  const log = options.log.child({ mod: 'ws-transport' });
  const Impl = options.WebSocketImpl ?? WebSocket;
  const url = webSocketEndpoint(options.serviceUrl, PATHS.ws);
  const runner = new CallRunner(options.dispatcher, 'ws', log);
  const outgoing = new OutgoingCalls();
  let link: WsLink | null = null;
  /** Settles when the last link we closed is fully closed. */
  let previousClosed: Promise<void> = Promise.resolve();

  const driver: SessionDriver = new SessionDriver({
    kind: 'ws',
    clock,
    log,
    backoff: createBackoff(options.backoff ?? DEFAULT_BACKOFF, options.random),
    ...(options.restartDelayMs !== undefined ? { restartDelayMs: options.restartDelayMs } : {}),
    open: (token) => {
      // The service allows one connection per restaurant: a new link waits until the old one is
      // closed, or the service could still count it and refuse the newcomer with 4409.
      void previousClosed.then(() => {
        if (driver.isCurrent(token)) link = openLink(token);
      });
    },
    close: () => {
      const current = link;
      link = null;
      if (current) {
        previousClosed = current.closed;
        closeLink(current);
      }
    },
  });

  function openLink(token: AttemptToken): WsLink {
    log.debug({ url, attempt: token.id }, 'opening WebSocket');
    const ws = new Impl(url, { headers: authHeaders(options.apiKey, options.posId), handshakeTimeout: 10_000 });
    let resolveClosed!: () => void;
    const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
    const self: WsLink = {
      token,
      ws,
      closed,
      opened: false,
      httpStatus: null,
      retryAfter: null,
      authTimer: null,
      heartbeat: new Heartbeat({
        intervalMs: options.pingIntervalMs ?? WS_PING_INTERVAL_MS,
        timeoutMs: options.pongTimeoutMs ?? WS_PONG_TIMEOUT_MS,
        ping: () => {
          if (ws.readyState !== WebSocket.OPEN) return false;
          ws.ping();
          return true;
        },
        onRtt: (ms) => driver.machine.noteMessage(ms),
        onDead: () => {
          log.warn({ attempt: token.id }, 'no pong in time: the link is dead; reconnecting');
          ws.terminate();
        },
      }),
      send: (frame) => {
        if (ws.readyState !== WebSocket.OPEN) return false;
        cork?.();
        ws.send(encodeFrame(frame));
        return true;
      },
    };
    // Answers sent in one tick share one write (see tick-cork.ts).
    let cork: (() => void) | null = null;
    ws.on('upgrade', (res) => {
      cork = tickCork(res.socket);
    });
    let lastError = '';
    ws.on('unexpected-response', (_req, res) => {
      // A refused handshake: its status decides the next step (401 / 409 / 503).
      self.httpStatus = res.statusCode ?? null;
      const retryAfter = res.headers['retry-after'];
      self.retryAfter = typeof retryAfter === 'string' ? retryAfter : null;
      ws.terminate();
    });
    ws.on('open', () => {
      self.opened = true;
      // The handshake headers already authenticate; the auth-request frame is sent as well (doc).
      self.send({ type: 'auth-request', apiKey: [options.apiKey], posId: options.posId });
      self.heartbeat.start();
      self.authTimer = setTimeout(() => {
        self.authTimer = null;
        // A service that never sends auth-response but keeps the link open has accepted us.
        if (ws.readyState === WebSocket.OPEN) driver.established(token);
      }, options.authWaitMs ?? WS_AUTH_TIMEOUT_MS);
    });
    const accepted = (): void => {
      if (self.authTimer) clearTimeout(self.authTimer);
      self.authTimer = null;
      driver.established(token);
    };
    ws.on('message', (data, isBinary) => {
      driver.machine.noteMessage();
      handleWsFrame(data, isBinary, {
        log,
        runner,
        outgoing,
        send: (frame) => (link === self ? self.send(frame) : false),
        authorized: accepted,
        unauthorized: () => {
          log.warn('auth-response: not authorized');
          driver.ended(token, { kind: 'rejected' });
        },
        called: accepted,
      });
    });
    ws.on('pong', () => {
      self.heartbeat.pong();
    });
    ws.on('error', (err) => {
      lastError = err.message;
    });
    ws.on('close', (code, reason) => {
      self.heartbeat.stop();
      if (self.authTimer) clearTimeout(self.authTimer);
      if (link === self) {
        link = null;
        outgoing.failAll();
      }
      resolveClosed();
      const end = classifyClose(self, code, reason.toString(), lastError, options.restartDelayMs);
      log.info({ code, httpStatus: self.httpStatus, end: end.kind }, 'WebSocket closed');
      driver.ended(token, end);
    });
    return self;
  }

  function closeLink(current: WsLink): void {
    current.heartbeat.stop();
    if (current.authTimer) clearTimeout(current.authTimer);
    outgoing.failAll();
    const ws = current.ws;
    if (ws.readyState === WebSocket.OPEN) {
      ws.close(1000, 'closing');
      // A peer that does not finish the closing handshake must not keep the socket alive.
      const grace = setTimeout(() => ws.terminate(), options.closeGraceMs ?? 1_000);
      void current.closed.then(() => clearTimeout(grace));
    } else if (ws.readyState === WebSocket.CONNECTING) {
      ws.terminate();
    }
  }

  return {
    kind: 'ws',
    async start() {
      driver.start();
    },
    async stop() {
      const current = link;
      driver.stop();
      if (current) await current.closed;
    },
    reconnectNow() {
      if (driver.reconnectNow()) log.info('reconnect requested');
      else log.debug('reconnect ignored: the session is stopped');
    },
    state: () => driver.machine.state(),
    onState: (listener) => driver.machine.onState(listener),
    onConnected: (listener) => driver.onConnected(listener),
    callService(method, args = [], callOptions) {
      const current = link;
      const send = current && driver.machine.status === 'connected' ? (frame: MethodCallRequestFrame) => current.send(frame) : null;
      return outgoing.call(send, method, args, callOptions?.timeoutMs);
    },
  };
}
