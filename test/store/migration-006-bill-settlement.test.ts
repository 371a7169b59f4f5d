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
import { tempDir } from './helpers.js';

describe('migration 006 (bill settlement)', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('upgrades a version 4 database: old bills keep their rows with no settlement; only the three methods are accepted', () => {
    const tmp = tempDir();
    const db = new BetterSqlite3(join(tmp.dir, 'db.sqlite'));
    cleanup = () => {
      db.close();
      tmp.cleanup();
    };
    migrate(db, [migration001, migration002, migration003, migration004, migration005]);
    db.prepare("INSERT INTO bills (id, tableId, currency, state, created, updated) VALUES ('b', 't', 'CZK', 'CLOSED', 'x', 'x')").run();

    migrate(db, [migration001, migration002, migration003, migration004, migration005, migration006]);
    expect(schemaVersion(db)).toBe(6);
    expect(db.prepare('SELECT id, state, settlementMethod, settlementNote, settledDue FROM bills').all()).toEqual([
      { id: 'b', state: 'CLOSED', settlementMethod: null, settlementNote: null, settledDue: null },
    ]);
    db.prepare("UPDATE bills SET settlementMethod = 'written-off', settlementNote = 'n', settledDue = '10.00' WHERE id = 'b'").run();
    expect(() => db.prepare("UPDATE bills SET settlementMethod = 'iou' WHERE id = 'b'").run()).toThrow(/CHECK/);
  });
});
