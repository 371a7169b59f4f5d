import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../../base/log.js';
import type { CheckpointMode, CheckpointWorkerData, VerifyReply, WorkerReply, WorkerRequest } from './checkpoint-worker.js';

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
  const workerData: CheckpointWorkerData = { file: o.file, driver: o.driver ?? driverPath(), nativeBinding: o.nativeBinding, closed: closedFlag.buffer };
  const worker = new Worker(workerScript(), {
    // Not the app's node options (a loader, --cpu-prof): the worker only needs the driver.
    execArgv: [],
    workerData,
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
    if (reply.type === 'done')
      o.log?.debug({ mode: reply.mode, busy: reply.busy, log: reply.log, checkpointed: reply.checkpointed, ms: Math.round(reply.ms * 10) / 10 }, 'checkpoint');
    if (reply.type !== 'ready') o.onReply(reply);
  });
  worker.on('error', (e: NodeJS.ErrnoException) => gone('error', e.code));
  worker.on('exit', () => gone('exit'));

  return {
    post(mode) {
      if (lost || closed) return false;
      worker.postMessage({ mode } satisfies WorkerRequest);
      return true;
    },
    close() {
      if (closed) return;
      closed = true;
      worker.removeAllListeners();
      worker.on('error', () => undefined);
      if (lost) return void worker.terminate();
      worker.postMessage({ type: 'close' } satisfies WorkerRequest);
      // Synchronous on purpose: the store closes its own connection next, and the app may then move the files.
      if (Atomics.wait(closedFlag, 0, 0, CLOSE_WAIT_MS) === 'timed-out') o.log?.warn('checkpoint worker did not close its connection in time');
      void worker.terminate();
    },
  };
}

/**
 * A backup's copy checked on a thread of its own (the checkpoint worker's script started with
 * `verify`): integrity_check reads every page, which must not hold the event loop.
 */
export function verifyOnThread(file: string, o: { nativeBinding?: string | undefined; driver?: string | undefined } = {}): Promise<VerifyReply> {
  const workerData: CheckpointWorkerData = {
    file,
    driver: o.driver ?? driverPath(),
    nativeBinding: o.nativeBinding,
    closed: new SharedArrayBuffer(4),
    verify: true,
  };
  return new Promise((resolve) => {
    let answered = false;
    const answer = (reply: VerifyReply) => {
      if (answered) return;
      answered = true;
      resolve(reply);
    };
    const worker = new Worker(workerScript(), { execArgv: [], workerData, resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 } });
    worker.on('message', (reply: VerifyReply) => answer(reply));
    worker.on('error', (e: NodeJS.ErrnoException) => answer({ type: 'unreadable', code: e.code ?? 'WORKER_FAILED' }));
    worker.on('exit', () => answer({ type: 'unreadable', code: 'WORKER_EXITED' }));
  });
}

/**
 * The worker's script: checkpoint-worker beside this module, compiled as this module was. In dist/
 * tsc emits both as .js; the headless bundle has its copy beside the output file holding this
 * module (scripts/bundle-headless.mjs puts it there); run from the TypeScript sources (vitest, tsx),
 * the worker's source is loaded through tsx, which a worker does not inherit: a two-line module
 * registers tsx's loader first (a data: URL imports only by absolute URL, so both are resolved here).
 */
export function workerScript(here: string = import.meta.url): URL {
  const ext = /\.[cm]?[jt]s$/.exec(here)?.[0] ?? '.js';
  const script = new URL(`./checkpoint-worker${ext}`, here);
  if (!ext.endsWith('ts')) return script;
  const boot = `(await import(${JSON.stringify(tsxApi(here))})).register();\nawait import(${JSON.stringify(script.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

/** tsx's ES module API (its `register()`), as its package.json exports it. */
function tsxApi(here: string): string {
  const require = createRequire(here);
  const manifest = require.resolve('tsx/package.json');
  const { exports } = require(manifest) as { exports: { './esm/api': { import: { default: string } } } };
  return new URL(exports['./esm/api'].import.default, pathToFileURL(manifest)).href;
}

/** better-sqlite3 as this package resolves it (the bundled host and the shell keep it in node_modules). */
function driverPath(): string {
  return createRequire(import.meta.url).resolve('better-sqlite3');
}
