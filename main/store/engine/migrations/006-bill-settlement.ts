import type { Migration } from './migration.js';

/**
 * How a bill closed with an amount still due was settled: the method (cash, card at
 * the counter, written off), the cashier's note, and the amount that was due at the close. Null
 * for every bill closed before, and for bills closed with nothing due.
 */
export const migration006: Migration = {
  version: 6,
  name: 'bill-settlement',
  up(db) {
    db.exec(`
      ALTER TABLE bills ADD COLUMN settlementMethod TEXT CHECK (settlementMethod IN ('cash', 'card-at-counter', 'written-off'));
      ALTER TABLE bills ADD COLUMN settlementNote TEXT;
      ALTER TABLE bills ADD COLUMN settledDue TEXT;
    `);
  },
};
