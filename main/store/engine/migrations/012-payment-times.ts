import type { Migration } from './migration.js';

/**
 * When a payment was paid, and when it was refunded, are facts of the payment: they now sit on its
 * row, written by the UPDATE that closes or refunds it, instead of being found in the event log.
 *
 * Every payment used to write three entries into the event log's index on (kind, at) (migration
 * 004), one per event, each at the end of its kind's range (three pages per commit), and its paid
 * event one more into migration 011's index by payment id (a random page). The history and the day
 * report were the only readers of both. A payment now writes no event index at all; its paid time
 * joins the UPDATE its row gets anyway and one append to a partial index by time, so a rush
 * commits fewer pages (decision 012).
 *
 * The two kinds still asked of the event log by kind get partial indexes of their own: the
 * service's errors (needs attention, newest first) and a bill's closes (was its last close
 * automatic? asked when a payment is refunded). Each query names its kind as the same literal.
 *
 * The payments' index by state (migration 001) held every payment, and each of a payment's three
 * state changes moved its entry. Its readers all ask for the payments still in progress (STARTED,
 * PROCESSED), which are few: a partial index holds only those, in the order they are listed
 * (created, id), and a payment leaves it when it ends. A query must name the index's condition,
 * `state IN ('STARTED', 'PROCESSED')`, as one of its AND terms for SQLite to use it.
 *
 * Existing payments take their times from the events, through 011's indexes, before those go.
 */
export const migration012: Migration = {
  version: 12,
  name: 'payment-times',
  up(db) {
    db.exec(`
      ALTER TABLE payments ADD COLUMN paidAt TEXT;
      ALTER TABLE payments ADD COLUMN refundedAt TEXT;
      UPDATE payments SET
        paidAt = (SELECT e.at FROM events e WHERE e.paymentId = payments.id AND e.kind = 'payment.paid' ORDER BY e.seq LIMIT 1),
        refundedAt = (SELECT e.at FROM events e WHERE e.paymentId = payments.id AND e.kind = 'payment.refunded' ORDER BY e.seq LIMIT 1)
       WHERE state IN ('PAID', 'CANCELLED');
      CREATE INDEX payments_by_paid_at ON payments (paidAt) WHERE paidAt IS NOT NULL;
      CREATE INDEX payments_by_refunded_at ON payments (refundedAt) WHERE refundedAt IS NOT NULL;
      DROP INDEX events_paid_by_payment;
      DROP INDEX events_refunded_by_payment;
      DROP INDEX events_by_kind_at;
      CREATE INDEX events_service_errors ON events (seq) WHERE kind = 'service.error';
      CREATE INDEX events_bill_closes ON events (billId, seq) WHERE kind = 'bill.closed';
      DROP INDEX payments_by_state;
      CREATE INDEX payments_pending ON payments (created, id) WHERE state IN ('STARTED', 'PROCESSED');
    `);
  },
};
