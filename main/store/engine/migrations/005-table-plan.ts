import type { Migration } from './migration.js';

/**
 * A table's place on the floor plan: planX and planY are fractions of the
 * plan's width and height (0..1, the table's centre), both NULL while the table is not placed.
 * The order the POS first gave tables in is already kept by tables.position (version 1).
 */
export const migration005: Migration = {
  version: 5,
  name: 'table-plan',
  up(db) {
    db.exec(`
      ALTER TABLE tables ADD COLUMN planX REAL;
      ALTER TABLE tables ADD COLUMN planY REAL;
    `);
  },
};
