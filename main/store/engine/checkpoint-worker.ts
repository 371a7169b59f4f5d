import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * The checkpointing thread (checkpointer.ts asks, checkpoint-thread.ts starts it): a script of its
 * own, found beside checkpoint-thread's module (checkpoint-thread.ts workerScript says where). It
 * imports nothing of the app, so it runs as it is from dist/, beside the headless bundle and from
 * its source. Its inputs arrive in `workerData`.
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

/** The only mode asked of the worker (checkpointer.ts says why not RESTART). */
export type CheckpointMode = 'PASSIVE';

/** What the worker is started with. */
export interface CheckpointWorkerData {
  file: string;
  /** The better-sqlite3 module to load, as an absolute path. */
  driver: string;
  nativeBinding?: string | undefined;
  /** Raised (set to 1, notified) once the worker's connection is closed. */
  closed: SharedArrayBuffer;
  /**
   * A backup's copy to check instead (backups.ts): the worker opens `file`, makes it one
   * self-contained file (journal_mode=DELETE), runs `PRAGMA integrity_check`, says `verified` and ends.
   */
  verify?: boolean | undefined;
}

/** The answer of a worker started with `verify`: SQLite's integrity_check rows (['ok'] when whole), or why it could not run. */
export type VerifyReply = { type: 'verified'; problems: string[] } | { type: 'unreadable'; code: string };

/** What the app asks: a checkpoint, or to close. */
export type WorkerRequest = { type: 'close' } | { type?: undefined; mode: CheckpointMode };

/** What the worker says after each request (`wal_checkpoint`'s row: busy, frames in the WAL, frames copied). */
export type WorkerReply =
  | { type: 'ready' }
  | { type: 'failed'; code: string }
  | { type: 'done'; mode: CheckpointMode; busy: number; log: number; checkpointed: number; ms: number }
  | { type: 'error'; mode: CheckpointMode; code: string };

const MODES: ReadonlySet<string> = new Set<CheckpointMode>(['PASSIVE']);

const codeOf = (e: unknown): string => {
  const code = (e as { code?: string | number } | null)?.code;
  return code ? String(code) : 'CHECKPOINT_FAILED';
};

// Imported only for its types elsewhere; run only as a worker.
if (parentPort) {
  const data = workerData as CheckpointWorkerData;
  if (data.verify) verifyCopy(parentPort, data);
  else runWorker(parentPort, data);
}

/** Checks a backup's copy off the event loop: a year of data takes integrity_check a while. */
function verifyCopy(port: NonNullable<typeof parentPort>, data: CheckpointWorkerData): void {
  let reply: VerifyReply;
  let db: BetterSqlite3.Database | null = null;
  try {
    const Database = createRequire(import.meta.url)(data.driver) as typeof BetterSqlite3;
    const options = data.nativeBinding ? { fileMustExist: true, nativeBinding: data.nativeBinding } : { fileMustExist: true };
    db = new Database(data.file, options);
    db.pragma('journal_mode = DELETE');
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    reply = { type: 'verified', problems: rows.map((r) => r.integrity_check) };
  } catch (e) {
    reply = { type: 'unreadable', code: codeOf(e) };
  }
  try {
    db?.close();
  } catch {
    // The answer stands; the file is closed with the thread.
  }
  const closed = new Int32Array(data.closed);
  Atomics.store(closed, 0, 1);
  port.postMessage(reply);
  port.close();
}

function runWorker(port: NonNullable<typeof parentPort>, data: CheckpointWorkerData): void {
  const closed = new Int32Array(data.closed);
  const say = (reply: WorkerReply) => port.postMessage(reply);
  let db: BetterSqlite3.Database | null = null;
  const finish = () => {
    try {
      db?.close();
    } catch {
      // Closing is all that is left to do; the flag below is raised either way.
    } finally {
      db = null;
      Atomics.store(closed, 0, 1);
      Atomics.notify(closed, 0);
      port.close();
    }
  };
  try {
    const Database = createRequire(import.meta.url)(data.driver) as typeof BetterSqlite3;
    const options = data.nativeBinding ? { fileMustExist: true, nativeBinding: data.nativeBinding } : { fileMustExist: true };
    db = new Database(data.file, options);
    db.pragma('synchronous = FULL');
    db.pragma('wal_autocheckpoint = 0');
    db.pragma('cache_size = -256'); // a checkpoint copies frames through the OS, not this cache: keep it small
    db.pragma('busy_timeout = 100'); // a PASSIVE waits for nobody; this only rides over a moment's BUSY reading the schema
    say({ type: 'ready' });
  } catch (e) {
    say({ type: 'failed', code: codeOf(e) });
    finish();
  }
  port.on('message', (m: WorkerRequest) => {
    if (m.type === 'close') return finish();
    if (!db || !MODES.has(m.mode)) return;
    const started = process.hrtime.bigint();
    try {
      const row = (db.pragma(`wal_checkpoint(${m.mode})`) as { busy: number; log: number; checkpointed: number }[])[0]!;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      say({ type: 'done', mode: m.mode, busy: row.busy, log: row.log, checkpointed: row.checkpointed, ms });
    } catch (e) {
      say({ type: 'error', mode: m.mode, code: codeOf(e) });
    }
  });
}
