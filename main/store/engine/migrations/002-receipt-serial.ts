import type { Migration } from './migration.js';

/**
 * Named counters, first used for the receipt serial (one per store, never reused, so a receipt
 * number survives restarts). Seeded from the receipts already written by version 1.
 */
export const migration002: Migration = {
  version: 2,
  name: 'receipt-serial',
  up(db) {
    db.exec(`
      CREATE TABLE counters (
        name TEXT PRIMARY KEY,
        value INTEGER NOT NULL
      );
      INSERT INTO counters (name, value)
        SELECT 'receiptSerial', COUNT(*) FROM payments WHERE receipt IS NOT NULL;
    `);
  },
};
