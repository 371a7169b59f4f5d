/**
 * Liveness of a WebSocket link (PROTOCOL.md §3): the POS must find a dead link itself, because a
 * silently dropped TCP connection (Wi-Fi gone, NAT timeout) raises no event for minutes. A ping
 * goes out right away (first round-trip figure for the UI) and then every `intervalMs`; a pong
 * missing for `timeoutMs` declares the link dead.
 */
export interface HeartbeatOptions {
  intervalMs: number;
  timeoutMs: number;
  /** Sends a ping frame; returns false when the link cannot send. */
  ping(): boolean;
  onRtt(ms: number): void;
  onDead(): void;
}

export class Heartbeat {
  private intervalTimer: NodeJS.Timeout | null = null;
  private pongTimer: NodeJS.Timeout | null = null;
  private sentAt: number | null = null;
  private stopped = false;

  constructor(private readonly options: HeartbeatOptions) {}

  start(): void {
    this.stopped = false;
    this.beat();
  }

  /** A pong arrived (any pong proves the link alive, even one answering an older ping). */
  pong(): void {
    if (this.sentAt !== null) this.options.onRtt(performance.now() - this.sentAt);
    this.sentAt = null;
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.pongTimer = null;
  }

  stop(): void {
    this.stopped = true;
    if (this.intervalTimer) clearTimeout(this.intervalTimer);
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.intervalTimer = null;
    this.pongTimer = null;
  }

  private beat(): void {
    if (this.stopped) return;
    if (this.pongTimer === null) {
      this.sentAt = performance.now();
      if (!this.options.ping()) return;
      this.pongTimer = setTimeout(() => {
        this.pongTimer = null;
        if (this.stopped) return;
        this.stop();
        this.options.onDead();
      }, this.options.timeoutMs);
    }
    this.intervalTimer = setTimeout(() => this.beat(), this.options.intervalMs);
  }
}
