import type { Database } from 'better-sqlite3';
import type { EventKind, NewEvent, StoreEvent } from '../shared/records.js';
import type { WriteToken } from '../engine/tx.js';

interface EventRow {
  seq: number;
  at: string;
  kind: EventKind;
  tableId: string | null;
  billId: string | null;
  paymentId: string | null;
  data: string;
}

// Literals, not spreads, on the event path (bills-repo.ts toBillWithItems says why).
const toEvent = (row: EventRow): StoreEvent => ({
  seq: row.seq,
  at: row.at,
  kind: row.kind,
  tableId: row.tableId,
  billId: row.billId,
  paymentId: row.paymentId,
  data: JSON.parse(row.data) as Record<string, unknown>,
});

/** A bill's last close; its kind is the literal of the partial index's WHERE (migration 012), so SQLite uses it. */
export const LAST_CLOSE_OF_BILL_SQL =
  "SELECT seq, at, kind, tableId, billId, paymentId, data FROM events WHERE billId = ? AND kind = 'bill.closed' ORDER BY seq DESC LIMIT 1";

/** The append-only event log and processed webhook deliveries, read half. */
export function createEventsReader(db: Database): EventsReader {
  const after = db.prepare<[number, number], EventRow>('SELECT seq, at, kind, tableId, billId, paymentId, data FROM events WHERE seq > ? ORDER BY seq LIMIT ?');
  const getDelivery = db.prepare<[string], { outcome: string; at: string }>('SELECT outcome, at FROM deliveries WHERE id = ?');
  // Was a bill's last close automatic (autoCloseBills)? Asked only when a payment is refunded.
  const lastCloseOfBill = db.prepare<[string], EventRow>(LAST_CLOSE_OF_BILL_SQL);
  return {
    lastCloseOfBill(billId: string): StoreEvent | null {
      const row = lastCloseOfBill.get(billId);
      return row ? toEvent(row) : null;
    },
    after(seq: number, limit: number): StoreEvent[] {
      return after.all(seq, limit).map(toEvent);
    },
    getDelivery(id: string): { outcome: unknown; at: string } | null {
      const row = getDelivery.get(id);
      return row ? { outcome: JSON.parse(row.outcome) as unknown, at: row.at } : null;
    },
  };
}

/** The event log, deliveries and named counters, write half: each function takes its transaction. */
export function createEventsWriter(db: Database): EventsWriter {
  const append = db.prepare('INSERT INTO events (at, kind, tableId, billId, paymentId, data) VALUES (?, ?, ?, ?, ?, ?)');
  const putDelivery = db.prepare('INSERT OR IGNORE INTO deliveries (id, outcome, at) VALUES (?, ?, ?)');
  const pruneDeliveries = db.prepare('DELETE FROM deliveries WHERE at < ?');
  const bump = db.prepare<[string], { value: number }>(
    'INSERT INTO counters (name, value) VALUES (?, 1) ON CONFLICT (name) DO UPDATE SET value = value + 1 RETURNING value',
  );
  return {
    /** Appends at the transaction's commit time. */
    append(tx: WriteToken, event: NewEvent): StoreEvent {
      const info = append.run(tx.now, event.kind, event.tableId, event.billId, event.paymentId, JSON.stringify(event.data));
      return {
        seq: Number(info.lastInsertRowid),
        at: tx.now,
        kind: event.kind,
        tableId: event.tableId,
        billId: event.billId,
        paymentId: event.paymentId,
        data: event.data,
      };
    },
    /** Returns false when the delivery id was already recorded (the first outcome stays). */
    putDelivery(tx: WriteToken, id: string, outcome: unknown): boolean {
      return putDelivery.run(id, JSON.stringify(outcome ?? null), tx.now).changes > 0;
    },
    /** Removes the deliveries recorded before `beforeIso`; returns how many. */
    pruneDeliveries(_tx: WriteToken, beforeIso: string): number {
      return pruneDeliveries.run(beforeIso).changes;
    },
    nextCounter(_tx: WriteToken, name: string): number {
      return bump.get(name)?.value ?? 1;
    },
  };
}

export interface EventsReader {
  lastCloseOfBill(billId: string): StoreEvent | null;
  after(seq: number, limit: number): StoreEvent[];
  getDelivery(id: string): { outcome: unknown; at: string } | null;
}
export interface EventsWriter {
  /** Appends at the transaction's commit time. */
  append(tx: WriteToken, event: NewEvent): StoreEvent;
  /** Returns false when the delivery id was already recorded (the first outcome stays). */
  putDelivery(tx: WriteToken, id: string, outcome: unknown): boolean;
  /** Removes the deliveries recorded before `beforeIso`; returns how many. */
  pruneDeliveries(_tx: WriteToken, beforeIso: string): number;
  nextCounter(_tx: WriteToken, name: string): number;
}
