import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCompanion } from '../../main/app/companion.js';
import type { DemoPort } from '../../main/base/host-types.js';
import { silentLogger } from '../../main/base/log.js';
import { DEFAULT_SETTINGS, LAST_GOOD_FILE, loadSettings, saveSettings } from '../../main/features/settings/settings-file.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { waitFor } from '../sandbox/helpers/wait-for.js';
import { badFiles, dataDir, readSettingsFile, remove, writeSettingsFile } from '../settings/settings-fixtures.js';
import { embeddedDemo } from './demo-port.js';
import { startRecordingService, type RecordingService } from './recording-service.js';

/** The demo port, counting its starts: a configured till must never fall back to the demo. */
function countingDemo(): { port: DemoPort; starts: () => number } {
  let starts = 0;
  return {
    port: (options) => {
      starts++;
      return embeddedDemo(options);
    },
    starts: () => starts,
  };
}

let service: RecordingService;
let sandbox: Sandbox;
beforeAll(async () => {
  service = await startRecordingService();
  sandbox = await startSandbox({ pollHoldMs: 1_000 });
});
afterAll(async () => {
  await service.close();
  await sandbox.close();
});
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/**
 * A sandbox till as Tableside saved it, with its key (the headless plain store). An install from
 * before the last good copy existed: settings.json is all there is.
 */
function configuredDir(serviceUrl: string, apiKey: string | null): { dir: string; posId: string; text: string } {
  const dir = dataDir();
  cleanups.push(() => remove(dir));
  const posId = randomUUID();
  saveSettings(dir, { ...DEFAULT_SETTINGS, environment: 'sandbox', serviceUrl, posId, transport: 'longpoll', posApiPort: 0 });
  rmSync(join(dir, LAST_GOOD_FILE));
  if (apiKey) writeFileSync(join(dir, 'api-key.txt'), apiKey);
  return { dir, posId, text: readFileSync(join(dir, 'settings.json'), 'utf8') };
}

async function start(dir: string, demo = countingDemo()) {
  const companion = await createCompanion({ dataDir: dir, demo: demo.port, settings: { posApiPort: 0 }, log: silentLogger() });
  cleanups.push(() => companion.stop());
  await companion.start();
  return { companion, demo };
}

/** The damage that used to turn a configured till into demo mode with a new Pos-Id. */
const EXPLOITS: [string, (text: string) => string][] = [
  ['its first 90 bytes', (text) => text.slice(0, 90)],
  ['0 bytes', () => ''],
  ['a JSON array', () => '[1,2]'],
  ['a newer version\'s "environment": "staging"', (text) => text.replace('"environment": "sandbox"', '"environment": "staging"')],
];

