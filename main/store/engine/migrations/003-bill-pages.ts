import type { Migration } from './migration.js';

/**
 * Indexes for paging bills by id (GET /v1/bills?after=&limit=): each filter of a page walks an
 * index ending in id and stops at LIMIT, instead of reading and sorting every matching bill. The
 * (state, id) index replaces (state) alone, of which it is a superset.
 */
export const migration003: Migration = {
  version: 3,
  name: 'bill-pages',
  up(db) {
    db.exec(`
      DROP INDEX bills_by_state;
      CREATE INDEX bills_by_state_id ON bills (state, id);
      CREATE INDEX bills_by_table_id ON bills (tableId, id);
      CREATE INDEX bills_by_table_state_id ON bills (tableId, state, id);
    `);
  },
};
