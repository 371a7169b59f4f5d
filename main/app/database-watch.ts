import type { DatabaseView } from '../../preload/contract.js';
import type { Clock, TimerHandle } from '../base/clock.js';
import type { Logger } from '../base/log.js';
import type { StoreEngine } from '../store/index.js';

/** Writes refused this long by another program's lock become a state the cashier and the POS see. */
export const LOCK_SHOWN_AFTER_MS = 30_000;
/** How often the watch looks, and, while writes are refused, tries the lock (a try that waits for nobody). */
export const LOCK_CHECK_MS = 5_000;

export interface DatabaseWatchOptions {
  engine: Pick<StoreEngine, 'writeLock'>;
  clock: Clock;
  log: Logger;
  shownAfterMs?: number | undefined;
  intervalMs?: number | undefined;
  /** The state began or ended. */
  changed: (view: DatabaseView) => void;
}

export interface DatabaseWatch {
  view(): DatabaseView;
  start(): void;
  stop(): void;
}

const FREE: DatabaseView = { locked: false, since: null };

/** GET /v1/health's form of the view: the time as ISO text. */
export const databaseFacts = (view: DatabaseView): { locked: boolean; since: string | null } => ({
  locked: view.locked,
  since: view.since === null ? null : new Date(view.since).toISOString(),
});

/**
 * Another program holding the bill database's write lock (a backup tool, an antivirus, a second
 * Tableside) is a state the till lives through, as a full disk is: each refused write is answered
 * "try again" by its caller (the store waits only a moment, BUSY_TIMEOUT_MS), and once refusals
 * have lasted LOCK_SHOWN_AFTER_MS the tray, the banner, GET /v1/health and the headless log say
 * so. The state ends by itself: the next write that goes through, or a try of the lock while no
 * write comes. The watch's timer runs only from a refused write until the state has ended: a till
 * whose writes go through is not woken for it.
 */
export function createDatabaseWatch(o: DatabaseWatchOptions): DatabaseWatch {
  const shownAfter = o.shownAfterMs ?? LOCK_SHOWN_AFTER_MS;
  const log = o.log.child({ mod: 'store' });
  let current: DatabaseView = FREE;
  let timer: TimerHandle | null = null;
  let offRefused: (() => void) | null = null;

  function probe(): boolean {
    try {
      return o.engine.writeLock.probe();
    } catch (e) {
      log.warn({ err: e }, 'could not try the bill database’s write lock');
      return false;
    }
  }

  function arm(): void {
    timer ??= o.clock.setInterval(check, o.intervalMs ?? LOCK_CHECK_MS);
  }

  function disarm(): void {
    o.clock.clearTimeout(timer);
    timer = null;
  }

  function check(): void {
    const lock = o.engine.writeLock;
    let since = lock.state().refusedSince;
    // A try only while refused: it is the only way the state ends when no write comes.
    if (since !== null && probe()) since = null;
    if (since === null) disarm();
    const locked = since !== null && o.clock.now() - since >= shownAfter;
    if (locked === current.locked) return;
    current = locked ? { locked: true, since } : FREE;
    if (locked)
      log.error({ since: new Date(since!).toISOString() }, 'the bill database is locked by another program: the till cannot save payments until it lets go');
    else log.info('the bill database is free again: the till saves payments');
    o.changed(current);
  }

  return {
    view: () => current,
    start() {
      if (offRefused) return;
      offRefused = o.engine.writeLock.onRefused(arm);
      if (o.engine.writeLock.state().refusedSince !== null) arm();
    },
    stop() {
      offRefused?.();
      offRefused = null;
      disarm();
    },
  };
}
