import { existsSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { createBackoff } from '../../base/backoff.js';
import { systemClock, type Clock } from '../../base/clock.js';
import type { Logger } from '../../base/log.js';
import { StartupError } from '../../base/startup-error.js';
import { backupsDir, listBackups, makeBackup } from './backups.js';
import { SCHEMA_VERSION } from './migrations/index.js';

/** Written beside the database once it exists: a later missing or empty file is then a loss, not a first start. */
export const DATABASE_MARKER = 'database-created';
/** How long a start waits for another program's lock on the database before it gives up (DATABASE_LOCKED). */
export const LOCK_WAIT_MS = 30_000;
/** The waits between tries of the lock: short at first, then at most this. */
const LOCK_RETRY = { minMs: 50, maxMs: 2_000 };

export interface PrepareOptions {
  file: string;
  clock?: Clock | undefined;
  log?: Logger | undefined;
  nativeBinding?: string | undefined;
  /** LOCK_WAIT_MS unless set. */
  lockWaitMs?: number | undefined;
}

/**
 * What a host runs before `openStore` (which is synchronous and would wait for a lock in SQLite's
 * busy handler, holding the event loop): refuses a database that went missing (DATABASE_MISSING),
 * waits for another program's lock with short tries on timers (DATABASE_LOCKED past the bound), and
 * backs up a database a migration is about to change. The lock may be taken again between this and
 * the open; then the open waits as it always did.
 */
export async function prepareDatabaseFile(o: PrepareOptions): Promise<void> {
  const file = resolve(o.file);
  const log = o.log?.child({ mod: 'store' });
  refuseMissing(file);
  const db = await openWhenFree(file, o, log);
  try {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > 0 && version < SCHEMA_VERSION) {
      log?.info({ from: version, to: SCHEMA_VERSION }, 'the bill database will be migrated: backing it up first');
      // A backup that fails is logged (makeBackup) and the start goes on: each migration is its own transaction.
      await makeBackup({ db, clock: o.clock, log: o.log, nativeBinding: o.nativeBinding, reason: `before-migration-${version}-${SCHEMA_VERSION}` }).catch(
        () => undefined,
      );
    }
    if (version > 0) markDatabaseCreated(file);
  } finally {
    db.close();
  }
}

/** Records that the data folder has a bill database (after the store opened it). */
export function markDatabaseCreated(file: string): void {
  const marker = join(dirname(resolve(file)), DATABASE_MARKER);
  if (!existsSync(marker)) writeFileSync(marker, 'The bill database tableside.sqlite was created in this folder; do not delete this file.\n', { mode: 0o600 });
}

function refuseMissing(file: string): void {
  const size = existsSync(file) ? statSync(file).size : 0;
  if (size > 0) return;
  const backups = listBackups(backupsDir(file));
  const hadOne = existsSync(join(dirname(file), DATABASE_MARKER)) || backups.length > 0;
  if (hadOne) throw new StartupError({ code: 'DATABASE_MISSING', path: file, ...(backups[0] ? { backup: backups[0].name } : {}) });
}

const isBusy = (e: unknown): boolean => {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code);
};

/** A connection that got the write lock once (then let it go), tried without SQLite's busy wait, again on a timer while busy. */
async function openWhenFree(file: string, o: PrepareOptions, log: Logger | undefined): Promise<Database> {
  const clock = o.clock ?? systemClock;
  const bound = o.lockWaitMs ?? LOCK_WAIT_MS;
  const started = clock.now();
  const backoff = createBackoff(LOCK_RETRY);
  for (;;) {
    const db = tryWriteLock(file, o.nativeBinding);
    if (db) {
      if (backoff.attempt > 0) log?.info({ waitedMs: clock.now() - started }, 'the bill database is free again');
      return db;
    }
    const waited = clock.now() - started;
    if (waited >= bound) {
      log?.error({ waitedMs: waited }, 'the bill database stayed locked by another program');
      throw new StartupError({ code: 'DATABASE_LOCKED', path: file, seconds: Math.round(waited / 1000) });
    }
    const { attempt, delayMs } = backoff.next();
    if (attempt === 1) log?.warn({ file }, 'the bill database is locked by another program; waiting for it');
    await new Promise<void>((done) => clock.setTimeout(done, Math.min(delayMs, Math.max(1, bound - waited))));
  }
}

function tryWriteLock(file: string, nativeBinding: string | undefined): Database | null {
  let db: Database | null = null;
  try {
    db = new BetterSqlite3(file, nativeBinding === undefined ? {} : { nativeBinding });
    db.pragma('busy_timeout = 0');
    db.pragma('user_version', { simple: true }); // reading the schema meets a rollback-journal writer's lock
    db.exec('BEGIN IMMEDIATE');
    db.exec('ROLLBACK');
    return db;
  } catch (e) {
    db?.close();
    if (isBusy(e)) return null;
    throw e;
  }
}
