import type { Migration } from './migration.js';

/**
 * The menu (menus = categories, with their items), guest orders, the durable outbox of order
 * statuses still to tell the service, and a few named flags (orders paused, menu versions).
 * Order lines that land on a bill stay ordinary bill lines, tagged `order:<id>` (no column on
 * bill_items: a paid guest line behaves exactly like any other).
 */
export const migration007: Migration = {
  version: 7,
  name: 'menu-orders',
  up(db) {
    db.exec(`
      CREATE TABLE menus (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        position INTEGER NOT NULL
      );
      CREATE TABLE menu_items (
        id TEXT PRIMARY KEY,
        menuId TEXT NOT NULL REFERENCES menus (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        name TEXT NOT NULL,
        price TEXT NOT NULL,
        tags TEXT NOT NULL DEFAULT '[]',
        available INTEGER NOT NULL DEFAULT 1,
        category TEXT,
        description TEXT
      );
      CREATE INDEX menu_items_by_menu ON menu_items (menuId, position);
      CREATE TABLE orders (
        id TEXT PRIMARY KEY,
        currency TEXT NOT NULL,
        deliveryType TEXT NOT NULL,
        tableId TEXT,
        billId TEXT,
        pickupAt TEXT,
        items TEXT NOT NULL,
        note TEXT,
        customerName TEXT,
        total TEXT NOT NULL,
        status TEXT NOT NULL,
        rejectReason TEXT,
        closedState TEXT,
        payment TEXT,
        receipt TEXT,
        created TEXT NOT NULL,
        updated TEXT NOT NULL
      );
      CREATE INDEX orders_by_status ON orders (status, created);
      CREATE TABLE order_status_outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        orderId TEXT NOT NULL,
        status TEXT NOT NULL,
        reason TEXT,
        created TEXT NOT NULL
      );
      CREATE TABLE menu_order_flags (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `);
  },
};
