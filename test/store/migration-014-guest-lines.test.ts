import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../main/store/engine/database.js';
import { migration014 } from '../../main/store/engine/migrations/014-guest-lines.js';
import { openTestStore } from './test-store.js';
import { BACK_TO_V13, seedBill, upgradeFixture } from './helpers.js';
import { order, seedMenu } from './menu-helpers.js';

describe('migration 014 (guest lines until the POS takes them in)', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('upgrades a version 13 store: the lines already on bills are the POS own, and guest lines kept from then on survive a restart', () => {
    const { file, before, cleanup: done } = upgradeFixture(migration014);
    cleanup = done;
    expect(before.at(-1)?.version).toBe(13);
    const old = openTestStore({ file });
    seedBill(old);
    seedMenu(old);
    old.startOrder(order('o1', { delivery: { type: 'toBill', idTable: 't1' } }));
    old.close();
    const v13 = new BetterSqlite3(file);
    v13.exec(BACK_TO_V13);
    expect(schemaVersion(v13)).toBe(13);
    migrate(v13, [...before, migration014]);
    expect(schemaVersion(v13)).toBe(14);
    v13.close();

    const store = openTestStore({ file });
    try {
      // Written before 014: o1's line counts as the POS's, so a PUT without it drops it.
      const put = store.putBill({ id: 'b1', tableId: 't1', currency: 'CZK', items: [{ id: 'beer', name: 'Beer', price: '62.50', quantity: '2' }] });
      expect(put.guestLinesKept).toEqual([]);
      expect(put.items.map((i) => i.id)).toEqual(['beer']);
      store.startOrder(order('o2', { delivery: { type: 'toBill', idTable: 't1' } }));
    } finally {
      store.close();
    }
    const reopened = openTestStore({ file });
    try {
      const put = reopened.putBill({ id: 'b1', tableId: 't1', currency: 'CZK', items: [{ id: 'beer', name: 'Beer', price: '62.50', quantity: '2' }] });
      expect(put.guestLinesKept.map((g) => g.id)).toEqual(['o2#1']);
    } finally {
      reopened.close();
    }
  });
});
