import { systemClock, type Clock } from '../../../base/clock.js';
import type { Logger } from '../../../base/log.js';
import { encodeFrame } from '../../../base/method-types.js';
import { MethodCallRequest, parseJson, parseWith, PATHS, POLL_HOLD_MS, type MethodCallResponse } from '../../../base/wire/index.js';
import type { BackoffOptions } from '../../../base/backoff.js';
import { CallRunner } from './call-runner.js';
import { ConnectionDriver, type AttemptEnd, type AttemptToken } from './connection-driver.js';
import { createPollPoster, type PollPoster, type PollReply } from './poll-poster.js';
import { authHeaders, serviceEndpoint } from './service-url.js';
import type { Transport, TransportOptions } from './types.js';
import { classifyHttpStatus } from './ws-close-codes.js';

export interface LongPollTransportOptions extends TransportOptions {
  clock?: Clock;
  log: Logger;
  /** Wait after a 503 (default: the Retry-After header, else 120 s). */
  restartDelayMs?: number;
  backoff?: BackoffOptions;
  random?: () => number;
  /** Client-side limit of one poll: the service's 25 s hold plus a margin, so a silent poll is abandoned. */
  pollTimeoutMs?: number;
  /**
   * A poll the service holds this long without refusing it counts as an accepted link: the
   * service refuses bad credentials (401) and a second connection (409) at once, and a held poll
   * may only be answered after 25 s, too late to tell the cashier we are connected.
   */
  acceptAfterMs?: number;
}

/** How long past the service's hold a poll may stay unanswered before we give it up. */
export const POLL_MARGIN_MS = 10_000;

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN']);

type PollOutcome = { kind: 'next'; delivered: boolean; text: string | null } | { kind: 'end'; end: AttemptEnd };

/** What the helpers of one long-poll transport share. */
interface PollContext {
  readonly options: LongPollTransportOptions;
  readonly clock: Clock;
  readonly log: Logger;
  /** Sends the polls over one kept-alive connection. */
  readonly poster: PollPoster;
  readonly runner: CallRunner;
  readonly driver: ConnectionDriver;
  readonly pollTimeoutMs: number;
  readonly acceptAfterMs: number;
  /** Answers not yet delivered; the first one rides on the next poll. */
  readonly outbox: MethodCallResponse[];
  /** Aborts the poll in flight (close, stop, reconnectNow). */
  abortPoll: (() => void) | null;
  /** The attempt whose link is established: its polls need no accept timer. */
  establishedToken: AttemptToken | null;
  loopDone: Promise<void>;
}

/**
 * The long-poll loop of docs/PROTOCOL.md §3: POST /api/v2/pos/poll with an empty body, run the call the
 * service answers with, and deliver its answer as the body of the next poll. Answers that could not
 * be delivered stay in the outbox and go out with the next poll that gets through.
 */
export function createLongPollTransport(options: LongPollTransportOptions): Transport {
  const clock = options.clock ?? systemClock;
  const log = options.log.child({ mod: 'longpoll-transport' });
  const ctx: PollContext = {
    options,
    clock,
    log,
    // The poll's headers are made once, here, and sent with every poll.
    poster: createPollPoster(serviceEndpoint(options.serviceUrl, PATHS.poll), authHeaders(options.apiKey, options.posId)),
    runner: new CallRunner(options.dispatcher, 'longpoll', log),
    pollTimeoutMs: options.pollTimeoutMs ?? POLL_HOLD_MS + POLL_MARGIN_MS,
    acceptAfterMs: options.acceptAfterMs ?? 1_000,
    outbox: [],
    abortPoll: null,
    establishedToken: null,
    loopDone: Promise.resolve(),
    driver: new ConnectionDriver({
      kind: 'longpoll',
      clock,
      log,
      ...(options.backoff ? { backoff: options.backoff } : {}),
      ...(options.random ? { random: options.random } : {}),
      ...(options.restartDelayMs !== undefined ? { restartDelayMs: options.restartDelayMs } : {}),
      open: (token) => {
        ctx.loopDone = pollLoop(ctx, token).catch((e: unknown) => {
          // pollLoop handles its own failures; reaching here is a bug, so keep the connection alive.
          log.error({ err: e }, 'poll loop failed');
          ctx.driver.ended(token, { kind: 'dropped', detail: 'internal error in the poll loop' });
        });
      },
      close: () => {
        ctx.abortPoll?.();
        // The attempt is over: its idle socket goes too, so a stopped link holds no connection.
        ctx.poster.closeIdle();
      },
    }),
  };
  return {
    kind: 'longpoll',
    ...ctx.driver.transportFace(),
    async start() {
      ctx.driver.start();
    },
    async stop() {
      ctx.driver.stop();
      await ctx.loopDone;
      ctx.poster.closeIdle();
    },
  };
}

