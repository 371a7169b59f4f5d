import type { Migration } from './migration.js';

/**
 * Waiters and every tender of the day.
 * - `waiterId`/`waiterName` on bills and tables (the table's is the default of its bills that name
 *   none), as the POS sends them; on payments, the waiter the payment started under (a snapshot:
 *   a bill that changes hands later keeps its earlier payments where they were made).
 * - `settledAt` and `settlementWaiterId`/`settlementWaiterName`: when a bill was settled at its
 *   close and under which waiter, so the day report lists settlements by time and by waiter.
 * - `settlementMethod` accepts 'walkout'. SQLite cannot change a column's CHECK, so the column is
 *   made again under a new name, filled, the old one dropped and the new one renamed (its partial
 *   index, migration 008, goes and comes back around it).
 */
export const migration016: Migration = {
  version: 16,
  name: 'waiters-and-tenders',
  up(db) {
    db.exec(`
      ALTER TABLE bills ADD COLUMN waiterId TEXT;
      ALTER TABLE bills ADD COLUMN waiterName TEXT;
      ALTER TABLE tables ADD COLUMN waiterId TEXT;
      ALTER TABLE tables ADD COLUMN waiterName TEXT;
      ALTER TABLE payments ADD COLUMN waiterId TEXT;
      ALTER TABLE payments ADD COLUMN waiterName TEXT;

      ALTER TABLE bills ADD COLUMN settlementMethodNext TEXT
        CHECK (settlementMethodNext IN ('cash', 'card-at-counter', 'written-off', 'walkout'));
      UPDATE bills SET settlementMethodNext = settlementMethod WHERE settlementMethod IS NOT NULL;
      DROP INDEX bills_settled;
      ALTER TABLE bills DROP COLUMN settlementMethod;
      ALTER TABLE bills RENAME COLUMN settlementMethodNext TO settlementMethod;
      CREATE INDEX bills_settled ON bills (updated) WHERE settlementMethod IS NOT NULL;

      ALTER TABLE bills ADD COLUMN settledAt TEXT;
      ALTER TABLE bills ADD COLUMN settlementWaiterId TEXT;
      ALTER TABLE bills ADD COLUMN settlementWaiterName TEXT;
      UPDATE bills SET settledAt = updated WHERE settlementMethod IS NOT NULL;
      CREATE INDEX bills_by_settled_at ON bills (settledAt) WHERE settledAt IS NOT NULL;
    `);
  },
};
