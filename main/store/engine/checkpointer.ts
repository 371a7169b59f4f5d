import { resolve } from 'node:path';
import type { Database } from 'better-sqlite3';
import type { Clock, TimerHandle } from '../../base/clock.js';
import type { Logger } from '../../base/log.js';
import type { CheckpointMode, WorkerReply } from './checkpoint-worker.js';
import { startCheckpointThread, type CheckpointThread } from './checkpoint-thread.js';
import { openWalIndex } from './wal-index.js';

/**
 * When the WAL is checkpointed, by the bytes of frames since it last started over (wal-index.ts):
 * SQLite's own automatic checkpoint ran inside a commit, on the event loop, while a guest's scan
 * waited (decisions 004 and 012). Asked for about as often as SQLite's own, so no more fsyncs.
 */
export interface CheckpointLimits {
  /** Past this, a PASSIVE checkpoint on the worker (it never stops the app's reads or writes). */
  checkpointAt: number;
  /**
   * Past this, commits kept coming during each passive checkpoint, so the WAL never started over.
   * PASSIVEs then follow one another on the worker until one copies only a few frames, and after the
   * next commit the app's connection copies the rest itself, so its next commit starts the WAL over.
   * A RESTART on the worker would make commits sleep in SQLite's busy handler (decision 012).
   */
  restartAt: number;
  /** Past this (the worker gone or stuck), the app's own connection checkpoints, on the event loop: the WAL stays bounded. */
  hardCap: number;
}

const MIB = 1024 * 1024;
export const CHECKPOINT_LIMITS: CheckpointLimits = { checkpointAt: 4 * MIB, restartAt: 16 * MIB, hardCap: 64 * MIB };
/** Past restartAt, PASSIVEs follow one another while each still copied more frames than this (at most MAX_CATCH_UPS more). */
const CATCH_UP_FRAMES = 64;
const MAX_CATCH_UPS = 4;
/**
 * A worker with nothing asked of it this long is closed: an idle thread costs memory, and a quiet
 * till checkpoints only every few minutes. Through a rush it stays.
 */
export const WORKER_IDLE_MS = 10_000;

export type CheckpointResult = Extract<WorkerReply, { type: 'done' }>;
/** A checkpoint asked of the worker (with the WAL's size then), or one it finished. */
export type CheckpointEvent =
  | { type: 'asked'; mode: CheckpointMode; walBytes: number }
  | CheckpointResult
  /**
   * The app's own connection checkpointed (PASSIVE): the last few frames past restartAt, or past
   * the hard cap; `busy` 1 when the worker's checkpoint was running (then nothing was copied).
   */
  | { type: 'own'; reason: 'restart' | 'hard-cap'; walBytes: number; busy: number; log: number; checkpointed: number };

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
 * event loop runs no checkpoint but the rare short one past restartAt: the app's connection has wal_autocheckpoint=0, and after each
 * commit it only reads the WAL's frame count (wal-index.ts) and, past a limit, posts a request. The worker
 * starts at the first request (a store that stays small never starts one) and is closed after
 * WORKER_IDLE_MS without one. One request at a time.
 * If the worker cannot start or dies, the app's connection gets SQLite's automatic checkpoint back
 * (logged): slower, never unbounded.
 */
