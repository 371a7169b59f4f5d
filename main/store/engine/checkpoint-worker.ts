/**
 * The checkpointing thread's code (checkpointer.ts), as source text: the headless host is bundled
 * into one file (scripts/bundle-headless.mjs) and the shell loads its own build, so a worker file
 * next to this module would not exist in either. It is plain CommonJS run with `eval: true`; its
 * inputs arrive in `workerData`, never spliced into the text.
 *
 * It opens its own connection to the database file (better-sqlite3 loads in a worker; the same
 * native library, so SQLite's one in-process view of the file's locks covers both connections),
 * at synchronous=FULL: a checkpoint then fsyncs the WAL before it copies a page and the database
 * file before it records the copy, so no commit the app made (even one made at synchronous=NORMAL
 * whose fsync has not run yet) can be lost by it. It writes nothing itself and never checkpoints
 * on its own (wal_autocheckpoint=0): it runs `PRAGMA wal_checkpoint(PASSIVE)` when asked (it takes
 * no lock the app's reads or commits wait for) and says what it did.
 * `close` closes the connection, then raises the shared flag the app waits on.
 */
export const CHECKPOINT_WORKER_SOURCE = `'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const closed = new Int32Array(workerData.closed);
const MODES = new Set(['PASSIVE']);
let db = null;
const codeOf = (e) => String((e && e.code) || 'CHECKPOINT_FAILED');
const finish = () => {
  try { if (db) db.close(); } catch {} finally {
    db = null;
    Atomics.store(closed, 0, 1);
    Atomics.notify(closed, 0);
    parentPort.close();
  }
};
try {
  const Database = require(workerData.driver);
  const options = workerData.nativeBinding ? { fileMustExist: true, nativeBinding: workerData.nativeBinding } : { fileMustExist: true };
  db = new Database(workerData.file, options);
  db.pragma('synchronous = FULL');
  db.pragma('wal_autocheckpoint = 0');
  db.pragma('cache_size = -256'); // a checkpoint copies frames through the OS, not this cache: keep it small
  db.pragma('busy_timeout = 100'); // a PASSIVE waits for nobody; this only rides over a moment's BUSY reading the schema
  parentPort.postMessage({ type: 'ready' });
} catch (e) {
  parentPort.postMessage({ type: 'failed', code: codeOf(e) });
  finish();
}
parentPort.on('message', (m) => {
  if (m.type === 'close') return finish();
  if (!db || !MODES.has(m.mode)) return;
  const started = process.hrtime.bigint();
  try {
    const row = db.pragma('wal_checkpoint(' + m.mode + ')')[0];
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    parentPort.postMessage({ type: 'done', mode: m.mode, busy: row.busy, log: row.log, checkpointed: row.checkpointed, ms });
  } catch (e) {
    parentPort.postMessage({ type: 'error', mode: m.mode, code: codeOf(e) });
  }
});
`;

/** The only mode asked of the worker (checkpointer.ts says why not RESTART). */
export type CheckpointMode = 'PASSIVE';

/** What the worker says after each request (`wal_checkpoint`'s row: busy, frames in the WAL, frames copied). */
export type WorkerReply =
  | { type: 'ready' }
  | { type: 'failed'; code: string }
  | { type: 'done'; mode: CheckpointMode; busy: number; log: number; checkpointed: number; ms: number }
  | { type: 'error'; mode: CheckpointMode; code: string };
