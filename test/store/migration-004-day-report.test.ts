import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../main/store/database.js';
import { HISTORY_ACTIVITY_SQL } from '../../main/store/history-repo.js';
import { migration001 } from '../../main/store/migrations/001-initial.js';
import { migration002 } from '../../main/store/migrations/002-receipt-serial.js';
import { migration003 } from '../../main/store/migrations/003-bill-pages.js';
import { migration004 } from '../../main/store/migrations/004-day-report.js';
import { tempDir } from './helpers.js';

describe('migration 004 (indexes for the payment history and the day report)', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('upgrades a version 3 database; the history query finds a range through indexes, never a scan of the event log', () => {
    const tmp = tempDir();
    const db = new BetterSqlite3(join(tmp.dir, 'db.sqlite'));
    cleanup = () => {
      db.close();
      tmp.cleanup();
    };
    migrate(db, [migration001, migration002, migration003]);
    db.prepare("INSERT INTO events (at, kind, paymentId, data) VALUES ('2026-11-21T12:00:00.000Z', 'payment.paid', 'p1', '{}')").run();

    migrate(db, [migration001, migration002, migration003, migration004]);
    expect(schemaVersion(db)).toBe(4);
    const indexes = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events'").all() as { name: string }[]).map((r) => r.name);
    expect(indexes.sort()).toEqual(['events_by_kind_at', 'events_by_payment_kind']);
    expect(db.prepare('SELECT paymentId, kind FROM events').all()).toEqual([{ paymentId: 'p1', kind: 'payment.paid' }]);

    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${HISTORY_ACTIVITY_SQL}`).all({ from: '2026-11-21', to: '2026-11-22' }) as { detail: string }[]).map((r) => r.detail);
    const text = plan.join('; ');
    expect(text).toMatch(/events USING (COVERING )?INDEX events_by_kind_at/);
    expect(text).toMatch(/SEARCH e USING INDEX events_by_payment_kind \(paymentId=\? AND kind=\?\)/);
    expect(text).toMatch(/payments USING (COVERING )?INDEX payments_by_created/);
    expect(plan.filter((d) => /^SCAN (events|e)\b/.test(d))).toEqual([]);
    expect(text).not.toMatch(/SEARCH e USING INDEX events_by_kind_at/);
  });
});
