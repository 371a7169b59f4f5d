import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../main/base/clock.js';
import { migrate, schemaVersion, SCHEMA_VERSION } from '../../main/store/engine/database.js';
import { migration020 } from '../../main/store/engine/migrations/020-staff-devices.js';
import { openTestStore } from './test-store.js';
import { seedBill, upgradeFixture } from './helpers.js';

describe("migration 020 (waiters' phones paired from the till)", () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('upgrades a store of the migrations before it: its data kept; devices paired, seen, followed and revoked survive a reopen', () => {
    const { file, before, cleanup: done } = upgradeFixture(migration020);
    cleanup = done;
    const old = new BetterSqlite3(file);
    migrate(old, before);
    expect(schemaVersion(old)).toBe(19);
    old.close();

    const clock = new ManualClock(Date.parse('2026-11-29T18:00:00Z'));
    const store = openTestStore({ file, clock });
    seedBill(store);
    const secret = 'ab'.repeat(32);
    store.pairStaffDevice({ id: 'd1', name: "Petra's phone", role: 'waiter', secret, label: 'iPhone' });
    store.pairStaffDevice({ id: 'd2', name: 'Manager', role: 'manager', secret: 'cd'.repeat(32), label: null });
    clock.advance(60_000);
    store.markStaffDeviceSeen('d1');
    store.setStaffFollowing('d1', { tableIds: ['t1'], areas: ['Garden'] });
    expect(store.revokeStaffDevice('d2')).toBe(true);
    // A second revoke, or an unknown device: nothing written.
    expect(store.revokeStaffDevice('d2')).toBe(false);
    expect(store.revokeStaffDevice('nobody')).toBe(false);
    store.close();

    const reopened = openTestStore({ file, clock });
    expect(reopened.getBill('b1')?.items).toHaveLength(3);
    expect(reopened.staffDevices()).toEqual([
      {
        id: 'd1',
        name: "Petra's phone",
        role: 'waiter',
        secret,
        label: 'iPhone',
        pairedAt: '2026-11-29T18:00:00.000Z',
        lastSeenAt: '2026-11-29T18:01:00.000Z',
        revokedAt: null,
        following: { tableIds: ['t1'], areas: ['Garden'] },
      },
    ]);
    expect(reopened.staffDevice('d2')?.revokedAt).toBe('2026-11-29T18:01:00.000Z');
    const log = reopened.eventsAfter(0, 1000).filter((e) => e.kind.startsWith('staff.'));
    expect(log.map((e) => [e.kind, e.data.deviceName])).toEqual([
      ['staff.paired', "Petra's phone"],
      ['staff.paired', 'Manager'],
      ['staff.revoked', 'Manager'],
    ]);
    expect(JSON.stringify(log)).not.toContain(secret);
    reopened.close();
    const db = new BetterSqlite3(file);
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
    // A role outside the two is refused by the table itself.
    expect(() => db.prepare("INSERT INTO staff_devices (id, name, role, secret, pairedAt) VALUES ('x', 'x', 'owner', 's', 't')").run()).toThrow(/CHECK/);
    db.close();
  });
});
