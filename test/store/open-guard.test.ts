import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock, systemClock } from '../../main/base/clock.js';
import { StartupError } from '../../main/base/startup-error.js';
import { backupsDir, listBackups, verifyDatabaseFile } from '../../main/store/engine/backups.js';
import { openDatabase, closeDatabase } from '../../main/store/engine/database.js';
import { DATABASE_MARKER, markDatabaseCreated, prepareDatabaseFile } from '../../main/store/engine/open-guard.js';
import { migration013 } from '../../main/store/engine/migrations/013-event-log-rowid.js';
import { openTestStore } from './test-store.js';
import { tempDir, upgradeFixture } from './helpers.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

function dataDir(): { dir: string; file: string } {
  const tmp = tempDir();
  cleanups.push(tmp.cleanup);
  return { dir: tmp.dir, file: join(tmp.dir, 'tableside.sqlite') };
}

/** A store file with its schema, closed. */
function existingDatabase(file: string): void {
  const store = openTestStore({ file, clock: new ManualClock() });
  store.close();
  markDatabaseCreated(file);
}

/**
 * Another process (plain node, better-sqlite3) that holds the database's write lock with BEGIN
 * EXCLUSIVE until it reads a line on stdin; resolves once it says it holds the lock.
 */
async function lockHolder(file: string): Promise<{ child: ChildProcess; release: () => Promise<void> }> {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(process.argv[1]);
    db.exec('BEGIN EXCLUSIVE');
    process.stdout.write('locked\\n');
    process.stdin.once('data', () => { db.exec('COMMIT'); db.close(); process.exit(0); });`;
  const child = spawn(process.execPath, ['-e', script, file], { cwd: process.cwd(), stdio: ['pipe', 'pipe', 'inherit'] });
  cleanups.push(() => child.kill());
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  expect(line.toString()).toContain('locked');
  return {
    child,
    release: async () => {
      const exited = once(child, 'exit');
      child.stdin.write('release\n');
      await exited;
    },
  };
}

/** Counts event-loop turns while `work` runs: the largest gap between two ticks of a 10 ms interval. */
async function whileTicking<T>(work: (ticks: () => number) => Promise<T>): Promise<{ result: T | Error; ticks: number; maxGapMs: number }> {
  let ticks = 0;
  let last = performance.now();
  let maxGapMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    maxGapMs = Math.max(maxGapMs, now - last);
    last = now;
    ticks++;
  }, 10);
  try {
    const result = await work(() => ticks).catch((e: Error) => e);
    return { result, ticks, maxGapMs };
  } finally {
    clearInterval(timer);
  }
}

describe('before the store opens', () => {
  it('a fresh data folder starts with a new empty database', async () => {
    const { dir, file } = dataDir();
    await prepareDatabaseFile({ file });
    existingDatabase(file);
    expect(existsSync(join(dir, DATABASE_MARKER))).toBe(true);
    // And it starts again.
    await prepareDatabaseFile({ file });
  });

  it('an empty or missing database in a folder that had one is DATABASE_MISSING, naming the newest backup', async () => {
    const { dir, file } = dataDir();
    writeFileSync(join(dir, DATABASE_MARKER), '');
    writeFileSync(file, '');
    const err = await prepareDatabaseFile({ file }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StartupError);
    expect((err as StartupError).problem).toEqual({ code: 'DATABASE_MISSING', path: file });
    expect(statSync(file).size).toBe(0);

    // Backups alone are evidence too; the newest is named with the ways to restore it.
    const other = dataDir();
    mkdirSync(backupsDir(other.file));
    for (const name of ['tableside-2026-11-20T03-00-00-000Z.sqlite', 'tableside-2026-11-27T03-00-00-000Z.sqlite'])
      writeFileSync(join(backupsDir(other.file), name), 'x');
    const missing = (await prepareDatabaseFile({ file: other.file }).catch((e: unknown) => e)) as StartupError;
    expect(missing.problem).toEqual({ code: 'DATABASE_MISSING', path: other.file, backup: 'tableside-2026-11-27T03-00-00-000Z.sqlite' });
    expect(missing.message).toContain('tableside-2026-11-27T03-00-00-000Z.sqlite');
    expect(missing.message).toContain('--restore-backup latest');
    expect(missing.message).toContain('Settings → Backups');
    expect(existsSync(other.file)).toBe(false);
  });

  it('waits for another process holding the write lock without stopping the event loop, then opens', async () => {
    const { file } = dataDir();
    existingDatabase(file);
    const holder = await lockHolder(file);
    const run = await whileTicking(async (ticks) => {
      let opened = false;
      const prepared = prepareDatabaseFile({ file, clock: systemClock }).then(() => {
        opened = true;
      });
      // Released only after the event loop has ticked a while during the wait.
      const seen = ticks();
      while (ticks() < seen + 30) await new Promise((resolve) => setImmediate(resolve));
      expect(opened).toBe(false);
      await holder.release();
      await prepared;
    });
    expect(run.result).toBeUndefined();
    expect(run.ticks).toBeGreaterThanOrEqual(30);
    // SQLite's own busy wait held the loop for its whole 5 s timeout.
    expect(run.maxGapMs).toBeLessThan(1_000);
    const store = openTestStore({ file, clock: new ManualClock() });
    store.close();
  });

  it('a lock held past the bound is DATABASE_LOCKED, and the loop kept ticking meanwhile', async () => {
    const { file } = dataDir();
    existingDatabase(file);
    const holder = await lockHolder(file);
    const run = await whileTicking(() => prepareDatabaseFile({ file, clock: systemClock, lockWaitMs: 400 }));
    await holder.release();
    expect(run.result).toBeInstanceOf(StartupError);
    expect((run.result as StartupError).problem).toMatchObject({ code: 'DATABASE_LOCKED', path: file });
    expect((run.result as StartupError).message).toContain('DATABASE_LOCKED');
    expect(run.ticks).toBeGreaterThan(5);
    expect(run.maxGapMs).toBeLessThan(1_000);
  });

  it('backs up a database a migration is about to change, and the backup is the old schema', async () => {
    const fx = upgradeFixture(migration013);
    cleanups.push(fx.cleanup);
    closeDatabase(openDatabase(fx.file, undefined, fx.before));
    await prepareDatabaseFile({ file: fx.file });
    const [backup, ...more] = listBackups(backupsDir(fx.file));
    expect(more).toEqual([]);
    expect((await verifyDatabaseFile(backup!.path)).ok).toBe(true);
    const db = new BetterSqlite3(backup!.path, { readonly: true });
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(migration013.version - 1);
    } finally {
      db.close();
    }
    // A database already at this version is not backed up at the start.
    closeDatabase(openDatabase(fx.file));
    await prepareDatabaseFile({ file: fx.file });
    expect(listBackups(backupsDir(fx.file))).toHaveLength(1);
  });
});
