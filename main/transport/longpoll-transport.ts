import { encodeFrame } from '../methods/types.js';
import { systemClock, type Clock } from '../clock.js';
import type { Logger } from '../log.js';
import { MethodCallRequest, parseJson, parseWith, PATHS, POLL_HOLD_MS, type MethodCallResponse } from '../wire/index.js';
import { createBackoff, DEFAULT_BACKOFF, type BackoffOptions } from './backoff.js';
import { CallRunner } from './call-runner.js';
import { authHeaders, serviceEndpoint } from './service-url.js';
import { SessionDriver, type AttemptToken, type LinkEnd } from './session-driver.js';
import type { Transport, TransportOptions } from './types.js';
import { classifyHttpStatus } from './ws-close-codes.js';

export interface LongPollTransportOptions extends TransportOptions {
  clock?: Clock;
  log: Logger;
  /** Wait after a 503 (default: the Retry-After header, else 120 s). */
  restartDelayMs?: number;
  backoff?: BackoffOptions;
  random?: () => number;
  /** Client-side limit of one poll: a bit over the service's 25 s hold, so a dead poll is noticed. */
  pollTimeoutMs?: number;
  /**
   * A poll the service holds this long without refusing it counts as an accepted session: the
   * service refuses bad credentials (401) and a second connection (409) at once, and a held poll
   * may only be answered after 25 s, too late to tell the cashier we are connected.
   */
  acceptAfterMs?: number;
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN']);

/**
 * The long-poll loop of PROTOCOL.md §3: POST /api/v2/pos/poll with an empty body, run the call the
 * service answers with, and deliver its answer as the body of the next poll. Answers that could not
 * be delivered stay in the outbox and go out with the next poll that gets through.
 */
export function createLongPollTransport(options: LongPollTransportOptions): Transport {
  const clock = options.clock ?? systemClock;
  const log = options.log.child({ mod: 'longpoll-transport' });
  const url = serviceEndpoint(options.serviceUrl, PATHS.poll);
  const runner = new CallRunner(options.dispatcher, 'longpoll', log);
  const pollTimeoutMs = options.pollTimeoutMs ?? POLL_HOLD_MS + 10_000;
  const acceptAfterMs = options.acceptAfterMs ?? 1_000;
  const outbox: MethodCallResponse[] = [];
  let abort: AbortController | null = null;
  let loopDone: Promise<void> = Promise.resolve();

  const driver: SessionDriver = new SessionDriver({
    kind: 'longpoll',
    clock,
    log,
    backoff: createBackoff(options.backoff ?? DEFAULT_BACKOFF, options.random),
    ...(options.restartDelayMs !== undefined ? { restartDelayMs: options.restartDelayMs } : {}),
    open: (token) => {
      const controller = new AbortController();
      abort = controller;
      loopDone = pollLoop(token, controller.signal).catch((e: unknown) => {
        // pollLoop handles its own failures; reaching here is a bug, so keep the session alive.
        log.error({ err: e }, 'poll loop failed');
        driver.ended(token, { kind: 'dropped', detail: 'internal error in the poll loop' });
      });
    },
    close: () => {
      abort?.abort();
      abort = null;
    },
  });

  async function pollLoop(token: AttemptToken, signal: AbortSignal): Promise<void> {
    while (driver.isCurrent(token)) {
      const body = outbox[0] ?? null;
      const outcome = await pollOnce(token, signal, body);
      if (!driver.isCurrent(token)) return;
      if (outcome.kind === 'end') {
        driver.ended(token, outcome.end);
        return;
      }
      if (body !== null && outcome.delivered) outbox.shift();
      if (outcome.text !== null) await handleAnswer(outcome.text);
    }
  }

  type PollOutcome = { kind: 'next'; delivered: boolean; text: string | null } | { kind: 'end'; end: LinkEnd };

  async function pollOnce(token: AttemptToken, signal: AbortSignal, body: MethodCallResponse | null): Promise<PollOutcome> {
    const accept = setTimeout(() => driver.established(token), acceptAfterMs);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          ...authHeaders(options.apiKey, options.posId),
          // One socket per poll: nothing idles in a pool after stop(), and a dead socket is never reused.
          Connection: 'close',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(body ? { body: encodeFrame(body) } : {}),
        signal: AbortSignal.any([signal, AbortSignal.timeout(pollTimeoutMs)]),
      });
      const text = await response.text();
      if (response.status === 200) {
        driver.established(token);
        driver.machine.noteMessage();
        return { kind: 'next', delivered: true, text };
      }
      if (response.status === 400 && body !== null) {
        // The service refused our answer itself; sending it again would be refused again.
        log.warn({ callId: body.uuid, reason: text.slice(0, 200) }, 'service refused a call answer (400); dropped');
        return { kind: 'next', delivered: true, text: null };
      }
      log.warn({ status: response.status }, 'poll refused');
      return { kind: 'end', end: classifyHttpStatus(response.status, response.headers.get('retry-after'), options.restartDelayMs) };
    } catch (e) {
      return { kind: 'end', end: classifyFetchError(e) };
    } finally {
      clearTimeout(accept);
    }
  }

  async function handleAnswer(text: string): Promise<void> {
    const json = parseJson(text);
    if (!json.ok) {
      queue(runner.reject(null, json.error));
      return;
    }
    const request = parseWith(MethodCallRequest, json.value);
    if (!request.ok) {
      queue(runner.reject(json.value, request.error));
      return;
    }
    queue(await runner.run(request.value));
  }

  function queue(answer: MethodCallResponse | null): void {
    if (answer) outbox.push(answer);
  }

  return {
    kind: 'longpoll',
    async start() {
      driver.start();
    },
    async stop() {
      driver.stop();
      await loopDone;
    },
    reconnectNow() {
      if (driver.reconnectNow()) log.info('reconnect requested');
      else log.debug('reconnect ignored: the session is stopped');
    },
    state: () => driver.machine.state(),
    onState: (listener) => driver.machine.onState(listener),
    onConnected: (listener) => driver.onConnected(listener),
  };
}

function classifyFetchError(e: unknown): LinkEnd {
  const err = e as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError') return { kind: 'dropped', detail: 'the poll got no answer in time' };
  const code = err.cause?.code;
  const detail = code ?? err.cause?.message ?? err.message ?? 'network error';
  return code && UNREACHABLE_CODES.has(code) ? { kind: 'unreachable', detail } : { kind: 'dropped', detail };
}
