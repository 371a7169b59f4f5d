import { closeSync, existsSync, openSync, readdirSync, readlinkSync, readSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock, systemClock } from '../../main/base/clock.js';
import { createLogger } from '../../main/base/log.js';
import { createCheckpointer, WORKER_IDLE_MS, type CheckpointEvent, type CheckpointLimits } from '../../main/store/engine/checkpointer.js';
import { closeDatabase, openDatabase, type BillsStore } from '../../main/store/index.js';
import { openTestStore } from './test-store.js';
import { openWalIndex } from '../../main/store/engine/wal-index.js';
import { tempDir } from './helpers.js';

const KIB = 1024;
/** Small limits, so a few hundred bills make the WAL pass them. */
const SMALL: CheckpointLimits = { checkpointAt: 64 * KIB, restartAt: 256 * KIB, hardCap: 1024 * KIB };
const ITEMS = Array.from({ length: 30 }, (_, i) => ({ id: `i${i}`, name: `Item number ${i} of the bill`, price: '12.50', quantity: '1' }));

function putBill(store: BillsStore, n: number, quantity: string): void {
  store.putBill({ id: `b${n}`, tableId: 't1', name: null, currency: 'CZK', items: ITEMS.map((i) => ({ ...i, quantity })) });
}

const walSize = (file: string) => (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0);
/** The WAL header's checkpoint sequence number: SQLite adds one each time the WAL starts over from its beginning. */
function walGeneration(file: string): number {
  const fd = openSync(`${file}-wal`, 'r');
  try {
    const header = Buffer.alloc(16);
    readSync(fd, header, 0, 16, 0);
    return header.readUInt32BE(12);
  } finally {
    closeSync(fd);
  }
}
const turn = () => new Promise<void>((r) => setImmediate(r));

/** The file descriptors of this process (the worker's included: threads share them) open on the database's files. */
function handlesTo(file: string): string[] {
  if (!existsSync('/proc/self/fd')) return [];
  const out: string[] = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      if (target.startsWith(file)) out.push(target);
    } catch {
      // closed between the listing and the read
    }
  }
  return out;
}

