import type { Database } from 'better-sqlite3';
import type { EventKind, NewEvent, StoreEvent } from './records.js';

interface EventRow {
  seq: number;
  at: string;
  kind: EventKind;
  tableId: string | null;
  billId: string | null;
  paymentId: string | null;
  data: string;
}

const toEvent = (row: EventRow): StoreEvent => ({ ...row, data: JSON.parse(row.data) as Record<string, unknown> });

/** The append-only event log, processed webhook deliveries, and named counters. */
export function createEventsRepo(db: Database) {
  const append = db.prepare('INSERT INTO events (at, kind, tableId, billId, paymentId, data) VALUES (?, ?, ?, ?, ?, ?)');
  const after = db.prepare<[number, number], EventRow>(
    'SELECT seq, at, kind, tableId, billId, paymentId, data FROM events WHERE seq > ? ORDER BY seq LIMIT ?',
  );
  const last = db.prepare<[], { seq: number | null }>('SELECT MAX(seq) AS seq FROM events');
  const getDelivery = db.prepare<[string], { outcome: string; at: string }>('SELECT outcome, at FROM deliveries WHERE id = ?');
  const putDelivery = db.prepare('INSERT OR IGNORE INTO deliveries (id, outcome, at) VALUES (?, ?, ?)');
  const pruneDeliveries = db.prepare('DELETE FROM deliveries WHERE at < ?');
  const bump = db.prepare<[string], { value: number }>(
    'INSERT INTO counters (name, value) VALUES (?, 1) ON CONFLICT (name) DO UPDATE SET value = value + 1 RETURNING value',
  );

  return {
    append(event: NewEvent, at: string): StoreEvent {
      const info = append.run(at, event.kind, event.tableId, event.billId, event.paymentId, JSON.stringify(event.data));
      return { ...event, seq: Number(info.lastInsertRowid), at };
    },
    after(seq: number, limit: number): StoreEvent[] {
      return after.all(seq, limit).map(toEvent);
    },
    lastSeq(): number {
      return last.get()?.seq ?? 0;
    },
    getDelivery(id: string): { outcome: unknown; at: string } | null {
      const row = getDelivery.get(id);
      return row ? { outcome: JSON.parse(row.outcome) as unknown, at: row.at } : null;
    },
    /** Returns false when the delivery id was already recorded (the first outcome stays). */
    putDelivery(id: string, outcome: unknown, at: string): boolean {
      return putDelivery.run(id, JSON.stringify(outcome ?? null), at).changes > 0;
    },
    /** Removes the deliveries recorded before `beforeIso`; returns how many. */
    pruneDeliveries(beforeIso: string): number {
      return pruneDeliveries.run(beforeIso).changes;
    },
    nextCounter(name: string): number {
      return bump.get(name)?.value ?? 1;
    },
  };
}

export type EventsRepo = ReturnType<typeof createEventsRepo>;
