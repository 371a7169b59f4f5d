import { randomUUID } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CompanionEvent } from '../../preload/contract.js';
import { ManualClock } from '../../main/base/clock.js';
import { createCompanion } from '../../main/app/companion.js';
import { silentLogger } from '../../main/base/log.js';
import { createManagerPin, MAX_TRIES, PIN_FILE, UNLOCK_MS, WAIT_MS } from '../../main/features/settings/manager-pin.js';
import { runCommand } from '../../main/adapters/ui-bridge/command-schemas.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { dataDir, readSettingsFile, recordingLogger, remove, writeSettingsFile } from './settings-fixtures.js';

// The manager PIN in front of the integration settings.
// Eight digits (the longest a PIN may be): the checks that the PIN is nowhere in a file or a log
// search text full of timestamps, salts and hashes, where any four digits turn up now and then
// (CI once found '9999' inside a log line's epoch-millisecond time).
const PIN = '24681357';
const WRONG_PIN = '97531864';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
function tempDir(): string {
  const dir = dataDir();
  cleanups.push(() => remove(dir));
  return dir;
}

describe('the manager PIN on its own (ManualClock)', () => {
  it('is stored as a salted scrypt hash in its own 0600 file, never the PIN, and never logged', () => {
    const dir = tempDir();
    const { log, lines } = recordingLogger();
    const pin = createManagerPin({ dataDir: dir, clock: new ManualClock(), log });
    expect(pin.isSet()).toBe(false);
    expect(pin.set('12ab')).toMatchObject({ ok: false, code: 'PIN_FORMAT' });
    expect(pin.set('123')).toMatchObject({ ok: false, code: 'PIN_FORMAT' });
    expect(pin.set(PIN)).toMatchObject({ ok: true });
    const text = readFileSync(join(dir, PIN_FILE), 'utf8');
    expect(text).not.toContain(PIN);
    expect(JSON.parse(text)).toMatchObject({ algo: 'scrypt', salt: expect.any(String) as unknown, hash: expect.any(String) as unknown });
    if (process.platform !== 'win32') expect(statSync(join(dir, PIN_FILE)).mode & 0o777).toBe(0o600);
    // Two PINs set the same way never share a salt or a hash.
    const other = tempDir();
    createManagerPin({ dataDir: other, clock: new ManualClock(), log }).set(PIN);
    expect(JSON.parse(readFileSync(join(other, PIN_FILE), 'utf8')).hash).not.toBe(JSON.parse(text).hash);
    pin.unlock(WRONG_PIN);
    pin.unlock(PIN);
    expect(JSON.stringify(lines())).not.toContain(PIN);
    expect(JSON.stringify(lines())).not.toContain(WRONG_PIN);
  });

  it(`${MAX_TRIES} wrong tries make the manager wait ${WAIT_MS / 60_000} min, not a millisecond less, also across a restart`, () => {
    const dir = tempDir();
    const clock = new ManualClock();
    const pin = createManagerPin({ dataDir: dir, clock, log: silentLogger() });
    pin.set(PIN);
    for (let i = 1; i < MAX_TRIES; i++)
      expect(pin.unlock('0000')).toEqual({ ok: false, code: 'PIN_WRONG', params: { triesLeft: MAX_TRIES - i, waitMinutes: 5 } });
    expect(pin.unlock('0000')).toMatchObject({ ok: false, code: 'PIN_LOCKED', params: { retryInSeconds: WAIT_MS / 1000 } });
    // The right PIN does not help during the wait, and a restart does not end it.
    expect(pin.unlock(PIN)).toMatchObject({ ok: false, code: 'PIN_LOCKED' });
    const restarted = createManagerPin({ dataDir: dir, clock, log: silentLogger() });
    clock.advance(WAIT_MS - 1);
    expect(restarted.unlock(PIN)).toMatchObject({ ok: false, code: 'PIN_LOCKED', params: { retryInSeconds: 1 } });
    clock.advance(1);
    expect(restarted.unlock(PIN)).toMatchObject({ ok: true });
    // A success starts the count again.
    expect(restarted.unlock('0000')).toMatchObject({ code: 'PIN_WRONG', params: { triesLeft: MAX_TRIES - 1 } });
  });

  it(`an unlock lasts ${UNLOCK_MS / 60_000} min at most, ends when locked, and a new PIN ends every unlock`, () => {
    const clock = new ManualClock();
    const pin = createManagerPin({ dataDir: tempDir(), clock, log: silentLogger() });
    expect(pin.allows(undefined)).toBe(true);
    const first = pin.set(PIN);
    if (!first.ok) throw new Error(first.code);
    expect(first.value.until).toBe(clock.now() + UNLOCK_MS);
    expect(pin.allows(undefined)).toBe(false);
    expect(pin.allows('made-up')).toBe(false);
    clock.advance(UNLOCK_MS - 1);
    expect(pin.allows(first.value.unlock)).toBe(true);
    clock.advance(1);
    expect(pin.allows(first.value.unlock)).toBe(false);

    const second = pin.unlock(PIN);
    if (!second.ok) throw new Error(second.code);
    pin.lock(second.value.unlock);
    expect(pin.allows(second.value.unlock)).toBe(false);

    const third = pin.unlock(PIN);
    if (!third.ok) throw new Error(third.code);
    expect(pin.set('13579', 'made-up')).toMatchObject({ ok: false, code: 'PIN_REQUIRED' });
    const changed = pin.set('13579', third.value.unlock);
    expect(changed).toMatchObject({ ok: true });
    expect(pin.allows(third.value.unlock)).toBe(false);
    expect(pin.unlock(PIN)).toMatchObject({ code: 'PIN_WRONG' });
    expect(pin.unlock('13579')).toMatchObject({ ok: true });
  });

  it('a damaged PIN file counts as no PIN (the integrator sets a new one) and its contents are not logged', () => {
    const dir = tempDir();
    writeFileSync(join(dir, PIN_FILE), '{"v":1,"hash":"secret-looking');
    const { log, lines } = recordingLogger();
    const pin = createManagerPin({ dataDir: dir, clock: new ManualClock(), log });
    expect(pin.isSet()).toBe(false);
    expect(JSON.stringify(lines())).toContain('manager PIN file cannot be read');
    expect(JSON.stringify(lines())).not.toContain('secret-looking');
  });
});

