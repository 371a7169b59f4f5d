import type { Migration } from './migration.js';

/**
 * The POS API's Idempotency-Key answers: the answer a write gave, kept 24 h under the key the POS
 * sent, so a retry of that write is answered again instead of applied again. `fingerprint` is the
 * request's method, path and body hashed: the same key with another request is refused.
 */
export const migration018: Migration = {
  version: 18,
  name: 'idempotency-keys',
  up(db) {
    db.exec(`
      CREATE TABLE idempotency_keys (
        key TEXT PRIMARY KEY,
        fingerprint TEXT NOT NULL,
        method TEXT NOT NULL,
        path TEXT NOT NULL,
        status INTEGER NOT NULL,
        headers TEXT NOT NULL DEFAULT '{}',
        body TEXT,
        createdMs INTEGER NOT NULL
      );
      CREATE INDEX idempotency_keys_created ON idempotency_keys (createdMs);
    `);
  },
};
