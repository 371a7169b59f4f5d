import type { Migration } from './migration.js';

/**
 * What the restaurant's main POS has taken in: the sequence number of the last event it committed
 * (POST /v1/events/ack), when it last moved, and when it first committed one. One row at most: one
 * POS reads the log. Reading the log is not an acknowledgement; only this row says what the POS
 * stored. No index is added: "which paid payments are past the cursor" walks the log's rowids from
 * the cursor on, which the POS keeps short by acknowledging (decision 014).
 */
export const migration015: Migration = {
  version: 15,
  name: 'pos-cursor',
  up(db) {
    db.exec(`
      CREATE TABLE pos_cursor (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        seq INTEGER NOT NULL CHECK (seq >= 0),
        at TEXT NOT NULL,
        firstAt TEXT NOT NULL
      );
    `);
  },
};
