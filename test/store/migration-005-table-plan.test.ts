import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../main/store/engine/database.js';
import { migration001 } from '../../main/store/engine/migrations/001-initial.js';
import { migration002 } from '../../main/store/engine/migrations/002-receipt-serial.js';
import { migration003 } from '../../main/store/engine/migrations/003-bill-pages.js';
import { migration004 } from '../../main/store/engine/migrations/004-day-report.js';
import { migration005 } from '../../main/store/engine/migrations/005-table-plan.js';
import { tempDir } from './helpers.js';

describe('migration 005 (table floor-plan place)', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('upgrades a version 3 database: tables keep their rows and order, and have no place yet', () => {
    const tmp = tempDir();
    const db = new BetterSqlite3(join(tmp.dir, 'db.sqlite'));
    cleanup = () => {
      db.close();
      tmp.cleanup();
    };
    migrate(db, [migration001, migration002, migration003, migration004]);
    db.prepare("INSERT INTO tables (id, name, area, position) VALUES ('z', 'Z', 'Zahrada', 1), ('a', 'A', 'Atrium', 2)").run();

    migrate(db, [migration001, migration002, migration003, migration004, migration005]);
    expect(schemaVersion(db)).toBe(5);

    expect(db.prepare('SELECT id, position, planX, planY FROM tables ORDER BY position').all()).toEqual([
      { id: 'z', position: 1, planX: null, planY: null },
      { id: 'a', position: 2, planX: null, planY: null },
    ]);
    db.prepare("UPDATE tables SET planX = 0.25, planY = 0.5 WHERE id = 'a'").run();
    expect(db.prepare("SELECT planX, planY FROM tables WHERE id = 'a'").get()).toEqual({ planX: 0.25, planY: 0.5 });
  });
});
