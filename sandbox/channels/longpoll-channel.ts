import type { ServerResponse } from 'node:http';
import { KEEPALIVE, RESTART_RETRY_MS } from '../../main/base/wire/index.js';
import type { SandboxCore } from '../core/core.js';
import type { FaultRecord } from '../core/faults.js';
import { PendingCalls, type PendingCall } from '../core/pending-calls.js';
import type { CallOutcome, PosChannel } from '../core/pos-channel.js';

/** Grace after a poll ended normally during which the POS still counts as connected (it is about to poll again). */
export const POLL_GRACE_MS = 5_000;

interface HeldPoll {
  res: ServerResponse;
  timer: NodeJS.Timeout | null;
  answered: boolean;
}

/**
 * A long-poll POS, identified by its Pos-Id. Calls wait in a queue until a poll takes them; a
 * written call stays pending until a later poll brings its MethodCallResponse, even when the
 * socket that carried it closed (the POS may have run it).
 */
export class LongPollChannel implements PosChannel {
  readonly kind = 'longpoll' as const;
  readonly since = Date.now();
  readonly key: string;
  private readonly pending: PendingCalls;
  private readonly queue: PendingCall[] = [];
  private held: HeldPoll | null = null;
  private lastEndedAt: number | null = null;
  private abnormal = false;
  private closed = false;

  constructor(
    private readonly core: SandboxCore,
    readonly restaurantId: string,
    readonly posId: string,
  ) {
    this.key = `poll-${posId.toLowerCase()}`;
    this.pending = new PendingCalls(core.options.callTimeoutMs, (call, outcome) => {
      const i = this.queue.indexOf(call);
      if (i >= 0) this.queue.splice(i, 1); // timed out before any poll took it
      core.callSettled(call, outcome);
    });
  }

  isLive(): boolean {
    if (this.closed) return false;
    if (this.held) return true;
    return !this.abnormal && this.lastEndedAt !== null && Date.now() - this.lastEndedAt < this.core.options.pollHoldMs + POLL_GRACE_MS;
  }

  call(method: string, args: unknown[]): Promise<CallOutcome> {
    const { call, done } = this.pending.create(method, args);
    this.queue.push(call);
    this.pump();
    return done;
  }

  /** A MethodCallResponse brought by a poll; false when no call with that uuid is pending. */
  settle(uuid: string, outcome: CallOutcome): boolean {
    const ok = this.pending.settle(uuid, outcome);
    if (ok) this.core.state.counters.responsesReceived += 1;
    return ok;
  }

  /** Holds a poll request until a call is queued or the hold time passes. */
  accept(res: ServerResponse): void {
    if (this.held) this.answer(this.held, 200, JSON.stringify(KEEPALIVE)); // superseded by the newer poll
    const poll: HeldPoll = { res, timer: null, answered: false };
    this.held = poll;
    this.abnormal = false;
    res.on('close', () => {
      if (poll.answered) return;
      // The POS went away without waiting for the answer: it no longer holds the slot.
      poll.answered = true;
      if (poll.timer) clearTimeout(poll.timer);
      if (this.held === poll) this.held = null;
      this.abnormal = true;
      this.lastEndedAt = Date.now();
    });
    this.core.applyPendingFaults(this.restaurantId);
    if (this.held !== poll) return;
    this.pump();
    if (this.held === poll) {
      poll.timer = setTimeout(() => {
        if (this.held === poll) this.held = null;
        this.answer(poll, 200, JSON.stringify(KEEPALIVE));
      }, this.core.options.pollHoldMs);
    }
  }

  /** Gives the next queued call to the held poll, if both exist. */
  private pump(): void {
    const poll = this.held;
    const call = this.queue[0];
    if (!poll || !call) return;
    this.queue.shift();
    this.held = null;
    if (poll.timer) clearTimeout(poll.timer);
    const write = () => {
      if (!this.pending.has(call.uuid)) return; // timed out meanwhile
      if (poll.answered || poll.res.destroyed) {
        this.queue.unshift(call); // never written: the next poll takes it
        return;
      }
      call.deliveredAt = Date.now();
      this.answer(poll, 200, JSON.stringify(this.core.outgoing(this.restaurantId, call)));
    };
    const delay = this.core.takeDelay(this.restaurantId, `poll delivery of ${call.method}`);
    if (delay > 0) setTimeout(write, delay);
    else write();
  }

  private answer(poll: HeldPoll, status: number, text: string, headers: Record<string, string> = {}): void {
    if (poll.answered) return;
    poll.answered = true;
    if (poll.timer) clearTimeout(poll.timer);
    this.lastEndedAt = Date.now();
    if (poll.res.destroyed) return;
    // A length, not chunked framing: the POS reads the answer whole, with no end chunk to wait for.
    poll.res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(text)), ...headers });
    poll.res.end(text);
  }

  applyFault(fault: FaultRecord): boolean {
    const poll = this.held;
    if (!poll) return false;
    switch (fault.kind) {
      case 'drop':
        this.held = null;
        poll.res.socket?.destroy(); // the 'close' listener marks the link as ended abnormally
        return true;
      case 'malformed-frame':
        this.held = null;
        this.answer(poll, 200, '{"uuid": "this is not JSON');
        return true;
      case 'close-4503':
        this.held = null;
        this.answer(poll, 503, JSON.stringify({ code: 'SERVICE_RESTARTING', message: 'The service is restarting: retry in 2 minutes.' }), {
          'retry-after': String(RESTART_RETRY_MS / 1000),
        });
        return true;
      case 'close-1001':
        // Long-poll has no close frame: end the poll and free the slot, as a service going away would.
        this.held = null;
        this.answer(poll, 200, JSON.stringify(KEEPALIVE));
        this.abnormal = true;
        return true;
      default:
        return false; // no-pong concerns WebSocket only; it waits for one
    }
  }

  close(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.queue.length = 0;
    this.pending.failAll('CONNECTION_LOST', `The long-poll connection ended: ${reason}.`);
    const poll = this.held;
    this.held = null;
    if (poll) this.answer(poll, 200, JSON.stringify(KEEPALIVE));
  }

  describe(): Record<string, unknown> {
    return {
      kind: this.kind,
      restaurantId: this.restaurantId,
      posId: this.posId,
      since: new Date(this.since).toISOString(),
      pollHeld: this.held !== null,
      queuedCalls: this.queue.map((c) => ({ uuid: c.uuid, method: c.method })),
      pendingCalls: this.pending.list().map((c) => ({ uuid: c.uuid, method: c.method, delivered: c.deliveredAt !== null })),
    };
  }
}