describe('the WAL is checkpointed on a worker thread, never inside a commit', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());
  const setup = () => {
    const tmp = tempDir();
    cleanup = tmp.cleanup;
    return { dir: tmp.dir, file: join(tmp.dir, 'bills.sqlite') };
  };

  it("the app's connection does not checkpoint on its own, and shrinks the WAL's file only once it passed the hard cap", () => {
    const { file } = setup();
    const db = openDatabase(file);
    const checkpointer = createCheckpointer({ db, clock: systemClock, limits: SMALL });
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    expect(db.pragma('journal_size_limit', { simple: true })).toBe(SMALL.hardCap);
    checkpointer.close();
    closeDatabase(db);
  });

  it("the wal-index read (frames since the WAL started over, frames copied) is SQLite's own count", () => {
    const { file } = setup();
    const db = openDatabase(file);
    db.pragma('wal_autocheckpoint = 0');
    db.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, text TEXT)');
    for (let n = 0; n < 50; n++) db.prepare('INSERT INTO filler (text) VALUES (?)').run('z'.repeat(3000));
    const index = openWalIndex(file);
    const before = index.read()!;
    const row = (db.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[])[0]!;
    expect(before.frames).toBe(row.log);
    expect(before.backfilled).toBe(0);
    expect(index.read()).toEqual({ frames: row.log, backfilled: row.checkpointed });
    expect(row.checkpointed).toBe(row.log);
    index.close();
    closeDatabase(db);
  });

  it('past checkpointAt the worker copies the WAL (PASSIVE), the next commit starts it over, and every bill is there after reopening', async () => {
    const { file } = setup();
    const events: CheckpointEvent[] = [];
    let restarted = false;
    const store = openTestStore({ file, clock: systemClock, checkpoints: SMALL, onCheckpoint: (e) => events.push(e) });
    /** The commit (by its number) in which the first request was made, and the first whose WAL was past the limit. */
    let askedIn = -1;
    let firstPast = -1;
    let commits = 0;
    const commit = (write: () => void) => {
      const before = events.length;
      write();
      if (askedIn < 0 && events.slice(before).some((e) => e.type === 'asked')) askedIn = commits;
      if (firstPast < 0 && walSize(file) > SMALL.checkpointAt) firstPast = commits;
      commits++;
    };
    commit(() => store.upsertTable({ id: 't1', name: 'T1' }));
    const generation = walGeneration(file);
    let n = 0;
    // Until a checkpoint was done and a commit after it started the WAL over (bounded).
    while (!restarted && n < 2_000) {
      commit(() => putBill(store, n++, '2'));
      const done = events.some((e) => e.type === 'done' && e.mode === 'PASSIVE' && e.checkpointed > 0 && e.checkpointed === e.log);
      if (done && walGeneration(file) > generation) restarted = true;
      await turn();
    }
    expect(restarted).toBe(true);
    // Not too early (the WAL had passed the limit), not too late (the first commit that passed it asked).
    const asked = events.find((e) => e.type === 'asked');
    expect(asked).toMatchObject({ type: 'asked', mode: 'PASSIVE' });
    expect((asked as { walBytes: number }).walBytes).toBeGreaterThan(SMALL.checkpointAt);
    expect(askedIn).toBe(firstPast);
    store.close();
    const check = new Database(file, { readonly: true });
    expect((check.prepare('SELECT COUNT(*) AS n FROM bills').get() as { n: number }).n).toBe(n);
    expect((check.prepare("SELECT COUNT(*) AS n FROM bill_items WHERE quantity = '2'").get() as { n: number }).n).toBe(n * ITEMS.length);
    check.close();
  });

  it("commits that never pause: the WAL still starts over (the worker's PASSIVEs, then the last few frames on the app's connection) and stays below the hard cap", async () => {
    const { file } = setup();
    const events: CheckpointEvent[] = [];
    // A hard cap far away: the WAL is brought back by the restart path, not by the cap.
    const limits = { ...SMALL, hardCap: 16 * 1024 * KIB };
    const store = openTestStore({ file, clock: systemClock, checkpoints: limits, onCheckpoint: (e) => events.push(e) });
    store.upsertTable({ id: 't1', name: 'T1' });
    let largest = 0;
    let n = 0;
    const generation = walGeneration(file);
    const caughtUp = () => events.some((e) => e.type === 'own' && e.reason === 'restart' && e.busy === 0 && e.checkpointed === e.log);
    while (!caughtUp() && n < 5_000) {
      // Two commits per turn of the event loop: the worker's answers are read between them, never a quiet moment.
      putBill(store, n++ % 50, String(1 + (n % 7)));
      putBill(store, n++ % 50, String(1 + (n % 7)));
      largest = Math.max(largest, walSize(file));
      await turn();
    }
    expect(caughtUp()).toBe(true);
    // The worker's passes came first: the app's connection only finished what they had left.
    const firstOwn = events.findIndex((e) => e.type === 'own');
    expect(events.slice(0, firstOwn).some((e) => e.type === 'done' && e.mode === 'PASSIVE' && e.checkpointed > 0)).toBe(true);
    // Brought back by the restart path (above restartAt only while the worker's passes caught up), never by the cap.
    expect(events.some((e) => e.type === 'own' && e.reason === 'hard-cap')).toBe(false);
    expect(largest).toBeLessThan(limits.hardCap);
    // The WAL started over: its header's generation moved on.
    putBill(store, 0, '3');
    expect(walGeneration(file)).toBeGreaterThan(generation);
    store.close();
  });

  it("past the hard cap (the worker's answers not read: one long burst) the app's connection checkpoints itself", () => {
    const { file } = setup();
    const events: CheckpointEvent[] = [];
    const store = openTestStore({ file, clock: systemClock, checkpoints: SMALL, onCheckpoint: (e) => events.push(e) });
    store.upsertTable({ id: 't1', name: 'T1' });
    let largest = 0;
    for (let n = 0; n < 150; n++) {
      putBill(store, n % 50, String(1 + (n % 5)));
      largest = Math.max(largest, walSize(file));
    }
    const capped = events.filter((e) => e.type === 'own' && e.reason === 'hard-cap');
    expect(capped.length).toBeGreaterThan(0);
    expect(capped.some((e) => e.type === 'own' && e.busy === 0 && e.checkpointed === e.log)).toBe(true);
    // Bounded near the cap (a try may find the worker's checkpoint running; the next comes checkpointAt later). Unbounded, these bills make ~13 MiB.
    expect(largest).toBeLessThan(2 * SMALL.hardCap);
    store.close();
  });

  it("close() closes the worker's connection before it returns: no handle on the files is left, the folder can be moved", async () => {
    const { dir, file } = setup();
    let done = false;
    const store = openTestStore({ file, clock: systemClock, checkpoints: SMALL, onCheckpoint: (e) => (done ||= e.type === 'done') });
    store.upsertTable({ id: 't1', name: 'T1' });
    for (let n = 0; !done && n < 2_000; n++) {
      putBill(store, n % 50, String(1 + (n % 5)));
      await turn();
    }
    expect(done).toBe(true);
    store.close();
    expect(handlesTo(file)).toEqual([]);
    // Windows refuses to move a folder with a file open in it; everywhere, the store reopens from the moved one.
    const moved = `${dir}-moved`;
    renameSync(dir, moved);
    renameSync(moved, dir);
    const again = openTestStore({ file });
    expect(again.getBill('b0')?.items).toHaveLength(ITEMS.length);
    again.close();
  });

  it('a worker with nothing to do for WORKER_IDLE_MS is closed (not a ms before), and the next checkpoint starts one again', async () => {
    const { file } = setup();
    const clock = new ManualClock();
    const events: CheckpointEvent[] = [];
    let heard = () => {};
    const store = openTestStore({ file, clock, checkpoints: SMALL, onCheckpoint: (e) => (events.push(e), heard()) });
    /** Resolves once `done` holds, checked at each checkpoint event (no polling). */
    const until = (done: () => boolean) =>
      new Promise<void>((resolve) => {
        heard = () => {
          if (done()) resolve();
        };
        heard();
      });
    store.upsertTable({ id: 't1', name: 'T1' });
    const appHandles = handlesTo(file).length;
    const walHandles = () => handlesTo(file).filter((h) => h.endsWith('-wal')).length;
    const appWalHandles = walHandles();
    const doneCount = () => events.filter((e) => e.type === 'done').length;
    const askedCount = () => events.filter((e) => e.type === 'asked').length;
    for (let n = 0; doneCount() === 0 && n < 2_000; n++) {
      putBill(store, n % 50, String(1 + (n % 5)));
      await turn();
    }
    // Every request answered (a pass past restartAt may be followed by another at once).
    await until(() => askedCount() === doneCount());
    expect(doneCount()).toBeGreaterThanOrEqual(1);
    expect(askedCount()).toBe(doneCount());
    const done = doneCount();
    // The worker's own connection holds the database and the WAL open besides the app's.
    expect(walHandles()).toBeGreaterThan(appWalHandles);
    clock.advance(WORKER_IDLE_MS - 1);
    expect(walHandles()).toBeGreaterThan(appWalHandles);
    clock.advance(1);
    // Its WAL handle is closed. SQLite's unix VFS keeps the database file's descriptor of a closed
    // connection while another one in the process holds locks on that file (closing it would drop
    // them: POSIX locks are per process) and reuses it for the next open: at most that one.
    expect(walHandles()).toBe(appWalHandles);
    expect(handlesTo(file).length).toBeLessThanOrEqual(appHandles + 1);
    // Growth past the limit again: a new worker checkpoints.
    for (let n = 0; doneCount() === done && n < 2_000; n++) {
      putBill(store, n % 50, String(1 + (n % 5)));
      await turn();
    }
    expect(doneCount()).toBeGreaterThan(done);
    store.close();
    expect(handlesTo(file)).toEqual([]);
  });

  it('a worker that cannot start: logged, and the store checkpoints on its own connection as SQLite does (the WAL stays bounded)', async () => {
    const { file } = setup();
    const { db, checkpointer, insert, said } = await workerThatCannotOpen(file, { driver: join(file, 'no-such-driver.js') });
    expect(said()).toContain('"reason":"open"');
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    // SQLite's own checkpoint now keeps the WAL near its 1,000 pages (these rows alone are ~2,400).
    for (let n = 0; n < 1_200; n++) insert.run('y'.repeat(4000));
    expect(walSize(file)).toBeLessThan(5 * 1024 * KIB);
    checkpointer.close();
    closeDatabase(db);
  });
  it("the Electron build of the addon (nativeBinding) reaches the worker's connection: a wrong one makes the worker fail to open", async () => {
    const { file } = setup();
    const { db, checkpointer, said } = await workerThatCannotOpen(file, { nativeBinding: join(file, 'no-such-addon.node') });
    expect(said()).toContain('"reason":"open"');
    checkpointer.close();
    closeDatabase(db);
  });
});

/**
 * A checkpointer whose worker is given `option` (a driver or an addon that does not load), fed
 * commits past the small limits until it logs that the worker is unavailable. Commits at NORMAL:
 * no fsync per commit keeps the test short; checkpoints sync all the same.
 */
async function workerThatCannotOpen(file: string, option: { driver: string } | { nativeBinding: string }) {
  let said = '';
  let warned: () => void = () => undefined;
  const warning = new Promise<void>((r) => (warned = r));
  const sink = new Writable({
    write(chunk: Buffer, _enc, next) {
      said += chunk.toString();
      if (said.includes('checkpoint worker unavailable')) warned();
      next();
    },
  });
  const db = openDatabase(file);
  const checkpointer = createCheckpointer({ db, clock: systemClock, limits: SMALL, log: createLogger({ destination: sink }), ...option });
  db.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, text TEXT)');
  db.pragma('synchronous = NORMAL');
  const insert = db.prepare('INSERT INTO filler (text) VALUES (?)');
  for (let n = 0; n < 40; n++) {
    insert.run('x'.repeat(4000));
    checkpointer.afterCommit();
  }
  await warning;
  return { db, checkpointer, insert, said: () => said };
}
