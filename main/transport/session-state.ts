import type { Clock } from '../clock.js';
import type { TransportKind } from '../methods/types.js';
import type { SessionState, SessionStatus } from './types.js';

/** Why the link is down while we wait to try again: decides the sentence the cashier reads. */
export type WaitReason = 'dropped' | 'unreachable' | 'restarting';

export const SENTENCES = {
  connecting: 'Connecting to the payment service…',
  rejected: 'The API key or Pos-Id was rejected: check them in Settings.',
  conflict: 'Another connection is open for this restaurant: close the other Tableside or POS connection, then reconnect.',
  stopped: 'Not connected to the payment service: the connection is switched off.',
} as const;

const TRANSPORT_NAMES: Record<TransportKind, string> = { ws: 'WebSocket', longpoll: 'long-polling', webhook: 'webhooks' };

function inSeconds(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return s >= 120 && s % 60 === 0 ? `${s / 60} minutes` : `${s} s`;
}

/** The English sentence for a state: logs, the headless host, and the tray tooltip. */
export function describeSession(
  status: SessionStatus,
  detail: { transport: TransportKind; now: number; nextTryAt: number | null; attempt: number; reason?: WaitReason },
): string {
  switch (status) {
    case 'connected':
      return `Connected to the payment service over ${TRANSPORT_NAMES[detail.transport]}.`;
    case 'reconnecting': {
      const wait = detail.nextTryAt === null ? 'now' : `in ${inSeconds(detail.nextTryAt - detail.now)}`;
      if (detail.reason === 'restarting') return `The payment service is restarting; reconnecting ${wait}.`;
      return `The connection to the payment service dropped; reconnecting ${wait} (attempt ${detail.attempt}).`;
    }
    case 'offline': {
      const wait = detail.nextTryAt === null ? '' : ` Trying again in ${inSeconds(detail.nextTryAt - detail.now)}.`;
      return `Cannot reach the payment service: check the internet connection.${wait}`;
    }
    default:
      return SENTENCES[status];
  }
}

/**
 * The session-state machine shared by the transports: one current state, listeners told of every
 * change, and the bookkeeping of a live link (last message, round trip) without a state change.
 */
export class SessionStateMachine {
  private current: SessionState;
  private readonly listeners = new Set<(state: SessionState) => void>();

  constructor(
    private readonly transport: TransportKind,
    private readonly clock: Clock,
  ) {
    this.current = this.make('stopped', {});
  }

  state(): SessionState {
    return { ...this.current };
  }

  get status(): SessionStatus {
    return this.current.status;
  }

  onState(listener: (state: SessionState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  connecting(attempt = 0): void {
    this.set(this.make('connecting', { attempt }));
  }

  connected(): void {
    const now = this.clock.now();
    this.set(this.make('connected', { lastMessageAt: now }));
  }

  /** Waiting `delayMs` before the next try: `unreachable` shows as offline, the rest as reconnecting. */
  waiting(reason: WaitReason, attempt: number, delayMs: number): void {
    this.set(this.make(reason === 'unreachable' ? 'offline' : 'reconnecting', { attempt, delayMs, reason }));
  }

  rejected(): void {
    this.set(this.make('rejected', {}));
  }

  conflict(): void {
    this.set(this.make('conflict', {}));
  }

  stopped(): void {
    this.set(this.make('stopped', {}));
  }

  /** A message came from the service: refreshes lastMessageAt (and rtt) of a connected state. */
  noteMessage(rttMs?: number): void {
    if (this.current.status !== 'connected') return;
    // In place: this runs for every frame, and `current` never leaves this class (state() copies it).
    this.current.lastMessageAt = this.clock.now();
    if (rttMs !== undefined) this.current.rttMs = Math.round(rttMs * 100) / 100;
    // Round-trip updates are worth showing; plain message ticks are read on demand via state().
    if (rttMs !== undefined) this.emit();
  }

  private make(
    status: SessionStatus,
    detail: { attempt?: number; delayMs?: number; lastMessageAt?: number; reason?: WaitReason },
  ): SessionState {
    const now = this.clock.now();
    const attempt = detail.attempt ?? 0;
    // since and nextTryAt come from one reading of the clock, so nextTryAt - since is the delay.
    const nextTryAt = detail.delayMs === undefined ? null : now + detail.delayMs;
    return {
      status,
      transport: this.transport,
      since: now,
      lastMessageAt: detail.lastMessageAt ?? null,
      rttMs: null,
      attempt,
      nextTryAt,
      sentence: describeSession(status, {
        transport: this.transport,
        now,
        nextTryAt,
        attempt,
        ...(detail.reason ? { reason: detail.reason } : {}),
      }),
    };
  }

  private set(next: SessionState): void {
    this.current = next;
    this.emit();
  }

  private emit(): void {
    const snapshot = this.state();
    for (const listener of [...this.listeners]) {
      try {
        listener(snapshot);
      } catch {
        // A faulty listener (UI bridge) must not break the session; it logs its own errors.
      }
    }
  }
}
