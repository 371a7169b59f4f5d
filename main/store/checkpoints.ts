import type { Database } from 'better-sqlite3';
import type { Clock, TimerHandle } from '../clock.js';
import type { Logger } from '../log.js';

/** A checkpoint runs once no commit came for this long. */
export const CHECKPOINT_WHEN_QUIET_MS = 1_000;
/** ... or at the commit that makes this many since the last one, quiet or not (the WAL stays bounded). */
export const CHECKPOINT_AFTER_COMMITS = 500;

/**
 * When the WAL is copied into the database file. SQLite's own automatic checkpoint runs inside
 * whichever commit passes 1,000 pages: during a rush, that is a payment's commit, and its two
 * fsyncs and page copies stop the event loop while guests wait for their scans. Here checkpoints
 * wait for a quiet second (on the injected clock), or for CHECKPOINT_AFTER_COMMITS commits when the
 * store is never quiet. A PASSIVE checkpoint never waits for readers or writers; at the
 * connection's synchronous=FULL it syncs the WAL and the database file, as SQLite's own does.
 */
export function createCheckpointer(db: Database, clock: Clock, log: Logger | undefined) {
  db.pragma('wal_autocheckpoint = 0');
  let timer: TimerHandle | null = null;
  let commits = 0;
  let lastCommitAt = 0;

  const checkpoint = (): void => {
    commits = 0;
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch (e) {
      // The WAL stays as it is and is copied at the next checkpoint; nothing is lost.
      log?.warn({ err: e }, 'WAL checkpoint failed');
    }
  };
  const whenQuiet = (): void => {
    timer = null;
    const quietFor = clock.now() - lastCommitAt;
    // One timer for a run of commits (not one per commit): it looks again when it fires.
    if (quietFor < CHECKPOINT_WHEN_QUIET_MS) timer = clock.setTimeout(whenQuiet, CHECKPOINT_WHEN_QUIET_MS - quietFor);
    else checkpoint();
  };
  const stop = (): void => {
    if (timer) clock.clearTimeout(timer);
    timer = null;
  };

  return {
    /** After every commit. */
    committed(): void {
      lastCommitAt = clock.now();
      if (++commits >= CHECKPOINT_AFTER_COMMITS) {
        stop();
        checkpoint();
        return;
      }
      timer ??= clock.setTimeout(whenQuiet, CHECKPOINT_WHEN_QUIET_MS);
    },
    /** Before the connection closes (its closing checkpoint copies the rest). */
    close: stop,
  };
}
