import type { Database } from 'better-sqlite3';
import type { WriteToken } from '../engine/tx.js';

/** The main POS's committed cursor (migration 015): the last event it says it has stored. */
export interface PosCursorRow {
  /** The sequence number of the last event the POS acknowledged. */
  seq: number;
  /** When the cursor last moved forward (ISO UTC). */
  at: string;
  /** When the POS first committed a cursor: payments paid before it are never "unsynced". */
  firstAt: string;
}

/** A paid payment the POS has not acknowledged yet: its payment.paid event. */
export interface UnackedPayment {
  seq: number;
  at: string;
  paymentId: string;
}

/** The cursor, read half; also the log's last sequence number and the paid events past a cursor. */
export function createPosCursorReader(db: Database): PosCursorReader {
  const get = db.prepare<[], PosCursorRow>('SELECT seq, at, firstAt FROM pos_cursor WHERE id = 1');
  // Walks the rowid from the top: the largest seq below `before` (the first event not durable yet).
  const lastSeq = db.prepare<[number], { seq: number | null }>('SELECT MAX(seq) AS seq FROM events WHERE seq < ?');
  // Walks the log's rowids from the cursor on; the POS keeps that stretch short by acknowledging.
  const paidAfter = db.prepare<[number, string, number], UnackedPayment>(
    "SELECT seq, at, paymentId FROM events WHERE seq > ? AND kind = 'payment.paid' AND at >= ? AND paymentId IS NOT NULL ORDER BY seq LIMIT ?",
  );
  return {
    get: () => get.get() ?? null,
    lastSeq: (before) => lastSeq.get(before ?? Number.MAX_SAFE_INTEGER)?.seq ?? 0,
    paidAfter: (seq, sinceIso, limit) => paidAfter.all(seq, sinceIso, limit),
  };
}

/** The cursor, write half. */
export function createPosCursorWriter(db: Database): PosCursorWriter {
  const put = db.prepare<[number, string, string]>(
    'INSERT INTO pos_cursor (id, seq, at, firstAt) VALUES (1, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, at = excluded.at',
  );
  return {
    put(tx: WriteToken, seq: number): void {
      put.run(seq, tx.now, tx.now);
    },
  };
}

export interface PosCursorReader {
  /** The committed cursor, or null when no POS ever acknowledged. */
  get(): PosCursorRow | null;
  /** The largest event seq below `before` (null: the log's last), 0 for an empty log. */
  lastSeq(before: number | null): number;
  /** Paid payments' payment.paid events after `seq` and at or after `sinceIso`, oldest first, at most `limit`. */
  paidAfter(seq: number, sinceIso: string, limit: number): UnackedPayment[];
}
export interface PosCursorWriter {
  /** Sets the cursor at the transaction's time (the first time also sets firstAt). */
  put(tx: WriteToken, seq: number): void;
}
