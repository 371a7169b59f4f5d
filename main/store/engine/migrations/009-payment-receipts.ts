import type { Migration } from './migration.js';

/**
 * Receipts from the main POS (POSTPONED flow): the fiscal receipt the POS gave for a
 * payment (`PUT /v1/payments/{id}/receipt`), kept as given, and its delivery to the service
 * (`provide-payment-receipt`). A row whose `deliveredAt` is null is the durable outbox: it is sent
 * again after a restart until the service accepts it; `refusedCode` is set when the service refused
 * its content for good (it is no longer retried, and stays in Needs attention).
 */
export const migration009: Migration = {
  version: 9,
  name: 'payment-receipts',
  up(db) {
    db.exec(`
      CREATE TABLE payment_receipts (
        paymentId TEXT PRIMARY KEY REFERENCES payments (id),
        receipt TEXT NOT NULL,
        receivedAt TEXT NOT NULL,
        deliveredAt TEXT,
        attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        lastAttemptAt TEXT,
        lastError TEXT,
        refusedCode TEXT
      );
      CREATE INDEX payment_receipts_undelivered ON payment_receipts (receivedAt) WHERE deliveredAt IS NULL;
    `);
  },
};
