import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Database } from 'better-sqlite3';
import type { Clock, TimerHandle } from '../clock.js';
import type { Logger } from '../log.js';
import type { CheckpointMode, WorkerReply } from './checkpoint-worker.js';
import { startCheckpointThread, type CheckpointThread } from './checkpoint-thread.js';

/**
 * When the WAL is checkpointed, by its file's size. SQLite's own automatic checkpoint (1,000 pages,
 * about 4 MiB) ran inside whichever commit passed it, on the event loop: two fsyncs and the page
 * copies, several ms, while a guest's scan waited. `journal_size_limit` is set to `checkpointAt`, so
 * once the WAL restarts from its start its file shrinks back to it: a file larger than that holds
 * frames written since the restart. A checkpoint is asked for once per `checkpointAt` of growth
 * (about as often as SQLite's own, so no more fsyncs than before).
 */
export interface CheckpointLimits {
  /** Past this, a PASSIVE checkpoint on the worker (it never stops the app's reads or writes). */
  checkpointAt: number;
  /**
   * Past this, passive checkpoints are not letting the WAL restart: commits kept coming while each
   * one ran, so it was never fully copied when a commit began. Then after the next PASSIVE, right
   * after a commit (when the write lock is free), a RESTART that copies the few frames written since
   * and lets the next commit start the WAL over. It holds the write lock for that short copy and its
   * fsyncs; a commit in that moment waits for it. It waits at most RESTART_BUSY_MS for the lock
   * (else it is tried again after a later commit), so it never gathers a long backlog to copy.
   */
  restartAt: number;
  /** Past this (the worker gone or stuck), the app's own connection checkpoints, on the event loop: the WAL stays bounded. */
  hardCap: number;
}

const MIB = 1024 * 1024;
export const CHECKPOINT_LIMITS: CheckpointLimits = { checkpointAt: 4 * MIB, restartAt: 16 * MIB, hardCap: 64 * MIB };
/** How long a RESTART may wait for the app's commit to end before it gives up (and copies like a PASSIVE). */
const RESTART_BUSY_MS = 5;
/** RESTARTs tried one after another (after consecutive commits) before waiting for more growth. */
const RESTART_TRIES = 3;
/**
 * A worker with nothing asked of it this long is closed: its thread costs ~8 MB of memory, and a
 * till checkpoints every few minutes in normal service (the next request starts one again, ~1-2 ms
 * on the event loop). Through a rush it stays.
 */
export const WORKER_IDLE_MS = 10_000;

export type CheckpointResult = Extract<WorkerReply, { type: 'done' }>;
/** A checkpoint asked of the worker (with the WAL's size then), or one it finished. */
export type CheckpointEvent =
  | { type: 'asked'; mode: CheckpointMode; walBytes: number }
  | CheckpointResult
  /** The app's own connection checkpointed (RESTART) past the hard cap; `busy` 1 when another checkpoint was running. */
  | { type: 'hard-cap'; walBytes: number; busy: number };

export interface CheckpointerOptions {
  db: Database;
  /** Runs the idle worker's close (WORKER_IDLE_MS). */
  clock: Clock;
  log?: Logger | undefined;
  /** The Electron build of better-sqlite3 (main/shell), loaded by the worker too. */
  nativeBinding?: string | undefined;
  limits?: Partial<CheckpointLimits> | undefined;
  /** Hears every checkpoint asked of the worker and every one it finished (tests, diagnostics). */
  onCheckpoint?: ((event: CheckpointEvent) => void) | undefined;
  /** The module the worker loads as better-sqlite3 (default: the one this package resolves). */
  driver?: string | undefined;
}

export interface Checkpointer {
  /** After every commit of the app's connection: asks for a checkpoint when the WAL has grown past a limit. Never throws. */
  afterCommit(): void;
  /** Closes the worker's connection before returning (Windows: the app renames and deletes the files after close). */
  close(): void;
}

/**
 * Checkpoints the WAL from a second connection on a worker thread (checkpoint-thread.ts), so the
 * event loop never runs a checkpoint: the app's connection has wal_autocheckpoint=0, and after each
 * commit it only looks at the WAL's size (one stat) and, past a limit, posts a request. The worker
 * starts at the first request (a store that stays small never starts one) and is closed after
 * WORKER_IDLE_MS without one. One request at a time.
 * If the worker cannot start or dies, the app's connection gets SQLite's automatic checkpoint back
 * (logged): slower, never unbounded.
 */
