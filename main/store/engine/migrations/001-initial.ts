import type { Migration } from './migration.js';

/**
 * The first schema. Decimals are TEXT (canonical decimal.js text), times are ISO 8601 UTC text
 * (lexicographic order = time order). bills.tableId has no foreign key on purpose: a table can be
 * deleted once its bills are settled, and the settled bills stay as history.
 */
export const migration001: Migration = {
  version: 1,
  name: 'initial',
  up(db) {
    db.exec(`
      CREATE TABLE tables (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        area TEXT,
        position INTEGER NOT NULL
      );

      CREATE TABLE bills (
        id TEXT PRIMARY KEY,
        tableId TEXT NOT NULL,
        name TEXT,
        currency TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('OPEN', 'PAID', 'CLOSED')),
        allowTip INTEGER NOT NULL DEFAULT 1,
        allowPartialPayment INTEGER NOT NULL DEFAULT 1,
        denyDiscounts INTEGER NOT NULL DEFAULT 0,
        additionalData TEXT,
        created TEXT NOT NULL,
        updated TEXT NOT NULL
      );
      CREATE INDEX bills_by_table_state ON bills (tableId, state, created, id);
      CREATE INDEX bills_by_state ON bills (state);

      CREATE TABLE bill_items (
        billId TEXT NOT NULL REFERENCES bills (id) ON DELETE CASCADE,
        id TEXT NOT NULL,
        position INTEGER NOT NULL,
        name TEXT NOT NULL,
        price TEXT NOT NULL,
        quantity TEXT NOT NULL,
        minQuantity TEXT NOT NULL DEFAULT '1',
        tags TEXT NOT NULL DEFAULT '[]',
        paidQuantity TEXT NOT NULL DEFAULT '0',
        lockedQuantity TEXT NOT NULL DEFAULT '0',
        PRIMARY KEY (billId, id)
      );
      CREATE INDEX bill_items_by_position ON bill_items (billId, position);

      CREATE TABLE payments (
        id TEXT PRIMARY KEY,
        billId TEXT NOT NULL REFERENCES bills (id),
        state TEXT NOT NULL CHECK (state IN ('STARTED', 'PROCESSED', 'PAID', 'CANCELLED')),
        closedState TEXT,
        captureMode TEXT NOT NULL DEFAULT 'auto',
        captured INTEGER NOT NULL DEFAULT 0,
        wire TEXT NOT NULL,
        receipt TEXT,
        amount TEXT NOT NULL,
        tip TEXT NOT NULL,
        currency TEXT NOT NULL,
        provider TEXT,
        created TEXT NOT NULL,
        processedAt TEXT,
        closedAt TEXT,
        lockedAt TEXT
      );
      CREATE INDEX payments_by_bill ON payments (billId);
      CREATE INDEX payments_by_state ON payments (state);
      CREATE INDEX payments_by_created ON payments (created);

      CREATE TABLE payment_items (
        paymentId TEXT NOT NULL REFERENCES payments (id),
        itemId TEXT NOT NULL,
        name TEXT NOT NULL,
        quantity TEXT NOT NULL,
        price TEXT NOT NULL,
        PRIMARY KEY (paymentId, itemId)
      );

      CREATE TABLE deliveries (
        id TEXT PRIMARY KEY,
        outcome TEXT NOT NULL,
        at TEXT NOT NULL
      );

      CREATE TABLE events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        kind TEXT NOT NULL,
        tableId TEXT,
        billId TEXT,
        paymentId TEXT,
        data TEXT NOT NULL DEFAULT '{}'
      );
    `);
  },
};
