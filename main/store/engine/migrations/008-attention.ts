import type { Migration } from './migration.js';

/**
 * Needs attention (main/attention): how each entry was resolved (the action, the
 * cashier's note, when), and the refunds the service refused (the refund command records them).
 * An acknowledged entry leaves the list through `attention_resolutions`; an action entry leaves it
 * because the action changed its subject (captured, unlocked), and its row is the record.
 * `bills_settled` keeps the "closed with an amount due" source off a full scan of the bills.
 */
export const migration008: Migration = {
  version: 8,
  name: 'attention',
  up(db) {
    db.exec(`
      CREATE TABLE attention_resolutions (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        entryId TEXT NOT NULL,
        kind TEXT NOT NULL,
        action TEXT NOT NULL CHECK (action IN ('capture', 'retry-recovery', 'release-lock', 'acknowledge')),
        note TEXT,
        resolvedAt TEXT NOT NULL
      );
      CREATE INDEX attention_resolutions_by_entry ON attention_resolutions (entryId, action);

      CREATE TABLE refund_refusals (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        paymentId TEXT NOT NULL REFERENCES payments (id),
        code TEXT NOT NULL,
        at TEXT NOT NULL
      );
      CREATE INDEX refund_refusals_by_payment ON refund_refusals (paymentId, id);

      CREATE INDEX bills_settled ON bills (updated) WHERE settlementMethod IS NOT NULL;
    `);
  },
};
