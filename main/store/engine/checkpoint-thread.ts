import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../../base/log.js';
import { CHECKPOINT_WORKER_SOURCE, type CheckpointMode, type WorkerReply } from './checkpoint-worker.js';

/** How long close() waits for the worker to close its connection (it may be in the middle of a checkpoint). */
const CLOSE_WAIT_MS = 5_000;

export interface CheckpointThread {
  /** Sends one request; false when the worker is gone (it failed to start or died): the caller checkpoints otherwise. */
  post(mode: CheckpointMode): boolean;
  /** Closes the worker's connection before returning, then ends the thread. */
  close(): void;
}

/**
 * The checkpointing worker thread (checkpoint-worker.ts is its code): started, told, closed.
 * `onReply` hears each finished request; `onGone` is called once if the worker fails or exits on
 * its own (logged), after which `post` returns false.
 */
export function startCheckpointThread(o: {
  file: string;
  nativeBinding?: string | undefined;
  driver?: string | undefined;
  log?: Logger | undefined;
  onReply: (reply: WorkerReply) => void;
  onGone: () => void;
}): CheckpointThread {
  const closedFlag = new Int32Array(new SharedArrayBuffer(4));
  /** Failed or exited on its own: nothing to wait for at close. */
  let lost = false;
  let closed = false;
  const worker = new Worker(CHECKPOINT_WORKER_SOURCE, {
    eval: true,
    // Not the app's node options (a loader, --cpu-prof): the worker only needs the driver.
    execArgv: [],
    workerData: { file: o.file, driver: o.driver ?? driverPath(), nativeBinding: o.nativeBinding, closed: closedFlag.buffer },
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
  });
  worker.unref(); // a store left open never keeps the process alive through its worker
  const gone = (reason: string, code?: string) => {
    if (lost || closed) return;
    lost = true;
    o.log?.warn({ reason, code }, 'checkpoint worker unavailable; the store checkpoints on its own connection');
    o.onGone();
    void worker.terminate();
  };
  worker.on('message', (reply: WorkerReply) => {
    if (reply.type === 'failed') return gone('open', reply.code);
    if (reply.type === 'error') o.log?.debug({ mode: reply.mode, code: reply.code }, 'checkpoint not done');
    if (reply.type === 'done') o.log?.debug({ mode: reply.mode, busy: reply.busy, log: reply.log, checkpointed: reply.checkpointed, ms: Math.round(reply.ms * 10) / 10 }, 'checkpoint');
    if (reply.type !== 'ready') o.onReply(reply);
  });
  worker.on('error', (e: NodeJS.ErrnoException) => gone('error', e.code));
  worker.on('exit', () => gone('exit'));

  return {
    post(mode) {
      if (lost || closed) return false;
      worker.postMessage({ mode });
      return true;
    },
    close() {
      if (closed) return;
      closed = true;
      worker.removeAllListeners();
      worker.on('error', () => undefined);
      if (lost) return void worker.terminate();
      worker.postMessage({ type: 'close' });
      // Synchronous on purpose: the store closes its own connection next, and the app may then move the files.
      if (Atomics.wait(closedFlag, 0, 0, CLOSE_WAIT_MS) === 'timed-out') o.log?.warn('checkpoint worker did not close its connection in time');
      void worker.terminate();
    },
  };
}

/** better-sqlite3 as this package resolves it (the bundled host and the shell keep it in node_modules). */
function driverPath(): string {
  return createRequire(import.meta.url).resolve('better-sqlite3');
}
