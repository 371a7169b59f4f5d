import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import type { CheckpointWorkerData, WorkerReply, WorkerRequest } from '../../main/store/engine/checkpoint-worker.js';

/**
 * Starts the checkpoint worker from `script` (as checkpoint-thread.ts does, with no node options)
 * on a fresh database whose WAL holds frames, asks one PASSIVE, then closes it: its replies, and
 * whether it raised the closed flag before exiting.
 */
export async function runCheckpointWorker(script: URL): Promise<{ replies: WorkerReply[]; closed: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), 'tableside-worker-'));
  const file = join(dir, 'bills.sqlite');
  const db = new BetterSqlite3(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.exec('CREATE TABLE t (x TEXT)');
    for (let i = 0; i < 50; i++) db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(2000));
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const workerData: CheckpointWorkerData = { file, driver: createRequire(import.meta.url).resolve('better-sqlite3'), closed: flag.buffer };
    const worker = new Worker(script, { execArgv: [], workerData });
    const replies: WorkerReply[] = [];
    const exited = once(worker, 'exit');
    await new Promise<void>((resolve, reject) => {
      worker.on('error', reject);
      worker.on('message', (reply: WorkerReply) => {
        replies.push(reply);
        if (reply.type === 'ready') worker.postMessage({ mode: 'PASSIVE' } satisfies WorkerRequest);
        else resolve();
      });
    });
    worker.postMessage({ type: 'close' } satisfies WorkerRequest);
    await exited;
    return { replies, closed: Atomics.load(flag, 0) === 1 };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