async function pollLoop(ctx: PollContext, token: AttemptToken): Promise<void> {
  while (ctx.driver.isCurrent(token)) {
    const body = ctx.outbox[0] ?? null;
    const outcome = await pollOnce(ctx, token, body);
    if (!ctx.driver.isCurrent(token)) return;
    if (outcome.kind === 'end') {
      ctx.driver.ended(token, outcome.end);
      return;
    }
    if (body !== null && outcome.delivered) ctx.outbox.shift();
    if (outcome.text !== null) await handleAnswer(ctx, outcome.text);
  }
}

/**
 * One poll. Its time-out is a timer of the injected clock that aborts it: unlike
 * `AbortSignal.timeout(ms)`, which Node 20 may collect before it fires (leaving a silent poll held
 * for ever), this timer is sure to fire. An aborted poll destroys its socket.
 */
async function pollOnce(ctx: PollContext, token: AttemptToken, body: MethodCallResponse | null): Promise<PollOutcome> {
  const { clock } = ctx;
  const poll = ctx.poster.post(body ? encodeFrame(body) : null);
  let timedOut = false;
  const timeout = clock.setTimeout(() => {
    timedOut = true;
    poll.abort();
  }, ctx.pollTimeoutMs);
  // Once the connection is up, a poll arms one timer, not two: nothing is left to accept.
  const accept = ctx.establishedToken === token ? null : clock.setTimeout(() => established(ctx, token), ctx.acceptAfterMs);
  const abort = poll.abort;
  ctx.abortPoll = abort;
  try {
    const reply = await poll.reply;
    return answered(ctx, token, body, reply);
  } catch (e) {
    return { kind: 'end', end: timedOut ? { kind: 'dropped', detail: 'the poll got no answer in time' } : classifyPollError(e) };
  } finally {
    clock.clearTimeout(timeout);
    if (accept) clock.clearTimeout(accept);
    // A newer attempt may already have started its own poll.
    if (ctx.abortPoll === abort) ctx.abortPoll = null;
  }
}

function established(ctx: PollContext, token: AttemptToken): void {
  ctx.driver.established(token);
  if (ctx.driver.isCurrent(token)) ctx.establishedToken = token;
}

function answered(ctx: PollContext, token: AttemptToken, body: MethodCallResponse | null, reply: PollReply): PollOutcome {
  const { status, text } = reply;
  if (status === 200) {
    established(ctx, token);
    ctx.driver.machine.noteMessage();
    return { kind: 'next', delivered: true, text };
  }
  if (status === 400 && body !== null) {
    // The service refused our answer itself; sending it again would be refused again.
    ctx.log.warn({ callId: body.uuid, reason: text.slice(0, 200) }, 'service refused a call answer (400); dropped');
    return { kind: 'next', delivered: true, text: null };
  }
  ctx.log.warn({ status }, 'poll refused');
  return { kind: 'end', end: classifyHttpStatus(status, reply.retryAfter, ctx.options.restartDelayMs) };
}

async function handleAnswer(ctx: PollContext, text: string): Promise<void> {
  const answer = await answerFor(ctx, text);
  if (answer) ctx.outbox.push(answer);
}

/** The answer to what a poll brought: a call's outcome, INVALID_REQUEST for a bad one, or none. */
async function answerFor(ctx: PollContext, text: string): Promise<MethodCallResponse | null> {
  const json = parseJson(text);
  if (!json.ok) return ctx.runner.reject(null, json.error);
  const request = parseWith(MethodCallRequest, json.value);
  if (!request.ok) return ctx.runner.reject(json.value, request.error);
  return ctx.runner.run(request.value);
}

function classifyPollError(e: unknown): AttemptEnd {
  const err = e as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = err.code ?? err.cause?.code;
  const detail = code ?? err.cause?.message ?? err.message ?? 'network error';
  return code && UNREACHABLE_CODES.has(code) ? { kind: 'unreachable', detail } : { kind: 'dropped', detail };
}
