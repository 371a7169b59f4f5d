import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../main/store/engine/database.js';
import { MIGRATIONS } from '../../main/store/engine/migrations/index.js';
import { tempDir } from './helpers.js';

describe('migration 016 (waiters and tenders)', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('keeps settled bills as they were, dates them by their close, and accepts walkout', () => {
    const tmp = tempDir();
    const db = new BetterSqlite3(join(tmp.dir, 'db.sqlite'));
    cleanup = () => {
      db.close();
      tmp.cleanup();
    };
    const before = MIGRATIONS.filter((m) => m.version < 16);
    migrate(db, before);
    db.prepare("INSERT INTO bills (id, tableId, currency, state, created, updated) VALUES ('open', 't', 'CZK', 'OPEN', 'a', 'a')").run();
    db.prepare(
      "INSERT INTO bills (id, tableId, currency, state, created, updated, settlementMethod, settlementNote, settledDue) VALUES ('s', 't', 'CZK', 'CLOSED', 'a', 'b', 'cash', 'n', '10.00')",
    ).run();

    migrate(
      db,
      MIGRATIONS.filter((m) => m.version <= 16),
    );
    expect(schemaVersion(db)).toBe(16);
    expect(db.prepare('SELECT id, settlementMethod, settlementNote, settledDue, settledAt, waiterId, settlementWaiterId FROM bills ORDER BY id').all()).toEqual(
      [
        { id: 'open', settlementMethod: null, settlementNote: null, settledDue: null, settledAt: null, waiterId: null, settlementWaiterId: null },
        { id: 's', settlementMethod: 'cash', settlementNote: 'n', settledDue: '10.00', settledAt: 'b', waiterId: null, settlementWaiterId: null },
      ],
    );
    db.prepare("UPDATE bills SET settlementMethod = 'walkout' WHERE id = 's'").run();
    expect(() => db.prepare("UPDATE bills SET settlementMethod = 'iou' WHERE id = 's'").run()).toThrow(/CHECK/);
    const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'bills'").all() as { name: string }[];
    expect(indexes.map((i) => i.name)).toEqual(expect.arrayContaining(['bills_settled', 'bills_by_settled_at']));
  });
});
