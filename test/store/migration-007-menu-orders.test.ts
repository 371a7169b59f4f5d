import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../main/store/engine/database.js';
import { migration001 } from '../../main/store/engine/migrations/001-initial.js';
import { migration002 } from '../../main/store/engine/migrations/002-receipt-serial.js';
import { migration003 } from '../../main/store/engine/migrations/003-bill-pages.js';
import { migration004 } from '../../main/store/engine/migrations/004-day-report.js';
import { migration005 } from '../../main/store/engine/migrations/005-table-plan.js';
import { migration006 } from '../../main/store/engine/migrations/006-bill-settlement.js';
import { migration007 } from '../../main/store/engine/migrations/007-menu-orders.js';
import { tempDir } from './helpers.js';

describe('migration 007 (menu and orders)', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('upgrades a version 4 database: the new tables exist, bills are untouched, a menu deletes its items with it', () => {
    const tmp = tempDir();
    const db = new BetterSqlite3(join(tmp.dir, 'db.sqlite'));
    cleanup = () => {
      db.close();
      tmp.cleanup();
    };
    db.pragma('foreign_keys = ON');
    migrate(db, [migration001, migration002, migration003, migration004, migration005, migration006]);
    db.prepare("INSERT INTO bills (id, tableId, currency, state, created, updated) VALUES ('b', 't', 'CZK', 'OPEN', 'x', 'x')").run();

    migrate(db, [migration001, migration002, migration003, migration004, migration005, migration006, migration007]);
    expect(schemaVersion(db)).toBe(7);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map(
      (r) => r.name,
    );
    expect(tables).toEqual(expect.arrayContaining(['menus', 'menu_items', 'orders', 'order_status_outbox', 'menu_order_flags']));
    expect(db.prepare('SELECT id, state FROM bills').all()).toEqual([{ id: 'b', state: 'OPEN' }]);

    db.prepare("INSERT INTO menus (id, name, position) VALUES ('m', 'Drinks', 0)").run();
    db.prepare("INSERT INTO menu_items (id, menuId, position, name, price) VALUES ('beer', 'm', 0, 'Beer', '62.5')").run();
    expect(db.prepare("SELECT available, tags FROM menu_items WHERE id = 'beer'").get()).toEqual({ available: 1, tags: '[]' });
    db.prepare('DELETE FROM menus').run();
    expect(db.prepare('SELECT COUNT(*) AS n FROM menu_items').get()).toEqual({ n: 0 });
  });
});
