import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { copyFile, open, type FileHandle } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { systemClock, type Clock, type TimerHandle } from '../../base/clock.js';
import type { Logger } from '../../base/log.js';
import { verifyOnThread } from './checkpoint-thread.js';

/**
 * Verified backups of the bill database, in `<dataDir>/backups/`: SQLite's online backup of the
 * app's own connection (better-sqlite3 `db.backup`, a few pages per event-loop turn, so a backup
 * never stops the app and commits made meanwhile are copied too), then the copy is opened on a
 * worker thread and `PRAGMA integrity_check` must say 'ok' before it gets its name; a copy that
 * fails is deleted and the failure thrown. The newest BACKUPS_KEPT are kept. A restore keeps the
 * database it replaces beside them as `replaced-<time>.sqlite`, never deleted by the app.
 */

export const BACKUPS_DIR = 'backups';
/** How many `tableside-*.sqlite` backups are kept (the oldest beyond are deleted after each new one). */
export const BACKUPS_KEPT = 7;
/** A backup a day: the app runs for weeks without a restart. */
export const BACKUP_EVERY_MS = 24 * 60 * 60_000;
/** The first daily backup waits this long after the store opens, so it does not compete with the start. */
export const FIRST_BACKUP_DELAY_MS = 60_000;
/** A daily backup that failed is tried again after this. */
export const BACKUP_RETRY_MS = 60 * 60_000;

const NAME = /^tableside-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.sqlite$/;

export interface BackupInfo {
  /** The file's name in the backups folder, e.g. tableside-2026-11-28T23-04-40-123Z.sqlite. */
  name: string;
  path: string;
  /** When it was made (epoch ms, from its name). */
  at: number;
  bytes: number;
}

export type BackupErrorCode = 'BACKUP_FAILED' | 'BACKUP_DAMAGED' | 'BACKUP_NOT_FOUND' | 'DATABASE_IN_USE';

