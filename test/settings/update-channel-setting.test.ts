import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompanionEvent } from '../../preload/contract.js';
import { createCompanion } from '../../main/app/companion.js';
import { silentLogger } from '../../main/base/log.js';
import { runCommand } from '../../main/adapters/ui-bridge/command-schemas.js';
import { loadSettings } from '../../main/features/settings/settings-file.js';
import { GOOD_FILE, dataDir, remove, writeSettingsFile } from './settings-fixtures.js';

// Settings → Updates: stable or beta, stored in settings.json, behind the manager PIN.
const PIN = '24681357';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
function tempDir(): string {
  const dir = dataDir();
  cleanups.push(() => remove(dir));
  return dir;
}

describe('updateChannel in settings.json', () => {
  it('a settings.json from before the field loads unchanged, on the stable channel', () => {
    const dir = tempDir();
    const { updateChannel: _c, ...older } = GOOD_FILE;
    writeSettingsFile(dir, older);
    const { settings } = loadSettings(dir);
    expect(settings.updateChannel).toBe('stable');
    expect(settings).toMatchObject(older);
  });

  it('a stored beta arrives; a channel this version does not know falls back to stable alone', () => {
    const dir = tempDir();
    writeSettingsFile(dir, { ...GOOD_FILE, updateChannel: 'beta' });
    expect(loadSettings(dir).settings.updateChannel).toBe('beta');
    writeSettingsFile(dir, { ...GOOD_FILE, updateChannel: 'nightly' });
    expect(loadSettings(dir).settings).toMatchObject({ updateChannel: 'stable', receiptMode: GOOD_FILE.receiptMode });
  });
});

describe('updateChannel through the bridge on a real companion (demo)', () => {
  it('is in the view, checked, kept behind the manager PIN, saved and announced', async () => {
    const dir = tempDir();
    const companion = await createCompanion({ dataDir: dir, log: silentLogger() });
    cleanups.push(() => companion.stop());
    const events: CompanionEvent[] = [];
    companion.api.onEvent((e) => events.push(e));
    const call = (name: Parameters<typeof runCommand>[1], raw: unknown) => runCommand(companion.api, name, raw);

    expect((await companion.api.getSnapshot()).settings.updateChannel).toBe('stable');
    expect(await call('saveSettings', { updateChannel: 'nightly' })).toMatchObject({
      ok: false,
      error: { code: 'BAD_INPUT', params: { field: 'updateChannel' } },
    });

    const set = await call('setManagerPin', { pin: PIN });
    if (!set.ok) throw new Error(set.error.code);
    expect(await call('saveSettings', { updateChannel: 'beta' })).toMatchObject({
      ok: false,
      error: { code: 'PIN_REQUIRED', params: { field: 'updateChannel' } },
    });
    expect(companion.settings.updateChannel).toBe('stable');

    const { unlock } = set.value as { unlock: string };
    expect(await call('saveSettings', { updateChannel: 'beta', unlock })).toMatchObject({ ok: true, value: { updateChannel: 'beta' } });
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ updateChannel: 'beta' });
    expect(companion.settings.updateChannel).toBe('beta');
    expect(events.some((e) => e.type === 'settings' && e.settings.updateChannel === 'beta')).toBe(true);
  });
});