describe('a configured till whose settings.json is damaged never becomes something else', () => {
  it.each(EXPLOITS)('settings.json holding %s: no demo, no new Pos-Id, connects nowhere, says SETTINGS_DAMAGED', async (name, damage) => {
    const { dir, posId, text } = configuredDir(service.url, 'olds-olds-olds-olds-olds');
    const damaged = damage(text);
    writeSettingsFile(dir, damaged);
    const { companion, demo } = await start(dir);

    const snapshot = await companion.api.getSnapshot();
    expect(snapshot.connection).toMatchObject({ status: 'stopped', problem: 'SETTINGS_DAMAGED' });
    expect(snapshot.connection.sentence).toMatch(/settings file is damaged/);
    expect(snapshot.demo).toBe(false);
    expect(companion.demo).toBe(false);
    expect(companion.sandboxUrl).toBeNull();
    expect(demo.starts()).toBe(0);
    expect(service.connections()).toBe(0);
    expect((await companion.api.reconnect()).ok).toBe(true);
    expect(service.connections()).toBe(0);
    // The Pos-Id on disk is the one the till had: a readable file is left as it was, a damaged one set aside whole.
    if (name.includes('staging')) {
      expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toBe(damaged);
      expect(companion.settings.posId).toBe(posId);
    } else {
      expect(existsSync(join(dir, 'settings.json'))).toBe(false);
      expect(badFiles(dir).map((f) => readFileSync(join(dir, f), 'utf8'))).toEqual([damaged]);
      expect(companion.settings.posId).toBe('');
    }
    expect(existsSync(join(dir, LAST_GOOD_FILE))).toBe(false);
  });

  it('a database alone makes the data dir configured (the key gone with the file)', async () => {
    const { dir } = configuredDir(service.url, null);
    // The first start makes the database (KEY_MISSING: no key).
    const first = await start(dir);
    expect(first.companion.connection().problem).toBe('KEY_MISSING');
    await first.companion.stop();
    rmSync(join(dir, LAST_GOOD_FILE));
    writeSettingsFile(dir, '');
    const { companion, demo } = await start(dir);
    expect(companion.connection()).toMatchObject({ status: 'stopped', problem: 'SETTINGS_DAMAGED' });
    expect(demo.starts()).toBe(0);
  });

  it('settings.json gone after an earlier damaged one: still damaged, the Pos-Id read from the file set aside', async () => {
    const { dir, posId, text } = configuredDir(service.url, null);
    rmSync(join(dir, 'settings.json'));
    writeFileSync(join(dir, 'settings.json.bad-2026-11-20T10-00-00-000Z'), text.slice(0, 200));
    const { companion, demo } = await start(dir);
    expect(companion.connection().problem).toBe('SETTINGS_DAMAGED');
    expect(demo.starts()).toBe(0);
    expect((await companion.api.getSnapshot()).settings).toMatchObject({ posId, serviceUrl: service.url, environment: 'sandbox' });
    expect(existsSync(join(dir, 'settings.json'))).toBe(false);
  });

  it('the last good copy is used when settings.json is damaged, and written back', async () => {
    const { dir, posId } = configuredDir(service.url, 'olds-olds-olds-olds-olds');
    // A start that reads settings.json well keeps its copy.
    const first = await start(dir);
    await first.companion.stop();
    const copy = readFileSync(join(dir, LAST_GOOD_FILE), 'utf8');
    expect(JSON.parse(copy)).toMatchObject({ environment: 'sandbox', posId, serviceUrl: service.url });
    writeSettingsFile(dir, copy.slice(0, 90));
    const { companion, demo } = await start(dir);
    expect(companion.connection().problem).toBeUndefined();
    expect(companion.demo).toBe(false);
    expect(demo.starts()).toBe(0);
    expect(companion.settings).toMatchObject({ environment: 'sandbox', posId, serviceUrl: service.url });
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toBe(copy);
    expect(badFiles(dir)).toHaveLength(1);
  });

  it('a data dir without configuration still starts in demo mode, as before', async () => {
    const dir = dataDir();
    cleanups.push(() => remove(dir));
    writeSettingsFile(dir, '');
    const { companion, demo } = await start(dir);
    expect(demo.starts()).toBe(1);
    expect(companion.demo).toBe(true);
    expect(companion.connection().problem).toBeUndefined();
    expect(readSettingsFile(dir).posId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('a manager repairs damaged settings in Settings', () => {
  it('saving the whole form clears SETTINGS_DAMAGED, writes a good file and connects; a lone language switch is refused', async () => {
    const { dir, posId, text } = configuredDir(sandbox.url, sandbox.restaurant.apiKey);
    writeSettingsFile(dir, text.slice(0, 90));
    const { companion } = await start(dir);
    expect(companion.connection().problem).toBe('SETTINGS_DAMAGED');

    // Anything short of the environment would leave a file that reads as demo.
    expect(await companion.api.saveSettings({ language: 'cs' })).toMatchObject({
      ok: false,
      error: { code: 'SETTINGS_DAMAGED', params: { field: 'environment' } },
    });
    // A live till never gets a made-up Pos-Id: the manager enters the one it is known by.
    const form = (await companion.api.getSnapshot()).settings;
    const { apiKeyMasked: _m, posApiTokenHint: _t, managerPinSet: _p, ...whole } = form;
    // The form is filled with what the damaged file still says; it is never used to connect.
    expect(whole).toMatchObject({ environment: 'sandbox', serviceUrl: sandbox.url, posId: '' });
    expect(existsSync(join(dir, 'settings.json'))).toBe(false);

    // Once a PIN is set, the repair is the manager's even when the form is unchanged.
    const pin = await companion.api.setManagerPin({ pin: '246810' });
    expect(pin.ok).toBe(true);
    expect(await companion.api.saveSettings({ ...whole, posApiPort: 0 })).toMatchObject({ ok: false, error: { code: 'INVALID', params: { field: 'posId' } } });
    const repair = { ...whole, posId, posApiPort: 0 };
    expect(await companion.api.saveSettings(repair)).toMatchObject({ ok: false, error: { code: 'PIN_REQUIRED', params: { field: 'environment' } } });
    const unlock = pin.ok ? pin.value.unlock : '';
    const saved = await companion.api.saveSettings({ ...repair, unlock });
    expect(saved.ok).toBe(true);

    expect(companion.connection().problem).toBeUndefined();
    await waitFor(() => companion.connection().status === 'connected', 'the repaired till connected');
    expect(companion.demo).toBe(false);
    expect(readSettingsFile(dir)).toMatchObject({ environment: 'sandbox', serviceUrl: sandbox.url, posId });
    expect(JSON.parse(readFileSync(join(dir, LAST_GOOD_FILE), 'utf8'))).toEqual(readSettingsFile(dir));
    const again = loadSettings(dir, silentLogger(), Date.now(), () => true);
    expect(again.damaged).toBeNull();
    expect(again.settings).toMatchObject({ environment: 'sandbox', posId });
  });

  it('with a manager PIN, the form sent back unchanged (the fallback environment) needs the PIN: a cashier cannot turn the till into demo', async () => {
    const { dir, text } = configuredDir(service.url, 'olds-olds-olds-olds-olds');
    const damaged = text.replace('"environment": "sandbox"', '"environment": "staging"');
    writeSettingsFile(dir, damaged);
    const { companion, demo } = await start(dir);
    expect((await companion.api.setManagerPin({ pin: '246810' })).ok).toBe(true);
    const { apiKeyMasked: _m, posApiTokenHint: _t, managerPinSet: _p, ...whole } = (await companion.api.getSnapshot()).settings;
    expect(whole.environment).toBe('demo');
    expect(await companion.api.saveSettings({ ...whole, reminderSeconds: 15 })).toMatchObject({
      ok: false,
      error: { code: 'PIN_REQUIRED', params: { field: 'environment' } },
    });
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toBe(damaged);
    expect(companion.connection().problem).toBe('SETTINGS_DAMAGED');
    expect(demo.starts()).toBe(0);
  });
});