/** A backup or a restore that did not happen; `detail` is for the log (SQLite's words). */
export class BackupError extends Error {
  override readonly name = 'BackupError';
  constructor(
    readonly code: BackupErrorCode,
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}

/** The backups folder beside a database file. */
export function backupsDir(dbFile: string): string {
  return join(dirname(resolve(dbFile)), BACKUPS_DIR);
}

export function backupName(at: number): string {
  return `tableside-${new Date(at).toISOString().replace(/[:.]/g, '-')}.sqlite`;
}

function backupTime(name: string): number | null {
  const m = NAME.exec(name);
  return m ? Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`) : null;
}

/** The backups in `dir`, newest first (none when the folder does not exist). */
export function listBackups(dir: string): BackupInfo[] {
  if (!existsSync(dir)) return [];
  const found: BackupInfo[] = [];
  for (const name of readdirSync(dir)) {
    const at = backupTime(name);
    if (at === null) continue;
    const path = join(dir, name);
    found.push({ name, path, at, bytes: statSync(path).size });
  }
  return found.sort((a, b) => b.at - a.at);
}

/** A backup by its name in `dir`, or `latest`; null when there is none such. Only names the folder lists: never a path. */
export function findBackup(dir: string, which: string): BackupInfo | null {
  const all = listBackups(dir);
  if (which === 'latest') return all[0] ?? null;
  return all.find((b) => b.name === which) ?? null;
}

export interface VerifyOptions {
  nativeBinding?: string | undefined;
}

/** integrity_check of a database file on a worker thread: 'ok', or SQLite's first complaints. */
export async function verifyDatabaseFile(file: string, o: VerifyOptions = {}): Promise<{ ok: boolean; problems: string[] }> {
  const reply = await verifyOnThread(file, { nativeBinding: o.nativeBinding });
  if (reply.type === 'unreadable') return { ok: false, problems: [reply.code] };
  return { ok: reply.problems.length === 1 && reply.problems[0] === 'ok', problems: reply.problems.slice(0, 5) };
}

export interface MakeBackupOptions extends VerifyOptions {
  /** The app's own connection: a backup through another one starts over at every commit. */
  db: Database;
  /** Default: `backups/` beside the database file. */
  dir?: string | undefined;
  clock?: Clock | undefined;
  log?: Logger | undefined;
  /** How many to keep (BACKUPS_KEPT). */
  keep?: number | undefined;
  /** For the log: why this one (daily, before-migration, before-restore, a test...). */
  reason?: string | undefined;
}

/**
 * One verified backup, written durably (the file and its folder entry fsynced), then the oldest
 * beyond `keep` deleted. Resolves with the backup; rejects with a BackupError when the copy could
 * not be made or is not whole (then no file of it is left).
 */
export async function makeBackup(o: MakeBackupOptions): Promise<BackupInfo> {
  const dir = o.dir ?? backupsDir(o.db.name);
  const clock = o.clock ?? systemClock;
  const log = o.log?.child({ mod: 'backup' });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let at = clock.now();
  while (existsSync(join(dir, backupName(at)))) at++; // two backups in one millisecond (a still clock)
  const name = backupName(at);
  const path = join(dir, name);
  const partial = `${path}.partial`;
  const removePartial = () => {
    for (const f of [partial, `${partial}-journal`]) rmSync(f, { force: true });
  };
  removePartial();
  const started = Date.now();
  try {
    try {
      await o.db.backup(partial);
    } catch (e) {
      throw new BackupError('BACKUP_FAILED', (e as Error).message);
    }
    const check = await verifyDatabaseFile(partial, o);
    if (!check.ok) throw new BackupError('BACKUP_DAMAGED', check.problems.join('; '));
    await fsyncPath(partial);
    renameSync(partial, path);
    await fsyncPath(dir);
  } catch (e) {
    removePartial();
    log?.error({ reason: o.reason, code: (e as BackupError).code, detail: (e as Error).message }, 'backup failed; no copy kept');
    throw e;
  }
  const info: BackupInfo = { name, path, at, bytes: statSync(path).size };
  log?.info({ reason: o.reason, backup: name, bytes: info.bytes, ms: Date.now() - started }, 'backup made and verified');
  pruneBackups(dir, o.keep ?? BACKUPS_KEPT, log);
  return info;
}

/** Deletes the oldest backups beyond `keep` (never a `replaced-*` database). */
export function pruneBackups(dir: string, keep: number, log?: Logger): void {
  for (const old of listBackups(dir).slice(Math.max(1, keep))) {
    try {
      rmSync(old.path, { force: true });
    } catch (e) {
      log?.warn({ backup: old.name, err: e }, 'could not delete an old backup');
    }
  }
}

export interface DailyBackups {
  /** Cancels the next one (a backup running finishes or fails on its own). */
  stop(): void;
}

/**
 * A backup every `everyMs` on the injected Clock: the first FIRST_BACKUP_DELAY_MS after the start
 * when the newest backup is older than a day (or there is none), else a day after the newest.
 * A failed one is logged and tried again after BACKUP_RETRY_MS.
 */
export function scheduleDailyBackups(o: MakeBackupOptions & { everyMs?: number | undefined }): DailyBackups {
  const clock = o.clock ?? systemClock;
  const every = o.everyMs ?? BACKUP_EVERY_MS;
  const dir = o.dir ?? backupsDir(o.db.name);
  let timer: TimerHandle | null = null;
  let stopped = false;
  const plan = (ms: number) => {
    if (!stopped) timer = clock.setTimeout(run, Math.max(0, ms));
  };
  const run = () => {
    timer = null;
    if (stopped || !o.db.open) return;
    // The next one is planned now, so the day does not slide by the backup's own length.
    plan(every);
    makeBackup({ ...o, dir, reason: 'daily' }).catch(() => {
      // Logged by makeBackup; tried again sooner than a day.
      clock.clearTimeout(timer);
      plan(BACKUP_RETRY_MS);
    });
  };
  const newest = listBackups(dir)[0];
  // At most a day: a newest backup dated ahead (the clock set back) must not put the next one off.
  plan(newest ? Math.min(every, Math.max(FIRST_BACKUP_DELAY_MS, newest.at + every - clock.now())) : FIRST_BACKUP_DELAY_MS);
  return {
    stop() {
      stopped = true;
      clock.clearTimeout(timer);
      timer = null;
    },
  };
}

export interface RestoreOptions extends VerifyOptions {
  /** The database file to replace (the store must be closed). */
  file: string;
  /** The backup's path. */
  backup: string;
  clock?: Clock | undefined;
  log?: Logger | undefined;
}

export interface Restored {
  /** The database that was replaced, kept in the backups folder; null when there was none. */
  keptAside: string | null;
}

/**
 * Puts a backup in place of the database file: the backup is copied and the copy verified first
 * (a damaged backup changes nothing), then the current database (if any) is moved into the backups
 * folder as `replaced-<time>.sqlite` and the copy renamed into its place, durably. Refused with
 * DATABASE_IN_USE while another connection has the database open (another Tableside).
 */
export async function restoreBackup(o: RestoreOptions): Promise<Restored> {
  const file = resolve(o.file);
  const clock = o.clock ?? systemClock;
  const log = o.log?.child({ mod: 'backup' });
  if (!existsSync(o.backup)) throw new BackupError('BACKUP_NOT_FOUND', o.backup);
  const incoming = `${file}.restoring`;
  const removeIncoming = () => {
    for (const f of [incoming, `${incoming}-journal`]) rmSync(f, { force: true });
  };
  removeIncoming();
  await copyFile(o.backup, incoming);
  const check = await verifyDatabaseFile(incoming, o);
  if (!check.ok) {
    removeIncoming();
    throw new BackupError('BACKUP_DAMAGED', check.problems.join('; '));
  }
  let keptAside: string | null = null;
  try {
    if (existsSync(file)) {
      if (statSync(file).size > 0) makeSelfContained(file, o.nativeBinding);
      const dir = backupsDir(file);
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      keptAside = join(dir, `replaced-${new Date(clock.now()).toISOString().replace(/[:.]/g, '-')}.sqlite`);
      while (existsSync(keptAside)) keptAside = keptAside.replace(/\.sqlite$/, '-1.sqlite');
      renameSync(file, keptAside);
      await fsyncPath(dir);
    }
    // What a WAL of the replaced file left would be read as the restored one's: moved aside with it.
    for (const ext of ['-wal', '-shm']) if (existsSync(file + ext)) renameSync(file + ext, `${keptAside ?? `${file}.orphan`}${ext}`);
    await fsyncPath(incoming);
    renameSync(incoming, file);
    await fsyncPath(dirname(file));
  } catch (e) {
    removeIncoming();
    throw e;
  }
  log?.warn({ backup: o.backup, keptAside }, 'database restored from a backup');
  return { keptAside };
}

/**
 * Makes the database one file (its WAL copied in and removed) before it is moved: journal_mode=DELETE
 * needs every other connection closed, so it also tells that no other Tableside has it open.
 */
function makeSelfContained(file: string, nativeBinding: string | undefined): void {
  let db: Database | null = null;
  try {
    db = new BetterSqlite3(file, nativeBinding === undefined ? { fileMustExist: true } : { fileMustExist: true, nativeBinding });
    db.pragma('busy_timeout = 0');
    const mode = db.pragma('journal_mode = DELETE', { simple: true }) as string;
    if (mode !== 'delete') throw new BackupError('DATABASE_IN_USE', file);
  } catch (e) {
    if (e instanceof BackupError) throw e;
    const code = (e as { code?: string }).code ?? '';
    // A file that is not a database at all is still moved aside (and kept): the backup replaces it.
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) throw new BackupError('DATABASE_IN_USE', file);
  } finally {
    db?.close();
  }
}

/** fsync of a file, or of a folder's entries (where folders cannot be opened, Windows, nothing). */
async function fsyncPath(path: string): Promise<void> {
  let h: FileHandle;
  try {
    // r+ for a file: Windows flushes only through a handle open for writing; nothing is written.
    h = await open(path, statSync(path).isDirectory() ? 'r' : 'r+');
  } catch {
    return;
  }
  try {
    await h.sync();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL') throw e;
  } finally {
    await h.close().catch(() => undefined);
  }
}
