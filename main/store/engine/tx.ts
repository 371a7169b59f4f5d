import type { NewEvent, StoreEvent } from '../shared/records.js';

/** Only `asWriteTx` mints it, and only the transaction wrapper (transactions.ts) calls that. */
declare const WRITE_TX: unique symbol;

/**
 * What every writer function takes as its first argument: the brand of a transaction's handle and
 * its commit time. A write outside a transaction (with a ReadTx, the database, or a hand-made
 * object) does not compile (Signal-Desktop's WritableDB).
 */
export interface WriteToken {
  readonly [WRITE_TX]: true;
  /** Commit time of this transaction, ISO 8601 UTC, and as ms epoch. */
  now: string;
  nowMs: number;
}

/** The event log's writer half, as the engine uses it: it appends each write's events. */
export interface EventAppender {
  append(tx: WriteToken, event: NewEvent): StoreEvent;
  nextCounter(tx: WriteToken, name: string): number;
}

/** The members of a transaction's handle beside its repositories. */
export interface TxMembers {
  now: string;
  nowMs: number;
  /** Appends an event in this transaction; listeners hear of it after the commit. */
  emit(event: NewEvent): void;
}

/**
 * What a write sees inside its one transaction: the repositories `W` (each reader half with its
 * writer half), the brand and the commit time. repos/tx.ts names the store's own.
 */
export type WriteTx<W> = W & WriteToken & TxMembers;

/** The repositories prepared on one connection (main/store/repos/repos.ts makes the store's). */
export interface Repos<R = object, E = object, W extends { events: EventAppender } = { events: EventAppender }> {
  read: R;
  events: E;
  both: W;
  /** Hears every commit's events right after it (a repository's memory of what is committed). */
  heard(events: readonly StoreEvent[]): void;
}

/** Brands a transaction's handle. Call it only where the transaction has begun (transactions.ts). */
export function asWriteTx<W>(handle: W & TxMembers): WriteTx<W> {
  return handle as WriteTx<W>;
}
