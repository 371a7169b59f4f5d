import type { Database } from 'better-sqlite3';
import { resolve } from 'node:path';
import type { Clock } from '../../base/clock.js';
import type { Logger } from '../../base/log.js';
import { atSyncLevel, groupIsRelaxed, isRelaxed, type StoreWrite } from './durability.js';
import { createEventOutbox, type EventOutbox } from './event-outbox.js';
import type { NewEvent, StoreEvent } from '../shared/records.js';
import { asWriteTx, type Repos, type WriteTx } from './tx.js';
import { createWalSync, type WalSync } from './wal-sync.js';
import { createWriteLock, type WriteLock } from './write-lock.js';

/** What the transaction wrapper offers the domains' stores. */
export interface Transactions<B extends Repos> {
  /** The repositories' reader halves (no writes: those need a WriteTx). */
  read: B['read'];
  events: B['events'];
  outbox: EventOutbox;
  /** One write in one transaction with its events. */
  write<T>(name: StoreWrite, fn: (tx: WriteTx<B['both']>) => T): T;
  /** Several writes, each a savepoint, in one commit. */
  group<T>(fn: () => T, writes?: readonly StoreWrite[]): T;
  /** As `group`, its fsync on the threadpool: `durable` resolves once it is done. */
  groupThenSync<T>(fn: () => T, writes: readonly StoreWrite[]): { result: T; durable: Promise<void> };
  closeWal(): void;
  /** Whether another program's lock refuses the writes (write-lock.ts). */
  writeLock: Pick<WriteLock, 'state' | 'probe' | 'onRefused'>;
}

/** Resolves once an fsync of the WAL covers every commit so far, and tells their held events then. */
function durableAfter(walSync: WalSync, outbox: EventOutbox): Promise<void> {
  const through = outbox.lastCommittedSeq();
  return walSync.sync().then(
    () => outbox.durableThrough(through),
    (e: unknown) => {
      outbox.syncFailed();
      throw e;
    },
  );
}

/**
 * The transaction wrapper: the only place a WriteTx is made. `write` runs one operation in one
 * `BEGIN IMMEDIATE` transaction that also appends its events, at the durability durability.ts
 * decides for it; `group` runs several writes as savepoints of one commit. Listeners hear of the
 * events after the commit (event-outbox.ts), never of a rolled-back change. `afterCommit` runs
 * after every commit (checkpointer.ts: whether the WAL needs a checkpoint); it must not throw.
 */
export function createTransactions<B extends Repos>(
  db: Database,
  repos: B,
  clock: Clock,
  log: Logger | undefined,
  afterCommit: () => void = () => undefined,
): Transactions<B> {
  const walSync = createWalSync(resolve(db.name));
  const lock = createWriteLock(db, clock, log);
  // A durable commit with one small change: it makes the relaxed commits before it durable too.
  const outbox = createEventOutbox({ sync: () => write('durabilitySync', (tx) => tx.events.nextCounter(tx, 'durabilitySyncs')), clock, log });
  // The tables reader remembers each table's last paid payment; every commit's events keep that true.
  outbox.onCommit((events) => repos.heard(events));
  /** Set while group() runs: writes become savepoints of its one transaction. */
  let group: { events: StoreEvent[]; relaxed: boolean } | null = null;

  // Built once: better-sqlite3 makes a new wrapper on every db.transaction() call.
  const runWrite = db.transaction((fn: (tx: WriteTx<B['both']>) => unknown, now: string, nowMs: number, written: StoreEvent[]): unknown => {
    const pending: NewEvent[] = [];
    // Object.assign, not a spread: one per write, every payment call (bills-repo.ts toBillWithItems says why).
    const tx = asWriteTx(Object.assign({}, repos.both, { now, nowMs, emit: (e: NewEvent) => pending.push(e) }));
    const result = fn(tx);
    for (const e of pending) written.push(repos.both.events.append(tx, e));
    return result;
  });
  const runGroup = db.transaction((fn: () => unknown): unknown => fn());

  function write<T>(name: StoreWrite, fn: (tx: WriteTx<B['both']>) => T): T {
    const nowMs = clock.now();
    const now = new Date(nowMs).toISOString();
    const written: StoreEvent[] = [];
    if (group) {
      // The group's level was set at its BEGIN from the writes it declared: a write it did not
      // declare as relaxed must not ride in a relaxed commit.
      if (group.relaxed && !isRelaxed(name)) throw new Error(`${name} ran inside a relaxed group commit; declare it in the group's writes`);
      // A savepoint of the group's transaction: a refusal rolls back this write alone, and its
      // events are told only after the group's one commit.
      const result = runWrite(fn, now, nowMs, written) as T;
      group.events.push(...written);
      return result;
    }
    const relaxed = isRelaxed(name);
    // .immediate: take the write lock at BEGIN, so a payment never fails half-way on SQLITE_BUSY;
    // a lock another program holds refuses it there, having changed nothing (write-lock.ts).
    const result = lock.run(() => atSyncLevel(db, relaxed, () => runWrite.immediate(fn, now, nowMs, written) as T));
    afterCommit();
    outbox.committed(written, !relaxed);
    return result;
  }

  /**
   * Runs `fn` (several writes) in one transaction with one commit; each write inside is a
   * savepoint. `writes` declares which writes `fn` makes: only when all are relaxed is the commit.
   */
  function runInGroup<T>(fn: () => T, writes?: readonly StoreWrite[]): T {
    if (group) return fn();
    const relaxed = groupIsRelaxed(writes);
    const current = { events: [] as StoreEvent[], relaxed };
    group = current;
    let result: T;
    try {
      result = lock.run(() => atSyncLevel(db, relaxed, () => runGroup.immediate(fn) as T));
    } finally {
      group = null;
    }
    afterCommit();
    outbox.committed(current.events, !relaxed);
    return result;
  }

  /**
   * The payment calls' group commit (commit-batcher.ts): `fn` commits at synchronous=NORMAL, so no
   * fsync stops the event loop (a guest's scan would wait behind it), and `durable` resolves once
   * an fsync of the WAL on the threadpool covers the commit (wal-sync.ts); only then may the calls
   * be answered, and only then are its events told. A group that durability.ts lets commit relaxed
   * needs no fsync: `durable` is resolved already. Throws, having changed nothing, when the commit fails.
   */
  function groupThenSync<T>(fn: () => T, writes: readonly StoreWrite[]): { result: T; durable: Promise<void> } {
    if (group) throw new Error('groupThenSync inside a group commit');
    const relaxed = groupIsRelaxed(writes);
    // relaxed: false for the check in write(): every write may ride in this commit, as it is synced.
    const current = { events: [] as StoreEvent[], relaxed: false };
    group = current;
    let result: T;
    try {
      result = lock.run(() => atSyncLevel(db, true, () => runGroup.immediate(fn) as T));
    } finally {
      group = null;
    }
    afterCommit();
    if (relaxed) {
      outbox.committed(current.events, false);
      return { result, durable: Promise.resolve() };
    }
    outbox.committed(current.events, 'syncing');
    return { result, durable: durableAfter(walSync, outbox) };
  }

  return {
    read: repos.read,
    events: repos.events,
    outbox,
    write,
    group: runInGroup,
    groupThenSync,
    closeWal: () => walSync.close(),
    writeLock: { state: lock.state, probe: lock.probe, onRefused: lock.onRefused },
  };
}
