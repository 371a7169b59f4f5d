import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../main/store/engine/database.js';
import { migration019 } from '../../main/store/engine/migrations/019-payment-ending.js';
import { upgradeFixture } from './helpers.js';

describe('migration 019 (how an unpaid payment ended)', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('gives each payment already closed the word its columns allow; open and paid ones get none', () => {
    const { file, before, cleanup: done } = upgradeFixture(migration019);
    cleanup = done;
    const db = new BetterSqlite3(file);
    migrate(db, before);
    db.pragma('foreign_keys = OFF');
    const insert = db.prepare(
      "INSERT INTO payments (id, billId, state, closedState, wire, amount, tip, currency, created, processedAt, refundedAt) VALUES (?, 'b1', ?, ?, '{}', '100.00', '0.00', 'CZK', '2026-11-21T18:00:00.000Z', ?, ?)",
    );
    const at = '2026-11-21T18:01:00.000Z';
    insert.run('refused', 'CANCELLED', 'CANCELLED', null, null);
    insert.run('said-declined', 'CANCELLED', 'DECLINED', at, null);
    insert.run('called-off', 'CANCELLED', 'CANCELLED', at, null);
    insert.run('released', 'CANCELLED', 'LOCK_EXPIRED', null, null);
    insert.run('lost', 'CANCELLED', 'NOT_FOUND', null, null);
    insert.run('given-back', 'CANCELLED', 'CANCELLED', at, at);
    insert.run('paid', 'PAID', 'PAID', at, null);
    insert.run('open', 'STARTED', null, null, null);
    migrate(db, [...before, migration019]);
    expect(schemaVersion(db)).toBe(19);
    expect(
      Object.fromEntries(
        db
          .prepare('SELECT id, ending FROM payments')
          .all()
          .map((r) => [(r as { id: string }).id, (r as { ending: string | null }).ending]),
      ),
    ).toEqual({
      refused: 'declined',
      'said-declined': 'declined',
      'called-off': 'cancelled',
      released: 'timed_out',
      lost: 'abandoned',
      'given-back': 'refunded',
      paid: null,
      open: null,
    });
    // Only the store's words fit the column.
    expect(() => db.prepare("UPDATE payments SET ending = 'lost' WHERE id = 'open'").run()).toThrow(/CHECK/);
    db.close();
  });
});
