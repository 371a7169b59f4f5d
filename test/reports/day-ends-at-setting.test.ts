// Restaurant days follow the PC's time zone: this file runs in Prague time (set before any Date use).
process.env.TZ = 'Europe/Prague';

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DayReport } from '../../preload/contract.js';
import { ManualClock } from '../../main/base/clock.js';
import { createCompanion } from '../../main/app/companion.js';
import type { Companion } from '../../main/base/host-types.js';
import { silentLogger } from '../../main/base/log.js';
import { loadSettings } from '../../main/features/settings/settings-file.js';

// The dayEndsAt setting through its real borders: settings.json, the composition root, Settings
// (saveSettings) and the local POS API's day report.
describe('the dayEndsAt setting', () => {
  let dir = '';
  let companion: Companion | null = null;
  afterEach(async () => {
    await companion?.stop();
    companion = null;
    rmSync(dir, { recursive: true, force: true });
  });

  it('a settings.json without it loads unchanged with 04:00; a change in Settings is saved and moves the day of the POS API report', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tableside-day-ends-'));
    const older = { environment: 'demo', language: 'cs', posApiPort: 0, posId: '0b9e1d2c-1111-4222-8333-944455556666', printer: 'Bar' };
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(older));
    expect(loadSettings(dir).settings).toMatchObject({ ...older, dayEndsAt: '04:00' });

    // 02:00 on the 22nd, Prague time: with the day ending at 04:00 it is still the 21st.
    companion = await createCompanion({ dataDir: dir, clock: new ManualClock(new Date(2026, 10, 22, 2, 0).getTime()), log: silentLogger() });
    const report = async () => {
      const res = await fetch(`${companion!.posApiUrl}/reports/day`, { headers: { authorization: `Bearer ${companion!.posApiToken}` } });
      return (await res.json()) as DayReport;
    };
    expect((await report()).date).toBe('2026-11-21');
    expect((await companion.api.getSnapshot()).settings.dayEndsAt).toBe('04:00');

    expect(await companion.api.saveSettings({ dayEndsAt: '00:00' })).toMatchObject({ ok: true, value: { dayEndsAt: '00:00' } });
    expect((await report()).date).toBe('2026-11-22');
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ ...older, dayEndsAt: '00:00' });
    expect(await companion.api.dayReport({})).toMatchObject({ ok: true, value: { date: '2026-11-22' } });

    expect(await companion.api.saveSettings({ dayEndsAt: '24:00' })).toMatchObject({ ok: false, error: { code: 'INVALID' } });
    expect(loadSettings(dir).settings.dayEndsAt).toBe('00:00');
  });
});
