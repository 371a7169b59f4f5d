/**
 * The core's one source of time: it tells the time and it runs timers. Every delay in the core
 * (backoff, restart waits, auth and poll time-outs, recovery sweeps, the outbox, notice flushes)
 * goes through the injected Clock, so tests run them on a ManualClock and catch "too late" as
 * well as "too early", without sleeping.
 */
export interface TimerHandle {
  /** Brand: a handle comes only from a Clock. */
  readonly __timer: true;
}

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Runs `fn` once after `ms`. */
  setTimeout(fn: () => void, ms: number): TimerHandle;
  /** Runs `fn` every `ms` until cleared. */
  setInterval(fn: () => void, ms: number): TimerHandle;
  /** Cancels a timeout or an interval; a missing or already-run handle is ignored. */
  clearTimeout(handle: TimerHandle | null | undefined): void;
}

/**
 * Real time. Timers are unref'd: a pending core timer never keeps a process alive by itself (the
 * servers and sockets do that), so a host can always exit once it has closed them.
 */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const timer = setTimeout(fn, ms);
    timer.unref();
    return timer as unknown as TimerHandle;
  },
  setInterval: (fn, ms) => {
    const timer = setInterval(fn, ms);
    timer.unref();
    return timer as unknown as TimerHandle;
  },
  clearTimeout: (handle) => {
    if (handle) clearTimeout(handle as unknown as NodeJS.Timeout);
  },
};

interface ManualTimer {
  id: number;
  at: number;
  every: number | null;
  fn: () => void;
}

/**
 * A clock that only moves when told to. `advance` runs every timer that falls due, in time order
 * (timers due at the same moment in the order they were set), with the clock set to each timer's
 * moment while it runs; a timer set by a running timer runs in the same advance if it falls due.
 * `advanceAsync` does the same but lets promises settle after each timer, for code that awaits
 * between timers.
 */
export class ManualClock implements Clock {
  private timers: ManualTimer[] = [];
  private nextId = 1;

  constructor(private ms = Date.UTC(2026, 10, 21, 12, 0, 0)) {}

  now(): number {
    return this.ms;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    return this.add(fn, ms, null);
  }

  setInterval(fn: () => void, ms: number): TimerHandle {
    return this.add(fn, ms, Math.max(1, ms));
  }

  clearTimeout(handle: TimerHandle | null | undefined): void {
    if (!handle) return;
    const id = handle as unknown as number;
    this.timers = this.timers.filter((t) => t.id !== id);
  }

  /** Moves time forward by `ms`, running every timer that falls due on the way. */
  advance(ms: number): void {
    const target = this.ms + ms;
    for (let timer = this.nextDue(target); timer; timer = this.nextDue(target)) this.fire(timer);
    this.ms = target;
  }

  /** Like `advance`, but lets pending promises settle before and after each timer. */
  async advanceAsync(ms: number): Promise<void> {
    const target = this.ms + ms;
    await settle();
    for (let timer = this.nextDue(target); timer; timer = this.nextDue(target)) {
      this.fire(timer);
      await settle();
    }
    this.ms = target;
    await settle();
  }

  /** Sets the time without running timers (a jump of the wall clock, as after a suspend). */
  set(ms: number): void {
    this.ms = ms;
  }

  /** How many timers are waiting. */
  pending(): number {
    return this.timers.length;
  }

  /** When the next timer is due, or null when none waits. */
  nextTimerAt(): number | null {
    let next: number | null = null;
    for (const t of this.timers) if (next === null || t.at < next) next = t.at;
    return next;
  }

  private add(fn: () => void, ms: number, every: number | null): TimerHandle {
    const id = this.nextId++;
    this.timers.push({ id, at: this.ms + Math.max(0, ms), every, fn });
    return id as unknown as TimerHandle;
  }

  private nextDue(target: number): ManualTimer | undefined {
    let next: ManualTimer | undefined;
    for (const t of this.timers) if (t.at <= target && (!next || t.at < next.at || (t.at === next.at && t.id < next.id))) next = t;
    return next;
  }

  private fire(timer: ManualTimer): void {
    this.ms = Math.max(this.ms, timer.at);
    if (timer.every === null) this.timers = this.timers.filter((t) => t !== timer);
    else timer.at += timer.every;
    timer.fn();
  }
}

/** Lets queued promise callbacks (and the I/O they started, one turn) run. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Local midnight of the day `now` falls in: "today" for the cashier's screens. */
export function startOfLocalDay(now: number): number {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}
