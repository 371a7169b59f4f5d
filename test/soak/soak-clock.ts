import { systemClock, type Clock } from '../../main/base/clock.js';

/**
 * Real time shifted by an offset the soak moves: the app's timers run in real time (its sockets,
 * pings and retries behave as in service) while the time it reads walks through a simulated month.
 * Moving the offset is what a wall-clock change looks like to the app: no timer fires for the gap.
 */
export class SoakClock implements Clock {
  private offset: number;

  constructor(startMs: number) {
    this.offset = startMs - Date.now();
  }

  now(): number {
    return Date.now() + this.offset;
  }

  /** Moves the time to `ms` if that is later (the simulated day only goes forward). */
  forwardTo(ms: number): void {
    if (ms > this.now()) this.offset = ms - Date.now();
  }

  /** A wall-clock step either way (an NTP correction, a suspend's gap). */
  jump(ms: number): void {
    this.offset += ms;
  }

  setTimeout = systemClock.setTimeout;
  setInterval = systemClock.setInterval;
  clearTimeout = systemClock.clearTimeout;
}