export function createCheckpointer(options: CheckpointerOptions): Checkpointer {
  const { db, log } = options;
  const limits = { ...CHECKPOINT_LIMITS, ...options.limits };
  const walFile = `${resolve(db.name)}-wal`;
  db.pragma('wal_autocheckpoint = 0');
  db.pragma(`journal_size_limit = ${Math.trunc(limits.checkpointAt)}`);
  let thread: CheckpointThread | null = null;
  let running = false;
  /** The WAL's size at the last PASSIVE asked (and at the last hard-cap checkpoint): the next waits for `checkpointAt` more (or a restart). */
  let askedAt = 0;
  let cappedAt = 0;
  /** RESTARTs still to try, each right after a commit (set by a PASSIVE of a WAL past restartAt). */
  let restartTries = 0;
  /** Closed, or the worker is gone: no more requests. */
  let stopped = false;
  let idle: TimerHandle | null = null;
  const closeWorker = () => {
    options.clock.clearTimeout(idle);
    idle = null;
    thread?.close();
    thread = null;
  };

  const onReply = (reply: WorkerReply) => {
    running = false;
    idle = options.clock.setTimeout(closeWorker, WORKER_IDLE_MS);
    if (reply.type !== 'done') return;
    if (reply.mode === 'PASSIVE' && askedAt > limits.restartAt) restartTries = RESTART_TRIES;
    else if (reply.mode === 'RESTART') restartTries = reply.busy ? restartTries - 1 : 0;
    options.onCheckpoint?.(reply);
  };
  const post = (mode: CheckpointMode, walBytes: number) => {
    options.clock.clearTimeout(idle);
    idle = null;
    thread ??= startCheckpointThread({ file: resolve(db.name), nativeBinding: options.nativeBinding, driver: options.driver, log, onReply, onGone: useOwnCheckpoints });
    if (!thread.post(mode, mode === 'RESTART' ? RESTART_BUSY_MS : 0)) return;
    running = true;
    options.onCheckpoint?.({ type: 'asked', mode, walBytes });
  };
  /** The worker cannot run: SQLite's automatic checkpoint on the app's connection, as before. */
  function useOwnCheckpoints(): void {
    running = false;
    if (!stopped && db.open) db.pragma('wal_autocheckpoint = 1000');
    stopped = true;
  }

  /** Once per checkpointAt of growth since `at`, whatever happened then (a reader that pins the WAL must not make every commit ask). */
  const grown = (size: number, at: number) => size < at || size >= at + limits.checkpointAt;
  const afterCommit = (): void => {
    if (stopped) return;
    const size = statSync(walFile, { throwIfNoEntry: false })?.size ?? 0;
    if (size <= limits.checkpointAt) {
      askedAt = cappedAt = 0; // restarted (or never grew): the next growth past checkpointAt asks again
      restartTries = 0;
      return;
    }
    if (size > limits.hardCap && grown(size, cappedAt)) return ownCheckpoint(size);
    if (running) return;
    if (restartTries > 0) return post('RESTART', size);
    if (!grown(size, askedAt)) return;
    askedAt = size;
    post('PASSIVE', size);
  };
  /** The worker has not kept the WAL down (stuck, or its RESTARTs never got the write lock): the app's connection does, on the event loop. */
  const ownCheckpoint = (size: number) => {
    cappedAt = size;
    // The app holds no transaction here, so this waits for nobody; BUSY (the worker's checkpoint is running) is reported, not waited for.
    const row = (db.pragma('wal_checkpoint(RESTART)') as { busy: number }[])[0];
    log?.warn({ walBytes: size, busy: row?.busy }, 'the WAL passed its hard cap; checkpointed on the event loop');
    options.onCheckpoint?.({ type: 'hard-cap', walBytes: size, busy: row?.busy ?? 1 });
  };

  return {
    afterCommit(): void {
      try {
        afterCommit();
      } catch (e) {
        // The commit is done either way; a checkpoint that could not be asked for is asked for by a later one.
        log?.warn({ err: e }, 'could not ask for a checkpoint');
      }
    },
    close(): void {
      stopped = true;
      closeWorker();
    },
  };
}
