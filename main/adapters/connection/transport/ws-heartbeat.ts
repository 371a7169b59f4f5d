/**
 * Liveness of a WebSocket link (docs/PROTOCOL.md §3): the POS must find a dead link itself, because a
 * silently dropped TCP connection (Wi-Fi gone, NAT timeout) raises no event for minutes. A ping
 * goes out right away (first round-trip figure for the UI) and then every `intervalMs`; a pong
 * missing for `timeoutMs` declares the connection dead.
 */
import type { Clock, TimerHandle } from '../../../base/clock.js';

export interface HeartbeatOptions {
  clock: Clock;
  intervalMs: number;
  timeoutMs: number;
  /** Sends a ping frame; returns false when the connection cannot send. */
  ping(): boolean;
  onRtt(ms: number): void;
  onDead(): void;
}

export class Heartbeat {
  private intervalTimer: TimerHandle | null = null;
  private pongTimer: TimerHandle | null = null;
  private sentAt: number | null = null;
  private stopped = false;

  constructor(private readonly options: HeartbeatOptions) {}

  start(): void {
    this.stopped = false;
    this.beat();
  }

  /** A pong arrived (any pong proves the connection alive, even one answering an older ping). */
  pong(): void {
    if (this.sentAt !== null) this.options.onRtt(performance.now() - this.sentAt);
    this.sentAt = null;
    this.options.clock.clearTimeout(this.pongTimer);
    this.pongTimer = null;
  }

  stop(): void {
    this.stopped = true;
    this.options.clock.clearTimeout(this.intervalTimer);
    this.options.clock.clearTimeout(this.pongTimer);
    this.intervalTimer = null;
    this.pongTimer = null;
  }

  private beat(): void {
    if (this.stopped) return;
    if (this.pongTimer === null) {
      this.sentAt = performance.now();
      if (!this.options.ping()) return;
      this.pongTimer = this.options.clock.setTimeout(() => {
        this.pongTimer = null;
        if (this.stopped) return;
        this.stop();
        this.options.onDead();
      }, this.options.timeoutMs);
    }
    this.intervalTimer = this.options.clock.setTimeout(() => this.beat(), this.options.intervalMs);
  }
}
