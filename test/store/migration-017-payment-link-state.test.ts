import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../main/store/engine/database.js';
import { migration017 } from '../../main/store/engine/migrations/017-payment-link-state.js';
import { ManualClock } from '../../main/base/clock.js';
import { openTestStore } from './test-store.js';
import { upgradeFixture } from './helpers.js';

describe('migration 017 (what the till learned of its payment links)', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('upgrades a store of the previous schema: links kept, active until asked; a payment learned survives a reopen', () => {
    const { file, before, cleanup: done } = upgradeFixture(migration017);
    cleanup = done;
    const db = new BetterSqlite3(file);
    migrate(db, before);
    db.prepare(
      "INSERT INTO payment_links (id, idMerchant, amount, currency, description, url, created) VALUES ('L1', 'm', '250.50', 'CZK', 'Deposit', 'u1', '2026-11-21T10:00:00.000Z')",
    ).run();
    migrate(db, [...before, migration017]);
    expect(schemaVersion(db)).toBe(17);
    expect(db.prepare('SELECT id, amount, state, checked, paidAt, paymentId, paymentAmount FROM payment_links').all()).toEqual([
      { id: 'L1', amount: '250.50', state: 'active', checked: null, paidAt: null, paymentId: null, paymentAmount: null },
    ]);
    db.close();

    const clock = new ManualClock(Date.parse('2026-11-21T18:05:00Z'));
    const first = openTestStore({ file, clock });
    first.savePaymentLink({ id: 'L2', idMerchant: 'm', amount: null, currency: 'CZK', description: '', url: 'u2' });
    expect(first.unsettledPaymentLinks(10).map((l) => l.id)).toEqual(['L2', 'L1']);
    expect(first.learnPaymentLinkState('L1', { state: 'paid', payment: { id: 'pay-1', amount: '250.50', time: '2026-11-21T19:02:00+01:00' } })).toMatchObject({
      changed: true,
    });
    // The same answer again changes nothing.
    expect(first.learnPaymentLinkState('L1', { state: 'paid', payment: { id: 'pay-1', amount: '250.50', time: '2026-11-21T19:02:00+01:00' } })?.changed).toBe(
      false,
    );
    expect(first.learnPaymentLinkState('nope', { state: 'gone', payment: null })).toBeNull();
    first.close();

    const second = openTestStore({ file, clock });
    expect(second.getPaymentLink('L1')).toMatchObject({
      state: 'paid',
      checked: '2026-11-21T18:05:00.000Z',
      paidAt: '2026-11-21T18:02:00.000Z',
      paymentId: 'pay-1',
      paymentAmount: '250.50',
    });
    expect(second.unsettledPaymentLinks(10).map((l) => l.id)).toEqual(['L2']);
    expect(second.paidPaymentLinks('2026-11-21T00:00:00.000Z', '2026-11-22T00:00:00.000Z')).toEqual([
      { id: 'L1', currency: 'CZK', paymentAmount: '250.50', paidAt: '2026-11-21T18:02:00.000Z' },
    ]);
    second.close();
  });
});
