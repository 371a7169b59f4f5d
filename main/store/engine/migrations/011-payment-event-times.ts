import type { Migration } from './migration.js';

/**
 * The payment history asks the event log one thing per payment: when it was paid, and when it was
 * refunded (history-repo.ts). Migration 004's index on (paymentId, kind) held every event of every
 * payment to answer that: three entries per payment, each on a page of its own (payment ids are
 * random), written in three commits. Two partial indexes hold only the events asked for: one
 * entry per paid payment, and one per refund. A query names its kind as the literal the index's
 * WHERE names, so SQLite uses it.
 */
export const migration011: Migration = {
  version: 11,
  name: 'payment-event-times',
  up(db) {
    db.exec(`
      CREATE INDEX events_paid_by_payment ON events (paymentId) WHERE kind = 'payment.paid';
      CREATE INDEX events_refunded_by_payment ON events (paymentId) WHERE kind = 'payment.refunded';
      DROP INDEX events_by_payment_kind;
    `);
  },
};
