import { statfsSync } from 'node:fs';
import type { DiskView } from '../../preload/contract.js';
import type { Clock, TimerHandle } from '../base/clock.js';
import type { Logger } from '../base/log.js';

/** Below this much free space on the data folder's volume the till says so (tray, screen, health). */
export const LOW_DISK_BYTES = 500 * 1024 * 1024;
/** How often the free space is measured after the start. */
export const DISK_CHECK_MS = 5 * 60_000;
/** IT may set the threshold in megabytes for one machine (a small SSD, a large journal). */
export const LOW_DISK_ENV = 'TABLESIDE_LOW_DISK_MB';

export interface DiskWatchOptions {
  dir: string;
  clock: Clock;
  log: Logger;
  lowBytes?: number | undefined;
  intervalMs?: number | undefined;
  /** Free bytes for an unprivileged user on `dir`'s volume; tests pass their own. */
  freeBytes?: ((dir: string) => number) | undefined;
  /** A change the cashier should see: low space began or ended, or the figure moved while low. */
  changed: (view: DiskView) => void;
}

export interface DiskWatch {
  view(): DiskView;
  /** Measures now and then every intervalMs on the clock. */
  start(): void;
  stop(): void;
}

const statfsFree = (dir: string): number => {
  const s = statfsSync(dir);
  return s.bavail * s.bsize;
};

/** The threshold from the environment (megabytes), or the default when absent or not a number. */
export function lowDiskBytes(env: NodeJS.ProcessEnv): number {
  const mb = Number(env[LOW_DISK_ENV]);
  return env[LOW_DISK_ENV] !== undefined && env[LOW_DISK_ENV] !== '' && Number.isFinite(mb) && mb >= 0 ? Math.round(mb * 1024 * 1024) : LOW_DISK_BYTES;
}

/**
 * A full disk is a state the till lives through, not a crash: the free space of the data folder's
 * volume is measured at start and every few minutes, and low space is shown until it returns by
 * itself. SQLite's own full-disk errors still answer each call with an error (commit-batcher.ts).
 */
export function createDiskWatch(o: DiskWatchOptions): DiskWatch {
  const lowBytes = o.lowBytes ?? LOW_DISK_BYTES;
  const measure = o.freeBytes ?? statfsFree;
  const log = o.log.child({ mod: 'disk' });
  let current: DiskView = { lowSpace: false, freeBytes: -1 };
  let timer: TimerHandle | null = null;

  function check(): void {
    let free: number;
    try {
      free = measure(o.dir);
    } catch (e) {
      // Not knowing is not low: the last state stays.
      log.warn({ err: e, dir: o.dir }, 'could not measure the free disk space');
      return;
    }
    const next: DiskView = { lowSpace: free < lowBytes, freeBytes: free };
    const was = current;
    current = next;
    if (next.lowSpace !== was.lowSpace) {
      if (next.lowSpace) log.warn({ freeBytes: free, lowBytes, dir: o.dir }, 'disk space low: free space on the data folder before it runs out');
      else log.info({ freeBytes: free, lowBytes, dir: o.dir }, 'disk space back above the threshold');
      o.changed(next);
    } else if (next.lowSpace && next.freeBytes !== was.freeBytes) o.changed(next);
  }

  return {
    view: () => current,
    start() {
      if (timer) return;
      check();
      timer = o.clock.setInterval(check, o.intervalMs ?? DISK_CHECK_MS);
    },
    stop() {
      o.clock.clearTimeout(timer);
      timer = null;
    },
  };
}
