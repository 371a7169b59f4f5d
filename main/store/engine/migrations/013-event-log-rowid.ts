import type { Migration } from './migration.js';

/**
 * The event log numbers its events with plain rowids instead of AUTOINCREMENT. AUTOINCREMENT
 * kept a high-water mark in sqlite_sequence and updated it with every insert: a payment's three
 * events wrote that row three times, and every commit sent its page to the WAL (0.38 of the 6.6
 * WAL frames a payment cost in a rush: `npm run bench -- store-writes`).
 *
 * The mark only differs from the table's largest seq after the newest events are deleted, and the
 * app never deletes an event: a new one still gets the largest seq + 1, so `seq` stays the order
 * the log's readers follow (eventsAfter, the outbox). The table is rebuilt with every row and seq
 * as they were, and migration 012's partial indexes made again (its cost once: docs/decisions/012).
 */
export const migration013: Migration = {
  version: 13,
  name: 'event-log-rowid',
  up(db) {
    db.exec(`
      CREATE TABLE events_rebuilt (
        seq INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        kind TEXT NOT NULL,
        tableId TEXT,
        billId TEXT,
        paymentId TEXT,
        data TEXT NOT NULL DEFAULT '{}'
      );
      INSERT INTO events_rebuilt (seq, at, kind, tableId, billId, paymentId, data)
        SELECT seq, at, kind, tableId, billId, paymentId, data FROM events ORDER BY seq;
      DROP TABLE events;
      ALTER TABLE events_rebuilt RENAME TO events;
      CREATE INDEX events_service_errors ON events (seq) WHERE kind = 'service.error';
      CREATE INDEX events_bill_closes ON events (billId, seq) WHERE kind = 'bill.closed';
    `);
  },
};
