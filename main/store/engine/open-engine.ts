import type { Database } from 'better-sqlite3';
import { systemClock, type Clock } from '../../base/clock.js';
import type { Logger } from '../../base/log.js';
import { createCheckpointer, type CheckpointEvent, type CheckpointLimits } from './checkpointer.js';
import { makeBackup, scheduleDailyBackups, type BackupInfo } from './backups.js';
import { closeDatabase, openDatabase } from './database.js';
import type { StoreWrite } from './durability.js';
import { createTransactions, type Transactions } from './transactions.js';
import type { Repos } from './tx.js';
import type { WriteLock } from './write-lock.js';

/** What the engine offers beside the domains: group commits, the readers, and close. */
export interface StoreEngine<R> {
  close(): void;
  /**
   * Group commit: runs `fn` (several writes) in one transaction with one commit. Each write
   * inside is a savepoint, so one that throws rolls back alone while the others commit.
   * Listeners hear of the events after the commit; if the commit itself fails, nothing is told.
   * `writes` declares the writes inside; durability.ts decides from them whether the commit
   * may skip its fsync (undeclared: it does not).
   */
  group<T>(fn: () => T, options?: { writes?: readonly StoreWrite[] }): T;
  /**
   * The payment calls' group commit: as `group`, but its fsync runs off the event loop; the calls
   * may be answered once `durable` resolves (transactions.ts groupThenSync).
   */
  groupCommit<T>(fn: () => T, options: { writes: readonly StoreWrite[] }): { result: T; durable: Promise<void> };
  /** The repositories' reader halves, for read models (no writes: those need a WriteTx). */
  read: R;
  /** One verified backup now, into `backups/` beside the file (backups.ts makeBackup). */
  backup(reason?: string): Promise<BackupInfo>;
  /** Whether another program's lock refuses the writes, and a try of the lock that waits for nobody (write-lock.ts). */
  writeLock: Pick<WriteLock, 'state' | 'probe' | 'onRefused'>;
}

export interface EngineOptions {
  file: string;
  clock?: Clock | undefined;
  log?: Logger | undefined;
  nativeBinding?: string | undefined;
  /** The WAL sizes that start a checkpoint (checkpointer.ts); tests make them small. */
  checkpoints?: Partial<CheckpointLimits> | undefined;
  /** Hears each checkpoint asked of the worker thread, and each one it finished. */
  onCheckpoint?: ((event: CheckpointEvent) => void) | undefined;
  /** Verified backups (backups.ts): `daily` schedules one a day on the clock; `keep` how many stay. Off unless asked. */
  backups?: { daily?: boolean | undefined; keep?: number | undefined; everyMs?: number | undefined } | undefined;
}

export interface OpenEngine<B extends Repos> {
  engine: StoreEngine<B['read']>;
  /** For the domains' stores only. */
  transactions: Transactions<B>;
}

/**
 * One SQLite file, one connection, its checkpointer and its transaction wrapper. Every write is
 * one transaction that also appends its events; it returns only after the commit. `repos`
 * prepares the domains' repositories on the connection.
 */
export function openEngine<B extends Repos>(options: EngineOptions, repos: (db: Database) => B): OpenEngine<B> {
  const log = options.log?.child({ mod: 'store' });
  const db = openDatabase(options.file, log, undefined, options.nativeBinding);
  // The WAL is checkpointed on a worker thread, never inside a commit on the event loop.
  const clock = options.clock ?? systemClock;
  const checkpointer = createCheckpointer({
    db,
    clock,
    log,
    nativeBinding: options.nativeBinding,
    limits: options.checkpoints,
    onCheckpoint: options.onCheckpoint,
  });
  const t = createTransactions(db, repos(db), clock, log, checkpointer.afterCommit);
  const backupOptions = { db, clock, log: options.log, nativeBinding: options.nativeBinding, keep: options.backups?.keep };
  const daily = options.backups?.daily ? scheduleDailyBackups({ ...backupOptions, everyMs: options.backups.everyMs }) : null;
  const engine: StoreEngine<B['read']> = {
    close(): void {
      daily?.stop();
      t.outbox.close();
      checkpointer.close(); // its connection is closed before ours checkpoints and the files may move
      closeDatabase(db); // its checkpoint makes relaxed commits durable
      t.closeWal();
    },
    group: (fn, o = {}) => t.group(fn, o.writes),
    groupCommit: (fn, o) => t.groupThenSync(fn, o.writes),
    read: t.read,
    backup: (reason = 'asked') => makeBackup({ ...backupOptions, reason }),
    writeLock: t.writeLock,
  };
  return { engine, transactions: t };
}
