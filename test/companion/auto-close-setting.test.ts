import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSettings } from '../../main/features/settings/settings-file.js';
import { BEER, cleanup, sandboxFor, startCompanion, type Running } from '../integration/helpers/harness.js';
import type { Sandbox } from '../../sandbox/index.js';

// The autoCloseBills setting, from settings.json and Settings to the store.
describe('autoCloseBills setting', () => {
  it('is on by default; a settings.json without it loads on, one with false loads off', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tableside-settings-'));
    try {
      expect(loadSettings(dir).settings.autoCloseBills).toBe(true);
      writeFileSync(join(dir, 'settings.json'), JSON.stringify({ language: 'cs', posId: '0b9a4f8e-3c2d-4e1f-9a8b-7c6d5e4f3a2b' }));
      expect(loadSettings(dir).settings).toMatchObject({ autoCloseBills: true, language: 'cs' });
      writeFileSync(join(dir, 'settings.json'), JSON.stringify({ autoCloseBills: false, posId: '0b9a4f8e-3c2d-4e1f-9a8b-7c6d5e4f3a2b' }));
      expect(loadSettings(dir).settings.autoCloseBills).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('through a real companion and the sandbox', () => {
    let sandbox: Sandbox;
    let pos: Running;
    beforeAll(async () => {
      sandbox = await sandboxFor();
      pos = await startCompanion(sandbox, 'ws', { autoCloseBills: true });
      await pos.waitForStatus('connected');
    });
    afterAll(async () => {
      await pos.stop();
      await sandbox.close();
      cleanup(pos.dataDir);
    });

    // Resolves on the bill's event in that state (already heard or still to come): no sleeping.
    const billReaches = (billId: string, state: string) =>
      new Promise<void>((resolve) => {
        const off = pos.companion.api.onEvent((e) => {
          if (e.type === 'bill' && e.bill.id === billId && e.bill.state === state) {
            off();
            resolve();
          }
        });
        if (pos.events.some((e) => e.type === 'bill' && e.bill.id === billId && e.bill.state === state)) {
          off();
          resolve();
        }
      });
    const paidAndSettled = async (tableId: string, billId: string, state: string) => {
      await pos.pos.seed(tableId, billId, [BEER]);
      const reached = billReaches(billId, state);
      expect((await sandbox.guestPay({ idTable: tableId })).outcome).toBe('paid');
      await reached;
    };

    it('on: the guest paying the whole bill closes it and the table is free; Settings off: the next stays PAID', async () => {
      expect((await pos.companion.api.getSnapshot()).settings.autoCloseBills).toBe(true);
      await paidAndSettled('ac1', 'bac1', 'CLOSED');
      expect((await pos.pos.bill('bac1')).body.state).toBe('CLOSED');
      const table = (await pos.pos.call('GET', '/tables')).body.find((t: { id: string }) => t.id === 'ac1');
      expect(table).toMatchObject({ state: 'free', openBillIds: [], lastPaid: { amount: '248.00', currency: 'CZK' } });

      const saved = await pos.companion.api.saveSettings({ autoCloseBills: false });
      expect(saved.ok && saved.value.autoCloseBills).toBe(false);
      await paidAndSettled('ac2', 'bac2', 'PAID');
      expect((await pos.pos.bill('bac2')).body.state).toBe('PAID');
    });
  });
});
