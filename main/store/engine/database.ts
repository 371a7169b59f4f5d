import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import type { Logger } from '../../base/log.js';
import { MIGRATIONS, SCHEMA_VERSION, type Migration } from './migrations/index.js';
import { StoreError } from '../../base/store-error.js';

export type { Database } from 'better-sqlite3';

/** Files open in this process: one connection per database file, so writes never wait on ourselves. */
const openFiles = new Set<string>();

export function newerSchemaMessage(version: number): string {
  return `This database was written by a newer Tableside (schema ${version}); update the app or choose another data folder.`;
}

/**
 * SQLite's own page cache, in KiB (a negative cache_size). better-sqlite3 builds SQLite with 16 MB,
 * which a year of history fills page by page and keeps resident for good. The pages that are hot
 * (the open bills and their lines: 1,000 bills of 20 lines is about 4 MB with their indexes) fit;
 * the rest is read back from the operating system's file cache when a report needs it.
 */
export const PAGE_CACHE_KIB = 4096;

/**
 * How long a write waits in SQLite's busy handler for another connection's write lock. The wait
 * holds the event loop, so it covers only a moment's lock (another connection's commit, a second
 * start's lock probe, open-guard.ts) and a write behind a longer one fails with SQLITE_BUSY, which
 * its caller answers as "try again" (decision 018). Readers in WAL mode take no lock a writer holds;
 * the rare reader BUSY (another process recovering or closing the WAL) rides over in the same wait.
 */
export const BUSY_TIMEOUT_MS = 100;

/**
 * Opens (creating if needed) the bill database: WAL so readers never block the writer,
 * synchronous=FULL because a cashier PC can lose power right after a payment was answered
 * (durability.ts names the one write that commits without its own fsync), and a bounded page
 * cache (PAGE_CACHE_KIB).
 */
export function openDatabase(file: string, log?: Logger, migrations: readonly Migration[] = MIGRATIONS, nativeBinding?: string): Database {
  const path = resolve(file);
  if (openFiles.has(path)) throw new Error(`The bill database ${path} is already open in this process.`);
  mkdirSync(dirname(path), { recursive: true }); // a fresh data folder may not exist yet
  // nativeBinding: the Electron build of the addon (main/shell); plain Node loads the default one.
  const db = new BetterSqlite3(path, nativeBinding === undefined ? {} : { nativeBinding });
  try {
    // Check the version before any pragma writes to the file: a refused database stays byte-identical.
    const found = schemaVersion(db);
    const newest = migrations[migrations.length - 1]?.version ?? 0;
    if (found > newest) throw new StoreError('SCHEMA_TOO_NEW', { schema: found });
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    // The open and its migrations still wait as long as they always did (nothing is served yet; a
    // start waited for a longer lock before, open-guard.ts); the running app waits only a moment.
    db.pragma('busy_timeout = 5000');
    db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
    // An upgrade may rewrite whole tables (migrations 012, 013: a year of payments and events): its
    // WAL is copied into the file and emptied now, once, not carried into the first commits.
    if (migrate(db, migrations, log) > 0) db.pragma('wal_checkpoint(TRUNCATE)');
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  } catch (e) {
    db.close();
    throw e;
  }
  openFiles.add(path);
  return db;
}

/** Checkpoints the WAL into the main file and closes the connection. */
export function closeDatabase(db: Database): void {
  if (!db.open) return;
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    openFiles.delete(resolve(db.name));
    db.close();
  }
}

export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Applies the missing migrations, each in its own transaction with its user_version bump; returns how many ran. */
export function migrate(db: Database, migrations: readonly Migration[], log?: Logger): number {
  const current = schemaVersion(db);
  const target = migrations[migrations.length - 1]?.version ?? 0;
  if (current > target) throw new StoreError('SCHEMA_TOO_NEW', { schema: current });
  let applied = 0;
  for (const m of migrations) {
    if (m.version <= current) continue;
    applied++;
    db.transaction(() => {
      m.up(db);
      // user_version takes no bound parameter; the value is our own integer.
      db.pragma(`user_version = ${Math.trunc(m.version)}`);
    })();
    log?.info({ mod: 'store', version: m.version, migration: m.name }, 'migrated the bill database');
  }
  return applied;
}

export { SCHEMA_VERSION };
