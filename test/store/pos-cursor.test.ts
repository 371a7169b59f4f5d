import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../main/base/clock.js';
import { posSyncFacts } from '../../main/features/attention/index.js';
import { migrate, schemaVersion } from '../../main/store/engine/database.js';
import { migration015 } from '../../main/store/engine/migrations/015-pos-cursor.js';
import type { PosCursorState } from '../../main/store/index.js';
import { openTestStore } from './test-store.js';
import { seedBill, tempDir, tempStore, upgradeFixture, wirePayment } from './helpers.js';

const pay = (store: ReturnType<typeof tempStore>['store'], id: string, item = { id: 'beer', price: '62.50', quantity: '1' }) => {
  store.startPayment(wirePayment(id, [item]));
  store.processPayment(id);
  store.closePayment(id, 'PAID');
};

describe('the main POS cursor (commitPosCursor)', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('moves only forward: a lower or equal seq changes nothing, not even its time; one past the last durable event is refused', () => {
    const t = tempStore();
    cleanup = t.cleanup;
    seedBill(t.store);
    const last = t.store.posCursor().lastSeq;
    expect(t.store.posCursor()).toEqual({ seq: null, at: null, firstAt: null, lastSeq: last });
    const heard: PosCursorState[] = [];
    t.store.onPosCursor((c) => heard.push(c));

    const first = t.store.commitPosCursor(1);
    const firstAt = new Date(t.clock.now()).toISOString();
    expect(first).toEqual({ ok: true, moved: true, cursor: { seq: 1, at: firstAt, firstAt, lastSeq: last } });
    t.clock.advance(1000);
    expect(t.store.commitPosCursor(0)).toEqual({ ok: true, moved: false, cursor: first.ok && first.cursor });
    expect(t.store.commitPosCursor(1)).toEqual({ ok: true, moved: false, cursor: first.ok && first.cursor });
    expect(t.store.commitPosCursor(last + 1)).toEqual({ ok: false, reason: 'ahead', lastSeq: last });
    expect(heard.map((c) => c.seq)).toEqual([1]);

    const moved = t.store.commitPosCursor(last);
    const movedAt = new Date(t.clock.now()).toISOString();
    // The time moves with the cursor; the first acknowledgement's stays.
    expect(moved).toEqual({ ok: true, moved: true, cursor: { seq: last, at: movedAt, firstAt, lastSeq: last } });
    expect(heard.map((c) => c.seq)).toEqual([1, last]);
  });

  it('an event a relaxed commit still holds back is past the last event: the POS cannot have read it', () => {
    const t = tempStore();
    cleanup = t.cleanup;
    seedBill(t.store);
    const durable = t.store.posCursor().lastSeq;
    t.store.startPayment(wirePayment('p1', [{ id: 'beer', price: '62.50', quantity: '1' }])); // synchronous=NORMAL: held
    expect(t.store.posCursor().lastSeq).toBe(durable);
    expect(t.store.eventsAfter(0, 1000).at(-1)?.seq).toBe(durable);
    expect(t.store.commitPosCursor(durable + 1)).toEqual({ ok: false, reason: 'ahead', lastSeq: durable });
    t.store.processPayment('p1'); // a durable commit covers it
    expect(t.store.posCursor().lastSeq).toBe(durable + 2);
    expect(t.store.commitPosCursor(durable + 1)).toMatchObject({ ok: true, moved: true });
  });

  it('is kept across a reopen of the file, with its times', () => {
    const tmp = tempDir();
    cleanup = tmp.cleanup;
    const file = join(tmp.dir, 'bills.sqlite');
    const clock = new ManualClock(Date.parse('2026-11-22T18:00:00Z'));
    const first = openTestStore({ file, clock });
    seedBill(first);
    const last = first.posCursor().lastSeq;
    first.commitPosCursor(1);
    clock.advance(60_000);
    first.commitPosCursor(last);
    first.close();
    const again = openTestStore({ file, clock });
    expect(again.posCursor()).toMatchObject({ seq: last, at: '2026-11-22T18:01:00.000Z', firstAt: '2026-11-22T18:00:00.000Z' });
    again.close();
  });

  it('migration 015 adds the one-row table to a file of the schema before it; a second row or a negative seq is refused', () => {
    const { file, before, cleanup: done } = upgradeFixture(migration015);
    cleanup = done;
    const db = new BetterSqlite3(file);
    migrate(db, before);
    expect(schemaVersion(db)).toBe(before.at(-1)!.version);
    migrate(db, [...before, migration015]);
    expect(schemaVersion(db)).toBe(15);
    expect(db.prepare('SELECT * FROM pos_cursor').all()).toEqual([]);
    db.prepare("INSERT INTO pos_cursor (id, seq, at, firstAt) VALUES (1, 5, 'a', 'a')").run();
    expect(() => db.prepare("INSERT INTO pos_cursor (id, seq, at, firstAt) VALUES (2, 6, 'b', 'b')").run()).toThrow(/CHECK/);
    expect(() => db.prepare('UPDATE pos_cursor SET seq = -1').run()).toThrow(/CHECK/);
    db.close();
  });
});

