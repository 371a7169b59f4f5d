import type { Migration } from './migration.js';

/**
 * Payment links: the static payment links this till created at the service, so the
 * cashier can list and delete them (the service has no "list my links" endpoint). The service's
 * link is the truth; this table only remembers which ones exist and how they were made.
 */
export const migration010: Migration = {
  version: 10,
  name: 'payment-links',
  up(db) {
    db.exec(`
      CREATE TABLE payment_links (
        id TEXT PRIMARY KEY,
        idMerchant TEXT NOT NULL,
        amount TEXT,
        currency TEXT NOT NULL,
        description TEXT NOT NULL,
        url TEXT NOT NULL,
        created TEXT NOT NULL
      );
    `);
  },
};
