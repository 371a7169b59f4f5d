import type { Database } from 'better-sqlite3';
import type { Clock } from '../../base/clock.js';
import type { Logger } from '../../base/log.js';
import { isDatabaseBusy } from '../../base/store-error.js';
import { BUSY_TIMEOUT_MS } from './database.js';

/** Whether another connection's write lock is refusing this one's writes, and since when. */
export interface WriteLockState {
  /** The clock's time of the first write refused since the last one that went through; null while writes go through. */
  refusedSince: number | null;
}

export interface WriteLock {
  /** Runs one transaction that takes the write lock, noting whether the lock was refused. */
  run<T>(fn: () => T): T;
  state(): WriteLockState;
  /**
   * Takes the write lock and lets it go at once, without waiting: true when it is free (and the
   * refused state ends). A refused state is otherwise only ended by the next write, which may be
   * hours away on a quiet afternoon.
   */
  probe(): boolean;
  /** Calls `listener` when a refused state begins (the first refused write since one went through). */
  onRefused(listener: () => void): () => void;
}

/**
 * Notes the writes another program's lock refused (SQLITE_BUSY after BUSY_TIMEOUT_MS): the first
 * one starts the refused state, the first that goes through ends it. The app shows a state that
 * lasts (main/app/database-watch.ts); each refused write is answered "try again" by its caller.
 */
export function createWriteLock(db: Database, clock: Clock, log: Logger | undefined): WriteLock {
  let refusedSince: number | null = null;
  let refusals = 0;
  const listeners = new Set<() => void>();

  function refused(e: unknown): void {
    refusals += 1;
    if (refusedSince !== null) return;
    refusedSince = clock.now();
    log?.warn({ code: (e as { code?: string }).code }, 'a write was refused: another program holds the bill database’s write lock');
    for (const listener of listeners) listener();
  }

  function accepted(): void {
    if (refusedSince === null) return;
    log?.info({ refusedMs: Math.max(0, clock.now() - refusedSince), refusals }, 'writes go through again: the other program let the bill database go');
    refusedSince = null;
    refusals = 0;
  }

  return {
    run<T>(fn: () => T): T {
      let result: T;
      try {
        result = fn();
      } catch (e) {
        if (isDatabaseBusy(e)) refused(e);
        throw e;
      }
      accepted();
      return result;
    },
    state: () => ({ refusedSince }),
    onRefused(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    probe(): boolean {
      if (!db.open) return false;
      if (db.inTransaction) return true; // our own write is running: the lock is ours
      db.pragma('busy_timeout = 0');
      try {
        db.exec('BEGIN IMMEDIATE');
        db.exec('ROLLBACK');
      } catch (e) {
        if (isDatabaseBusy(e)) return false;
        throw e;
      } finally {
        db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      }
      accepted();
      return true;
    },
  };
}
