import type { Migration } from './migration.js';

/**
 * Payment links learn what the service says of them: their last known state, when it was last
 * asked, and the payment a paid link produced (id, amount, time), so the cashier's list and the
 * day report show it without asking again. Existing links start `active`, as the list showed them.
 */
export const migration017: Migration = {
  version: 17,
  name: 'payment-link-state',
  up(db) {
    db.exec(`
      ALTER TABLE payment_links ADD COLUMN state TEXT NOT NULL DEFAULT 'active';
      ALTER TABLE payment_links ADD COLUMN checked TEXT;
      ALTER TABLE payment_links ADD COLUMN paidAt TEXT;
      ALTER TABLE payment_links ADD COLUMN paymentId TEXT;
      ALTER TABLE payment_links ADD COLUMN paymentAmount TEXT;
      CREATE INDEX payment_links_paid ON payment_links (paidAt) WHERE paidAt IS NOT NULL;
    `);
  },
};
