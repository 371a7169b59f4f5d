import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../main/base/clock.js';
import { silentLogger } from '../../main/base/log.js';
import { createBackupCommands, RESTORE_STOP_DELAY_MS } from '../../main/features/backups/backup-commands.js';
import { restoreBackup } from '../../main/store/index.js';
import { openTestStore, type TestStore } from '../store/test-store.js';
import { seedBill, tempDir, wirePayment } from '../store/helpers.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

/** A real store with paid payments, its backup commands over it, and a PIN that allows only "good". */
async function setup() {
  const tmp = tempDir();
  cleanups.push(tmp.cleanup);
  const file = join(tmp.dir, 'tableside.sqlite');
  const clock = new ManualClock();
  let store: TestStore = openTestStore({ file, clock });
  cleanups.push(() => store.close());
  for (const i of [0, 1, 2]) {
    seedBill(store, `b${i}`, `t${i}`);
    store.startPayment(wirePayment(`p${i}`, [{ id: 'beer', price: '62.50', quantity: '1' }], { idBill: `b${i}` }));
    store.processPayment(`p${i}`);
  }
  const backup = await store.backup('test');
  seedBill(store, 'bl', 'tl');
  store.startPayment(wirePayment('late', [{ id: 'beer', price: '62.50', quantity: '1' }], { idBill: 'bl' }));
  const restored: string[] = [];
  let finished: Promise<void> = Promise.resolve();
  const commands = createBackupCommands({
    file,
    pin: { allows: (token) => token === 'good' },
    clock,
    log: silentLogger(),
    restartsItself: true,
    restore: (path) => {
      // What companion.ts does: stop the core (the store closes), put the backup in place, restart.
      finished = (async () => {
        store.close();
        await restoreBackup({ file, backup: path });
        restored.push(path);
        store = openTestStore({ file, clock: new ManualClock() });
      })();
      return finished;
    },
  });
  return { file, clock, backup, commands, restored, store: () => store, finished: () => finished };
}

describe('Settings → Backups', () => {
  it('lists the backups; a restore behind the PIN answers first, then the restored database has every payment', async () => {
    const t = await setup();
    const list = await t.commands.listBackups();
    expect(list).toEqual({ ok: true, value: { backups: [{ name: t.backup.name, at: new Date(t.backup.at).toISOString(), bytes: t.backup.bytes }], kept: 7 } });

    expect(await t.commands.restoreBackup({ file: t.backup.name })).toEqual({ ok: false, error: { code: 'PIN_REQUIRED', params: { field: 'backup' } } });
    expect(await t.commands.restoreBackup({ file: t.backup.name, unlock: 'good' })).toEqual({
      ok: true,
      value: { restored: t.backup.name, restart: 'automatic' },
    });
    // Answered before anything stops.
    expect(t.restored).toEqual([]);
    expect(t.store().getPayment('late')).not.toBeNull();
    t.clock.advance(RESTORE_STOP_DELAY_MS);
    await t.finished();
    expect(t.restored).toEqual([t.backup.path]);
    for (const id of ['p0', 'p1', 'p2']) expect(t.store().getPayment(id)?.state).toBe('PROCESSED');
    expect(t.store().getPayment('late')).toBeNull();
  });

  it('refuses a name that is not a backup and a damaged backup, and nothing stops', async () => {
    const t = await setup();
    expect(await t.commands.restoreBackup({ file: 'tableside-2020-01-01T00-00-00-000Z.sqlite', unlock: 'good' })).toMatchObject({
      ok: false,
      error: { code: 'BACKUP_NOT_FOUND' },
    });
    writeFileSync(t.backup.path, 'not a database at all, only text that SQLite will not read as one');
    expect(await t.commands.restoreBackup({ file: t.backup.name, unlock: 'good' })).toMatchObject({ ok: false, error: { code: 'BACKUP_DAMAGED' } });
    t.clock.advance(RESTORE_STOP_DELAY_MS);
    expect(t.restored).toEqual([]);
    expect(t.store().getPayment('late')).not.toBeNull();
  });
});
