import type { Clock, TimerHandle } from '../../../base/clock.js';
import type { Logger } from '../../../base/log.js';
import type { TransportKind } from '../../../base/method-types.js';
import { RESTART_RETRY_MS } from '../../../base/wire/index.js';
import { createBackoff, DEFAULT_BACKOFF, type Backoff, type BackoffOptions } from '../../../base/backoff.js';
import { ConnectionStateMachine, type RejectReason } from './connection-state.js';
import type { Transport } from './types.js';

/** How one attempt ended; decides what happens next (docs/PROTOCOL.md §3). */
export type AttemptEnd =
  /** 1001: the service moves us elsewhere: reconnect at once, attempt counter unchanged. */
  | { kind: 'going-away' }
  /** 4503 / HTTP 503: wait `delayMs` (default: the driver's restart delay). */
  | { kind: 'restart'; delayMs?: number }
  /** 4401 / HTTP 401 (or a refused webhook URL): stop until the user fixes the settings. */
  | { kind: 'rejected'; reason?: RejectReason }
  /** 4409 / HTTP 409: another connection holds the restaurant's slot; never fight for it. */
  | { kind: 'conflict' }
  /** An established link broke (drop, dead ping, unexpected close): backoff. */
  | { kind: 'dropped'; detail: string }
  /** The service could not be reached at all: backoff, shown as offline. */
  | { kind: 'unreachable'; detail: string };

/** Identifies one attempt; events of an attempt that is no longer current are ignored. */
export interface AttemptToken {
  readonly id: number;
}

export interface ConnectionDriverOptions {
  kind: TransportKind;
  clock: Clock;
  log: Logger;
  backoff?: BackoffOptions;
  /** Jitter source of the backoff (tests pin it). */
  random?: () => number;
  restartDelayMs?: number;
  /** Open a new attempt; report back with established() / ended(). */
  open(token: AttemptToken): void;
  /** Tear down the current attempt, if any, quietly (its events will be ignored). */
  close(): void;
}

/**
 * The reconnect loop every transport shares: it owns the connection's state machine, the backoff and
 * the one pending timer (on the injected clock), and turns each attempt's ending into the next
 * step. Transports only open and close attempts and report what happened.
 */
export class ConnectionDriver {
  readonly machine: ConnectionStateMachine;
  private readonly backoff: Backoff;
  private attemptId = 0;
  private running = false;
  /** stop() was called: only start() brings the connection back, not reconnectNow() (a resume hook). */
  private stoppedByOwner = true;
  private established_ = false;
  private timer: TimerHandle | null = null;
  private readonly connectedListeners = new Set<() => void>();

  constructor(private readonly options: ConnectionDriverOptions) {
    this.machine = new ConnectionStateMachine(options.kind, options.clock, options.log);
    this.backoff = createBackoff(options.backoff ?? DEFAULT_BACKOFF, options.random);
  }

  get isRunning(): boolean {
    return this.running;
  }

  isCurrent(token: AttemptToken): boolean {
    return this.running && token.id === this.attemptId;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.stoppedByOwner = false;
    this.backoff.reset();
    this.begin();
  }

  stop(): void {
    this.running = false;
    this.stoppedByOwner = true;
    this.attemptId += 1;
    this.clearTimer();
    this.options.close();
    this.machine.stopped();
  }

  /**
   * Drop whatever we have and connect now: also out of rejected / conflict (the user retries after
   * fixing the cause). Ignored after stop(): false then.
   */
  reconnectNow(): boolean {
    if (this.stoppedByOwner) return false;
    this.running = true;
    this.attemptId += 1;
    this.clearTimer();
    this.options.close();
    this.backoff.reset();
    this.begin();
    return true;
  }

  onConnected(listener: () => void): () => void {
    this.connectedListeners.add(listener);
    return () => this.connectedListeners.delete(listener);
  }

  established(token: AttemptToken): void {
    if (!this.isCurrent(token) || this.established_) return;
    this.established_ = true;
    this.backoff.reset();
    this.machine.connected();
    this.options.log.info({ attempt: token.id }, 'link established');
    for (const listener of [...this.connectedListeners]) {
      try {
        listener();
      } catch (e) {
        this.options.log.error({ err: e }, 'onConnected listener failed');
      }
    }
  }

  ended(token: AttemptToken, end: AttemptEnd): void {
    if (!this.isCurrent(token)) return;
    const wasEstablished = this.established_;
    this.attemptId += 1;
    this.options.close();
    switch (end.kind) {
      case 'rejected':
      case 'conflict':
        this.halt(end);
        return;
      case 'going-away':
        // Only a live link that the service asked us to move is retried at once; a 1001 before
        // we were even connected would otherwise become a tight reconnect loop.
        if (wasEstablished) {
          this.options.log.info('service closed with going-away; reconnecting at once');
          this.begin();
          return;
        }
        this.wait('dropped', 'going-away before the link was established');
        return;
      case 'restart': {
        const delayMs = end.delayMs ?? this.options.restartDelayMs ?? RESTART_RETRY_MS;
        this.options.log.info({ delayMs }, 'service restarting; waiting before reconnecting');
        this.schedule(delayMs);
        this.machine.waiting('restarting', this.backoff.attempt, delayMs);
        return;
      }
      case 'dropped':
      case 'unreachable':
        this.wait(end.kind, end.detail);
        return;
    }
  }

  /** The methods of `Transport` that are the same for every transport. */
  transportFace(): Pick<Transport, 'reconnectNow' | 'state' | 'onState' | 'onConnected'> {
    return {
      reconnectNow: () => {
        if (this.reconnectNow()) this.options.log.info('reconnect requested');
        else this.options.log.debug('reconnect ignored: the link is stopped');
      },
      state: () => this.machine.state(),
      onState: (listener) => this.machine.onState(listener),
      onConnected: (listener) => this.onConnected(listener),
    };
  }

  /** Rejected or conflict: no retry until the user acts (reconnectNow) or the settings change. */
  private halt(end: { kind: 'rejected'; reason?: RejectReason } | { kind: 'conflict' }): void {
    this.running = false;
    if (end.kind === 'conflict') {
      this.options.log.warn('another connection is open for this restaurant; stopped');
      this.machine.conflict();
      return;
    }
    this.options.log.warn({ reason: end.reason ?? 'credentials' }, 'refused by the service; stopped until the settings change');
    this.machine.rejected(end.reason);
  }

  private wait(reason: 'dropped' | 'unreachable', detail: string): void {
    const { attempt, delayMs } = this.backoff.next();
    this.options.log.warn({ attempt, delayMs, detail }, 'link lost; backing off');
    this.schedule(delayMs);
    this.machine.waiting(reason, attempt, delayMs);
  }

  private begin(): void {
    this.established_ = false;
    this.attemptId += 1;
    const token: AttemptToken = { id: this.attemptId };
    this.machine.connecting(this.backoff.attempt);
    this.options.open(token);
  }

  private schedule(delayMs: number): void {
    this.clearTimer();
    this.timer = this.options.clock.setTimeout(() => {
      this.timer = null;
      if (this.running) this.begin();
    }, delayMs);
  }

  private clearTimer(): void {
    this.options.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}
