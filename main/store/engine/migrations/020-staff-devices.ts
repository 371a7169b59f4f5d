import type { Migration } from './migration.js';

/**
 * Waiters' phones paired from the till (docs/decisions/022): each device's name, role and secret
 * (the HMAC key of its session's challenge; it never leaves the till again after pairing), when it
 * was paired, last seen and revoked, and the tables and areas it follows. A revoked row is kept
 * (the event log names it); it never opens a session again.
 */
export const migration020: Migration = {
  version: 20,
  name: 'staff-devices',
  up(db) {
    db.exec(`
      CREATE TABLE staff_devices (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('waiter', 'manager')),
        secret TEXT NOT NULL,
        label TEXT,
        pairedAt TEXT NOT NULL,
        lastSeenAt TEXT,
        revokedAt TEXT,
        following TEXT NOT NULL DEFAULT '{"tableIds":[],"areas":[]}'
      );
    `);
  },
};
