import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../main/base/clock.js';
import {
  BACKUP_EVERY_MS,
  BACKUPS_KEPT,
  FIRST_BACKUP_DELAY_MS,
  BackupError,
  backupsDir,
  listBackups,
  makeBackup,
  restoreBackup,
  verifyDatabaseFile,
} from '../../main/store/engine/backups.js';
import { openTestStore, type TestStore } from './test-store.js';
import { seedBill, tempDir, wirePayment } from './helpers.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

/** A store on a real file in a fresh data dir, with `payments` paid on their own bills. */
function storeWithPayments(payments: number): { store: TestStore; file: string; dir: string; clock: ManualClock; ids: string[] } {
  const tmp = tempDir();
  const file = join(tmp.dir, 'tableside.sqlite');
  const clock = new ManualClock();
  const store = openTestStore({ file, clock });
  cleanups.push(() => {
    store.close();
    tmp.cleanup();
  });
  const ids: string[] = [];
  for (let i = 0; i < payments; i++) {
    seedBill(store, `b${i}`, `t${i}`);
    store.startPayment(wirePayment(`p${i}`, [{ id: 'beer', price: '62.50', quantity: '1' }], { idBill: `b${i}` }));
    store.processPayment(`p${i}`);
    ids.push(`p${i}`);
  }
  return { store, file, dir: tmp.dir, clock, ids };
}

describe('verified backups', () => {
  it('makes a backup that SQLite finds whole, and a restore of it finds every payment', async () => {
    const { store, file, dir, ids } = storeWithPayments(25);
    const backup = await store.backup('test');
    expect(backup.path).toBe(join(dir, 'backups', backup.name));
    expect(backup.name).toMatch(/^tableside-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.sqlite$/);
    expect(await verifyDatabaseFile(backup.path)).toEqual({ ok: true, problems: ['ok'] });
    expect(readdirSync(join(dir, 'backups')).filter((n) => n.endsWith('.partial'))).toEqual([]);

    // Money moves after the backup; the restore goes back to the backup's state and keeps today's file aside.
    seedBill(store, 'late', 'tl');
    store.startPayment(wirePayment('late-pay', [{ id: 'beer', price: '62.50', quantity: '1' }], { idBill: 'late' }));
    store.close();
    const { keptAside } = await restoreBackup({ file, backup: backup.path });
    expect(keptAside).not.toBeNull();
    expect(keptAside!.startsWith(join(dir, 'backups', 'replaced-'))).toBe(true);
    expect(existsSync(`${file}-wal`)).toBe(false);

    const restored = openTestStore({ file, clock: new ManualClock() });
    try {
      for (const id of ids) expect(restored.getPayment(id)?.state).toBe('PROCESSED');
      expect(restored.getPayment('late-pay')).toBeNull();
    } finally {
      restored.close();
    }
    // The replaced database is whole and still has the later payment.
    const aside = new BetterSqlite3(keptAside!, { readonly: true });
    try {
      expect((aside.prepare('SELECT count(*) AS n FROM payments').get() as { n: number }).n).toBe(ids.length + 1);
    } finally {
      aside.close();
    }
  });

  it('keeps the newest `keep` backups (BACKUPS_KEPT unless set) and never a replaced database', async () => {
    expect(BACKUPS_KEPT).toBe(7);
    const tmp = tempDir();
    cleanups.push(tmp.cleanup);
    const file = join(tmp.dir, 'tableside.sqlite');
    const clock = new ManualClock();
    const store = openTestStore({ file, clock, backups: { keep: 2 } });
    cleanups.push(() => store.close());
    const backups = backupsDir(file);
    const first = await store.backup('test');
    writeFileSync(join(backups, 'replaced-2026-01-01T00-00-00-000Z.sqlite'), '');
    const made: string[] = [first.name];
    for (let i = 0; i < 3; i++) {
      clock.advance(60_000);
      made.push((await store.backup('test')).name);
    }
    expect(listBackups(backups).map((b) => b.name)).toEqual(made.slice(-2).reverse());
    expect(existsSync(join(backups, 'replaced-2026-01-01T00-00-00-000Z.sqlite'))).toBe(true);
  });

  it('refuses a damaged backup and changes nothing', async () => {
    const { store, file, ids } = storeWithPayments(3);
    const backup = await store.backup('test');
    store.close();
    // Pages past the header overwritten: the file still opens, its b-trees are garbage.
    const bytes = readFileSync(backup.path);
    bytes.fill(0x5a, 4096, bytes.length);
    writeFileSync(backup.path, bytes);
    expect((await verifyDatabaseFile(backup.path)).ok).toBe(false);
    const before = statSync(file).size;
    await expect(restoreBackup({ file, backup: backup.path })).rejects.toMatchObject({ code: 'BACKUP_DAMAGED' });
    expect(statSync(file).size).toBe(before);
    expect(existsSync(`${file}.restoring`)).toBe(false);
    const same = openTestStore({ file, clock: new ManualClock() });
    try {
      for (const id of ids) expect(same.getPayment(id)?.state).toBe('PROCESSED');
    } finally {
      same.close();
    }
  });

  it('refuses to restore over a database another connection has open', async () => {
    const { store, file } = storeWithPayments(1);
    const backup = await store.backup('test');
    const err = await restoreBackup({ file, backup: backup.path }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BackupError);
    expect((err as BackupError).code).toBe('DATABASE_IN_USE');
    expect(readdirSync(backupsDir(file)).filter((n) => n.startsWith('replaced-'))).toEqual([]);
  });

  it('makes the daily backup on the clock: after the start delay, then a day later', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.cleanup);
    const file = join(tmp.dir, 'tableside.sqlite');
    const clock = new ManualClock();
    const store = openTestStore({ file, clock, backups: { daily: true } });
    cleanups.push(() => store.close());
    const dir = backupsDir(file);
    const count = () => listBackups(dir).length;
    await clock.advanceAsync(FIRST_BACKUP_DELAY_MS - 1);
    expect(count()).toBe(0);
    clock.advance(1);
    await until(() => count() === 1);
    await clock.advanceAsync(BACKUP_EVERY_MS - 1);
    expect(count()).toBe(1);
    clock.advance(1);
    await until(() => count() === 2);
  });

  it('a newest backup dated weeks ahead (the clock set back) still gets the next one within a day', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.cleanup);
    const file = join(tmp.dir, 'tableside.sqlite');
    const clock = new ManualClock(Date.UTC(2026, 9, 1));
    const ahead = new BetterSqlite3(file);
    ahead.exec('CREATE TABLE t (x)');
    await makeBackup({ db: ahead, clock: new ManualClock(Date.UTC(2026, 10, 1)), reason: 'a test' });
    ahead.close();
    const store = openTestStore({ file, clock, backups: { daily: true } });
    cleanups.push(() => store.close());
    const count = () => listBackups(backupsDir(file)).length;
    expect(count()).toBe(1);
    await clock.advanceAsync(BACKUP_EVERY_MS);
    await until(() => count() === 2);
  });

  it('makes the pre-migration backup through makeBackup on a connection of its own (no store open)', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.cleanup);
    const file = join(tmp.dir, 'tableside.sqlite');
    const db = new BetterSqlite3(file);
    db.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)');
    try {
      const b = await makeBackup({ db, reason: 'before-migration' });
      expect((await verifyDatabaseFile(b.path)).ok).toBe(true);
    } finally {
      db.close();
    }
  });
});

/** Waits for the backup in flight (its check runs on a worker thread). */
async function until(done: () => boolean): Promise<void> {
  await vi.waitFor(() => expect(done()).toBe(true), { timeout: 30_000, interval: 20 });
}