describe('the manager PIN through the bridge, a real settings.json and a real companion', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ pollHoldMs: 1_000 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  async function till(dir: string, log = silentLogger()) {
    const companion = await createCompanion({ dataDir: dir, log });
    cleanups.push(() => companion.stop());
    const events: CompanionEvent[] = [];
    companion.api.onEvent((e) => events.push(e));
    const call = (name: Parameters<typeof runCommand>[1], raw: unknown) => runCommand(companion.api, name, raw);
    return { companion, events, call };
  }

  function savedDir(): string {
    const dir = tempDir();
    writeSettingsFile(dir, { environment: 'sandbox', serviceUrl: sandbox.url, posId: randomUUID(), transport: 'longpoll', posApiPort: 0, language: 'en' });
    writeFileSync(join(dir, 'api-key.txt'), sandbox.restaurant.apiKey);
    return dir;
  }

  it('refusals name their field: main rules (INVALID) and the bridge check (BAD_INPUT)', async () => {
    const { companion, call } = await till(savedDir());
    expect(await companion.api.saveSettings({ serviceUrl: 'http://sandbox.example.com' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID', params: { field: 'serviceUrl' } },
    });
    expect(await call('saveSettings', { reminderSeconds: 5000 })).toMatchObject({
      ok: false,
      error: { code: 'BAD_INPUT', params: { field: 'reminderSeconds' } },
    });
  });

  it('set on first use; then integration changes need an unlock, cashier ones do not', async () => {
    const dir = savedDir();
    const { log, lines } = recordingLogger();
    const { companion, events, call } = await till(dir, log);
    expect(companion.api.getSnapshot).toBeDefined();
    expect((await companion.api.getSnapshot()).settings.managerPinSet).toBe(false);

    const set = await call('setManagerPin', { pin: PIN });
    expect(set).toMatchObject({ ok: true, value: { unlock: expect.any(String) as unknown } });
    expect(events.some((e) => e.type === 'settings' && e.settings.managerPinSet)).toBe(true);
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).not.toContain(PIN);
    expect(await call('setManagerPin', { pin: '1357' })).toMatchObject({ ok: false, error: { code: 'PIN_ALREADY_SET' } });

    // Locked: an integration field is refused and nothing is written.
    const before = readSettingsFile(dir);
    expect(await call('saveSettings', { transport: 'ws' })).toMatchObject({ ok: false, error: { code: 'PIN_REQUIRED', params: { field: 'transport' } } });
    expect(await call('saveSettings', { apiKey: 'abcd-abcd-abcd-abcd-abcd' })).toMatchObject({
      ok: false,
      error: { code: 'PIN_REQUIRED', params: { field: 'apiKey' } },
    });
    expect(await call('regeneratePosApiToken', {})).toMatchObject({ ok: false, error: { code: 'PIN_REQUIRED' } });
    expect(readSettingsFile(dir)).toEqual(before);

    // The cashier's fields stay open, also when the form sends the integration fields unchanged.
    const view = (await companion.api.getSnapshot()).settings;
    const { apiKeyMasked: _m, posApiToken: _t, managerPinSet: _p, ...whole } = view;
    expect(await call('saveSettings', { ...whole, reminderSeconds: 15, sound: false })).toMatchObject({ ok: true });
    expect(readSettingsFile(dir)).toMatchObject({ reminderSeconds: 15, sound: false, transport: 'longpoll' });

    // Wrong, then right; the unlock carries the change through, and locking ends it.
    expect(await call('unlockSettings', { pin: '1111' })).toMatchObject({ ok: false, error: { code: 'PIN_WRONG', params: { triesLeft: 4 } } });
    const unlocked = await call('unlockSettings', { pin: PIN });
    if (!unlocked.ok) throw new Error(unlocked.error.code);
    const { unlock } = unlocked.value as { unlock: string };
    expect(await call('saveSettings', { transport: 'ws', unlock })).toMatchObject({ ok: true, value: { transport: 'ws' } });
    expect(readSettingsFile(dir)).toMatchObject({ transport: 'ws' });
    expect(readSettingsFile(dir)).not.toHaveProperty('unlock');
    const token = view.posApiToken;
    expect(await call('regeneratePosApiToken', { unlock })).toMatchObject({ ok: true });
    expect((await companion.api.getSnapshot()).settings.posApiToken).not.toBe(token);
    expect(await call('lockSettings', { unlock })).toEqual({ ok: true, value: null });
    expect(await call('saveSettings', { transport: 'longpoll', unlock })).toMatchObject({ ok: false, error: { code: 'PIN_REQUIRED' } });

    // The PIN never reaches the log, and a restarted till still has it set.
    expect(JSON.stringify(lines())).not.toContain(PIN);
    await companion.stop();
    const again = await till(dir);
    expect((await again.companion.api.getSnapshot()).settings.managerPinSet).toBe(true);
    expect(await again.call('saveSettings', { transport: 'longpoll', unlock })).toMatchObject({ ok: false, error: { code: 'PIN_REQUIRED' } });
  });
});