export function createCheckpointer(options: CheckpointerOptions): Checkpointer {
  const { db, log } = options;
  const limits = { ...CHECKPOINT_LIMITS, ...options.limits };
  const walIndex = openWalIndex(resolve(db.name));
  /** A frame's bytes in the WAL: its page and a 24-byte frame header. */
  const frameBytes = (db.pragma('page_size', { simple: true }) as number) + 24;
  db.pragma('wal_autocheckpoint = 0');
  // Only a WAL that grew past the hard cap is shrunk when it starts over (an ftruncate inside that commit).
  db.pragma(`journal_size_limit = ${Math.trunc(limits.hardCap)}`);
  const worker = lazyWorker(
    options,
    (reply) => onReply(reply),
    () => useOwnCheckpoints(),
  );
  let running = false;
  /** The WAL's size at the last PASSIVE asked (and at the last hard-cap checkpoint): the next waits for `checkpointAt` more (or a restart). */
  let askedAt = 0;
  let cappedAt = 0;
  /** The worker's passes caught up: the next commit copies the last frames on the app's connection. */
  let finishOwn = false;
  /** Frames of this WAL copied so far (the last PASSIVE's count), and the catch-up passes made past restartAt. */
  let backfilled = 0;
  let catchUps = 0;
  /** Closed, or the worker is gone: no more requests. */
  let stopped = false;

  const onReply = (reply: WorkerReply) => {
    running = false;
    if (reply.type !== 'done') return;
    options.onCheckpoint?.(reply);
    if (askedAt > limits.restartAt) catchUp(reply);
  };
  /**
   * A PASSIVE of a WAL past restartAt: while it still copied many frames (commits came during the
   * previous one), another at once, each shorter; then the app's connection copies the last few.
   */
  const catchUp = (reply: CheckpointResult) => {
    const copied = reply.checkpointed >= backfilled ? reply.checkpointed - backfilled : reply.checkpointed;
    backfilled = reply.checkpointed;
    if (copied > CATCH_UP_FRAMES && catchUps < MAX_CATCH_UPS) {
      catchUps++;
      return post('PASSIVE', askedAt);
    }
    catchUps = 0;
    finishOwn = true;
  };
  const post = (mode: CheckpointMode, walBytes: number) => {
    if (!worker.post(mode)) return;
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
    const index = walIndex.read();
    if (!index) return;
    const size = index.frames * frameBytes;
    if (size <= limits.checkpointAt) {
      askedAt = cappedAt = backfilled = catchUps = 0; // restarted (or never grew): the next growth past checkpointAt asks again
      finishOwn = false;
      return;
    }
    if (size > limits.hardCap && grown(size, cappedAt)) {
      cappedAt = size;
      return ownCheckpoint(options, 'hard-cap', size);
    }
    if (running) return;
    if (finishOwn) {
      finishOwn = false;
      return ownCheckpoint(options, 'restart', size);
    }
    if (!grown(size, askedAt)) return;
    askedAt = size;
    post('PASSIVE', size);
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
      worker.close();
      walIndex.close();
    },
  };
}

/**
 * A PASSIVE on the app's connection, on the event loop: the last few frames past restartAt, or
 * everything past the hard cap (the worker stuck). No transaction of the app is open here and a
 * PASSIVE waits for nobody; while the worker's checkpoint runs it is BUSY and copies nothing.
 */
function ownCheckpoint({ db, log, onCheckpoint }: CheckpointerOptions, reason: 'restart' | 'hard-cap', size: number): void {
  const row = (db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[])[0]!;
  if (reason === 'hard-cap') log?.warn({ walBytes: size, busy: row.busy }, 'the WAL passed its hard cap; checkpointed on the event loop');
  onCheckpoint?.({ type: 'own', reason, walBytes: size, busy: row.busy, log: row.log, checkpointed: row.checkpointed });
}

/** The worker thread, started at the first request and closed after WORKER_IDLE_MS without one (on the injected Clock). */
function lazyWorker(options: CheckpointerOptions, onReply: (reply: WorkerReply) => void, onGone: () => void) {
  const { clock } = options;
  let thread: CheckpointThread | null = null;
  let idle: TimerHandle | null = null;
  const close = () => {
    clock.clearTimeout(idle);
    idle = null;
    thread?.close();
    thread = null;
  };
  const replied = (reply: WorkerReply) => {
    idle = clock.setTimeout(close, WORKER_IDLE_MS);
    onReply(reply);
  };
  return {
    /** False when the worker is gone (onGone was called). */
    post(mode: CheckpointMode): boolean {
      clock.clearTimeout(idle);
      idle = null;
      const { db, nativeBinding, driver, log } = options;
      thread ??= startCheckpointThread({ file: resolve(db.name), nativeBinding, driver, log, onReply: replied, onGone });
      return thread.post(mode);
    },
    close,
  };
}
