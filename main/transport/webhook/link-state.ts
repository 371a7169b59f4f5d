import type { Clock } from '../../clock.js';
import type { SessionState, SessionStatus } from '../types.js';

/**
 * The webhook session as the UI sees it (PROTOCOL.md states). There is no held connection:
 * "connected" means the service accepted our URL; liveness is the last valid delivery, and
 * the session is flagged stale when deliveries (pings at least) stop arriving.
 */
export class LinkState {
  private current: SessionState;
  private readonly listeners = new Set<(s: SessionState) => void>();
  private lastHealthAt: number | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly receiverUrl: () => string,
    private readonly pingStaleMs: number,
  ) {
    this.current = { status: 'stopped', transport: 'webhook', since: clock.now(), lastMessageAt: null, rttMs: null, attempt: 0, nextTryAt: null, stale: false, sentence: 'Webhooks are stopped.' };
  }

  get(): SessionState {
    return this.current;
  }

  onChange(listener: (s: SessionState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(patch: Partial<SessionState>): void {
    const status = patch.status ?? this.current.status;
    const since = status !== this.current.status ? this.clock.now() : this.current.since;
    this.current = { ...this.current, ...patch, status, since };
    for (const l of [...this.listeners]) l(this.current);
  }

  to(status: Exclude<SessionStatus, 'connected' | 'reconnecting'>, sentence: string): void {
    this.set({ status, sentence, attempt: 0, nextTryAt: null, stale: false });
  }

  connected(): void {
    this.lastHealthAt = this.clock.now();
    this.set({ status: 'connected', attempt: 0, nextTryAt: null, stale: false, sentence: `Receiving webhooks at ${this.receiverUrl()}.` });
  }

  reconnecting(attempt: number, nextTryAt: number, why: string): void {
    const inS = Math.max(1, Math.round((nextTryAt - this.clock.now()) / 1000));
    this.set({ status: 'reconnecting', attempt, nextTryAt, stale: false, sentence: `Cannot register the webhook URL with the service (${why}): trying again in ${inS} s.` });
  }

  /** A delivery passed the signature and timing checks. */
  delivered(): void {
    const now = this.clock.now();
    this.lastHealthAt = now;
    if (this.current.status !== 'connected') {
      this.set({ lastMessageAt: now });
      return;
    }
    this.set({ lastMessageAt: now, stale: false, sentence: `Receiving webhooks at ${this.receiverUrl()}.` });
  }

  /** Called periodically: flags the session when no health check arrived for pingStaleMs. */
  checkStale(): void {
    if (this.current.status !== 'connected' || this.lastHealthAt === null) return;
    const silentMs = this.clock.now() - this.lastHealthAt;
    if (silentMs <= this.pingStaleMs) return;
    const minutes = Math.max(1, Math.floor(silentMs / 60_000));
    const sentence = `No health check from the service for ${minutes} minute${minutes === 1 ? '' : 's'}: check the public URL/tunnel.`;
    if (this.current.stale && this.current.sentence === sentence) return;
    this.set({ stale: true, sentence });
  }
}
