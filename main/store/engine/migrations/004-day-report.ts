import type { Migration } from './migration.js';

/**
 * Indexes for the payment history and the day report (main/reports): a range of days is found
 * through the event log (when a payment was paid or refunded: the payment row keeps only its last
 * close time), so the events need an index by kind and time, and a payment's own events one by
 * payment. Payments created in the range already walk payments_by_created (migration 001).
 */
export const migration004: Migration = {
  version: 4,
  name: 'day-report',
  up(db) {
    db.exec(`
      CREATE INDEX events_by_kind_at ON events (kind, at);
      CREATE INDEX events_by_payment_kind ON events (paymentId, kind);
    `);
  },
};
