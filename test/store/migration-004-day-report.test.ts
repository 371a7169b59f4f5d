import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../main/store/engine/database.js';
import { migration001 } from '../../main/store/engine/migrations/001-initial.js';
import { migration002 } from '../../main/store/engine/migrations/002-receipt-serial.js';
import { migration003 } from '../../main/store/engine/migrations/003-bill-pages.js';
import { migration004 } from '../../main/store/engine/migrations/004-day-report.js';
import { tempDir } from './helpers.js';

describe('migration 004 (indexes for the payment history and the day report)', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('upgrades a version 3 database: the event log gains its indexes by kind and time and by payment, and keeps its rows', () => {
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

    // The history query these indexes served until migration 012 moved the payment times onto the
    // payments: today's query and its plan are migration-012-payment-times.test.ts's.
  });
});