describe('the health figures of the POS (posSyncFacts)', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('say the cursor, the last event, how many are behind, when it last moved and the oldest paid payment past it', () => {
    const t = tempStore();
    cleanup = t.cleanup;
    seedBill(t.store);
    pay(t.store, 'p1');
    const lastBefore = t.store.posCursor().lastSeq;
    // No POS yet: all of the log is behind, and no payment counts as unsynced.
    expect(posSyncFacts(t.store, t.clock.now())).toEqual({
      cursor: null,
      lastSeq: lastBefore,
      behind: lastBefore,
      lastAckAt: null,
      oldestUnsyncedSeconds: null,
    });

    const ackAt = new Date(t.clock.now()).toISOString();
    t.store.commitPosCursor(lastBefore);
    expect(posSyncFacts(t.store, t.clock.now())).toEqual({ cursor: lastBefore, lastSeq: lastBefore, behind: 0, lastAckAt: ackAt, oldestUnsyncedSeconds: null });

    t.clock.advance(5_000);
    pay(t.store, 'p2');
    t.clock.advance(20_000);
    pay(t.store, 'p3', { id: 'goulash', price: '189', quantity: '1' });
    t.clock.advance(12_500);
    const last = t.store.posCursor().lastSeq;
    expect(posSyncFacts(t.store, t.clock.now())).toEqual({
      cursor: lastBefore,
      lastSeq: last,
      behind: last - lastBefore,
      lastAckAt: ackAt,
      // p2, paid 32.5 s ago, in whole seconds.
      oldestUnsyncedSeconds: 32,
    });
    // Acknowledged up to p2's events: p3 is the oldest left.
    const p2Paid = t.store.eventsAfter(lastBefore, 100).find((e) => e.kind === 'payment.paid' && e.paymentId === 'p2')!.seq;
    t.store.commitPosCursor(p2Paid);
    expect(posSyncFacts(t.store, t.clock.now())).toMatchObject({ cursor: p2Paid, behind: last - p2Paid, oldestUnsyncedSeconds: 12 });
  });

  it('count only payments paid since the first acknowledgement: a POS that starts from 0 does not make the whole history unsynced', () => {
    const t = tempStore();
    cleanup = t.cleanup;
    seedBill(t.store);
    pay(t.store, 'old');
    t.clock.advance(60 * 60_000);
    t.store.commitPosCursor(0);
    expect(posSyncFacts(t.store, t.clock.now()).oldestUnsyncedSeconds).toBeNull();
    t.clock.advance(1_000);
    pay(t.store, 'new');
    t.clock.advance(2_000);
    expect(posSyncFacts(t.store, t.clock.now()).oldestUnsyncedSeconds).toBe(2);
  });
});
