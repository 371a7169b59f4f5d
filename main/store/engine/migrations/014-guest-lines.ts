import type { Migration } from './migration.js';

/**
 * Line ownership with the main POS (docs/decisions/013-line-ownership.md): a row here is a bill
 * line a guest ordered that the POS has not taken in yet. The row goes when the POS takes the line
 * in (it sends it back in a PUT, or acknowledges it) or when the line leaves the bill; a line
 * without a row is the POS's. Bills that existed before have none: their lines stay the POS's.
 * `order_opened_bills`: the bills an order opened (none was open on its table), so a cancelled or
 * rejected order closes the bill it opened when it leaves it empty.
 */
export const migration014: Migration = {
  version: 14,
  name: 'guest-lines',
  up(db) {
    db.exec(`
      CREATE TABLE guest_lines (
        billId TEXT NOT NULL,
        itemId TEXT NOT NULL,
        orderId TEXT NOT NULL,
        PRIMARY KEY (billId, itemId)
      ) WITHOUT ROWID;
      CREATE TABLE order_opened_bills (
        billId TEXT PRIMARY KEY,
        orderId TEXT NOT NULL
      ) WITHOUT ROWID;
    `);
  },
};
