import type { Clock } from '../clock.js';
import type { Logger } from '../log.js';
import type { TransportKind } from '../methods/types.js';
import { RESTART_RETRY_MS } from '../wire/index.js';
import type { Backoff } from './backoff.js';
import { SessionStateMachine } from './session-state.js';

/** How a link attempt ended; decides what happens next (PROTOCOL.md §3). */
export type LinkEnd =
  /** 1001: the service moves us elsewhere: reconnect at once, attempt counter unchanged. */
  | { kind: 'going-away' }
  /** 4503 / HTTP 503: wait `delayMs` (default: the driver's restart delay). */
  | { kind: 'restart'; delayMs?: number }
  /** 4401 / HTTP 401: stop until the user fixes the settings. */
  | { kind: 'rejected' }
  /** 4409 / HTTP 409: another connection holds the restaurant's slot; never fight for it. */
  | { kind: 'conflict' }
  /** An established link broke (drop, dead ping, unexpected close): backoff. */
  | { kind: 'dropped'; detail: string }
  /** The service could not be reached at all: backoff, shown as offline. */
  | { kind: 'unreachable'; detail: string };

/** Identifies one link attempt; events of an attempt that is no longer current are ignored. */
export interface AttemptToken {
  readonly id: number;
}

export interface SessionDriverOptions {
  kind: TransportKind;
  clock: Clock;
  log: Logger;
  backoff: Backoff;
  restartDelayMs?: number;
  /** Open a new link for this attempt; report back with established() / ended(). */
  open(token: AttemptToken): void;
  /** Tear down the current link, if any, quietly (its events will be ignored). */
  close(): void;
}

/**
 * The reconnect loop both transports share: it owns the state machine, the backoff and the one
 * pending timer, and turns each link's ending into the next step. Transports only open and close
 * links and report what happened.
 */
export class SessionDriver {
  readonly machine: SessionStateMachine;
  private attemptId = 0;
  private running = false;
  /** stop() was called: only start() brings the session back, not reconnectNow() (a resume hook). */
  private stoppedByOwner = true;
  private established_ = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly connectedListeners = new Set<() => void>();

  constructor(private readonly options: SessionDriverOptions) {
    this.machine = new SessionStateMachine(options.kind, options.clock);
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
    this.options.backoff.reset();
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
    this.options.backoff.reset();
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
    this.options.backoff.reset();
    this.machine.connected();
    this.options.log.info({ attempt: token.id }, 'session established');
    for (const listener of [...this.connectedListeners]) {
      try {
        listener();
      } catch (e) {
        this.options.log.error({ err: e }, 'onConnected listener failed');
      }
    }
  }

  ended(token: AttemptToken, end: LinkEnd): void {
    if (!this.isCurrent(token)) return;
    const wasEstablished = this.established_;
    this.attemptId += 1;
    this.options.close();
    const log = this.options.log;
    switch (end.kind) {
      case 'rejected':
        log.warn('credentials rejected by the service; stopped until the settings change');
        this.running = false;
        this.machine.rejected();
        return;
      case 'conflict':
        log.warn('another connection is open for this restaurant; stopped');
        this.running = false;
        this.machine.conflict();
        return;
      case 'going-away':
        // Only a live link that the service asked us to move is retried at once; a 1001 before
        // we were even connected would otherwise become a tight reconnect loop.
        if (wasEstablished) {
          log.info('service closed with going-away; reconnecting at once');
          this.begin();
          return;
        }
        this.wait('dropped', 'going-away before the link was established');
        return;
      case 'restart': {
        const delayMs = end.delayMs ?? this.options.restartDelayMs ?? RESTART_RETRY_MS;
        log.info({ delayMs }, 'service restarting; waiting before reconnecting');
        this.schedule(delayMs);
        this.machine.waiting('restarting', this.options.backoff.attempt, delayMs);
        return;
      }
      case 'dropped':
      case 'unreachable':
        this.wait(end.kind, end.detail);
        return;
    }
  }

  private wait(reason: 'dropped' | 'unreachable', detail: string): void {
    const { attempt, delayMs } = this.options.backoff.next();
    this.options.log.warn({ attempt, delayMs, detail }, 'link lost; backing off');
    this.schedule(delayMs);
    this.machine.waiting(reason, attempt, delayMs);
  }

  private begin(): void {
    this.established_ = false;
    this.attemptId += 1;
    const token: AttemptToken = { id: this.attemptId };
    this.machine.connecting(this.options.backoff.attempt);
    this.options.open(token);
  }

  private schedule(delayMs: number): void {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.running) this.begin();
    }, delayMs);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
