import type { Clock } from '../../../base/clock.js';
import type { Logger } from '../../../base/log.js';
import type { TransportKind } from '../../../base/method-types.js';
import type { ConnectionCause } from '../../../../preload/contract.js';
import type { ConnectionState, ConnectionStatus } from './types.js';

/** Why the connection is down while we wait to try again: decides the sentence the cashier reads (and the state's `cause`). */
export type WaitReason = Extract<ConnectionCause, 'dropped' | 'unreachable' | 'restarting'>;
/** What the service refused: the credentials (401/4401) or, for webhooks, the receiver's URL (400). */
export type RejectReason = Extract<ConnectionCause, 'credentials' | 'webhook-url'>;

export const SENTENCES = {
  connecting: 'Connecting to the payment service…',
  rejected: 'The API key or Pos-Id was rejected: check them in Settings.',
  rejectedWebhookUrl: 'The payment service refused the webhook URL: check the public URL in Settings.',
  conflict: 'Another connection is open for this restaurant: close the other Tableside or POS connection, then reconnect.',
  stopped: 'Not connected to the payment service: the connection is switched off.',
} as const;

const TRANSPORT_NAMES: Record<TransportKind, string> = { ws: 'WebSocket', longpoll: 'long-polling', webhook: 'webhooks' };

function inSeconds(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return s >= 120 && s % 60 === 0 ? `${s / 60} minutes` : `${s} s`;
}

export interface ConnectionDetail {
  transport: TransportKind;
  now: number;
  nextTryAt: number | null;
  attempt: number;
  reason?: WaitReason | RejectReason;
  /** Connected but silent this long (webhooks: no delivery, not even a ping). */
  silentMs?: number;
}

/** The English sentence for a state: logs, the headless host, and the tray tooltip. */
export function describeConnection(status: ConnectionStatus, detail: ConnectionDetail): string {
  switch (status) {
    case 'connected': {
      if (detail.silentMs !== undefined) {
        const minutes = Math.max(1, Math.floor(detail.silentMs / 60_000));
        return `No health check from the service for ${minutes} minute${minutes === 1 ? '' : 's'}: check the public URL/tunnel.`;
      }
      return `Connected to the payment service over ${TRANSPORT_NAMES[detail.transport]}.`;
    }
    case 'reconnecting': {
      const wait = detail.nextTryAt === null ? 'now' : `in ${inSeconds(detail.nextTryAt - detail.now)}`;
      if (detail.reason === 'restarting') return `The payment service is restarting; reconnecting ${wait}.`;
      return `The connection to the payment service dropped; reconnecting ${wait} (attempt ${detail.attempt}).`;
    }
    case 'offline': {
      const wait = detail.nextTryAt === null ? '' : ` Trying again in ${inSeconds(detail.nextTryAt - detail.now)}.`;
      return `Cannot reach the payment service: check the internet connection.${wait}`;
    }
    case 'rejected':
      return detail.reason === 'webhook-url' ? SENTENCES.rejectedWebhookUrl : SENTENCES.rejected;
    default:
      return SENTENCES[status];
  }
}

interface MakeDetail {
  attempt?: number;
  delayMs?: number;
  lastMessageAt?: number;
  reason?: WaitReason | RejectReason;
}

/**
 * The connection's state machine, shared by the transports: one current state, listeners told of every
 * change, and the bookkeeping of a live link (last message, round trip, staleness).
 */
export class ConnectionStateMachine {
  private current: ConnectionState;
  private readonly listeners = new Set<(state: ConnectionState) => void>();

  constructor(
    private readonly transport: TransportKind,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {
    this.current = this.make('stopped', {});
  }

  state(): ConnectionState {
    return { ...this.current };
  }

  get status(): ConnectionStatus {
    return this.current.status;
  }

  onState(listener: (state: ConnectionState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  connecting(attempt = 0): void {
    // A retry keeps the cause of the outage it retries from: the cashier's words must
    // not flip between "no internet" and "connecting" with every attempt.
    const cause = attempt > 0 ? this.current.cause : undefined;
    this.set(this.make('connecting', cause ? { attempt, reason: cause } : { attempt }));
  }

  connected(): void {
    this.set(this.make('connected', { lastMessageAt: this.clock.now() }));
  }

  /** Waiting `delayMs` before the next try: `unreachable` shows as offline, the rest as reconnecting. */
  waiting(reason: WaitReason, attempt: number, delayMs: number): void {
    this.set(this.make(reason === 'unreachable' ? 'offline' : 'reconnecting', { attempt, delayMs, reason }));
  }

  rejected(reason: RejectReason = 'credentials'): void {
    this.set(this.make('rejected', { reason }));
  }

  conflict(): void {
    this.set(this.make('conflict', {}));
  }

  stopped(): void {
    this.set(this.make('stopped', {}));
  }

  /** A message came from the service: refreshes lastMessageAt (and rtt) of a connected state, clears stale. */
  noteMessage(rttMs?: number): void {
    if (this.current.status !== 'connected') return;
    const wasStale = this.current.stale === true;
    // In place: this runs for every frame, and `current` never leaves this class (state() copies it).
    this.current.lastMessageAt = this.clock.now();
    if (rttMs !== undefined) this.current.rttMs = Math.round(rttMs * 100) / 100;
    if (wasStale) {
      this.current.stale = false;
      this.current.sentence = this.describe('connected', {});
    }
    // Round-trip updates and the end of a silence are worth showing; plain ticks are read via state().
    if (rttMs !== undefined || wasStale) this.emit();
  }

  /** Flags a connected link whose last message is older than `staleMs` (webhooks: pings stopped). */
  checkStale(staleMs: number): void {
    const last = this.current.lastMessageAt;
    if (this.current.status !== 'connected' || last === null) return;
    const silentMs = this.clock.now() - last;
    if (silentMs <= staleMs) return;
    const sentence = this.describe('connected', { silentMs });
    if (this.current.stale && this.current.sentence === sentence) return;
    this.current = { ...this.current, stale: true, sentence };
    this.emit();
  }

  private describe(status: ConnectionStatus, detail: Partial<ConnectionDetail>): string {
    return describeConnection(status, { transport: this.transport, now: this.clock.now(), nextTryAt: null, attempt: 0, ...detail });
  }

  private make(status: ConnectionStatus, detail: MakeDetail): ConnectionState {
    const now = this.clock.now();
    const attempt = detail.attempt ?? 0;
    // since and nextTryAt come from one reading of the clock, so nextTryAt - since is the delay.
    const nextTryAt = detail.delayMs === undefined ? null : now + detail.delayMs;
    const reason = detail.reason ? { reason: detail.reason } : {};
    // The reason travels as the state's cause, so the renderer can word whose side it is.
    const cause = detail.reason ? { cause: detail.reason } : {};
    return {
      status,
      transport: this.transport,
      since: now,
      lastMessageAt: detail.lastMessageAt ?? null,
      rttMs: null,
      attempt,
      nextTryAt,
      stale: false,
      sentence: describeConnection(status, { transport: this.transport, now, nextTryAt, attempt, ...reason }),
      ...cause,
    };
  }

  private set(next: ConnectionState): void {
    this.current = next;
    this.emit();
  }

  private emit(): void {
    const snapshot = this.state();
    for (const listener of [...this.listeners]) {
      try {
        listener(snapshot);
      } catch (e) {
        // A faulty listener (the UI bridge) must not break the connection or keep the others from hearing.
        this.log.error({ err: e, status: snapshot.status }, 'link state listener failed');
      }
    }
  }
}
