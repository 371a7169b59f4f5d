import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CompanionEvent } from '../../preload/contract.js';
import { ManualClock } from '../../main/base/clock.js';
import { createCompanion } from '../../main/app/companion.js';
import { silentLogger } from '../../main/base/log.js';
import { createManagerPin, MAX_TRIES, MAX_WAIT_MS, PIN_FILE, UNLOCK_MS, WAIT_MS } from '../../main/features/settings/manager-pin.js';
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
    // A new PIN has at least 6 digits; 4 and 5 were enough for earlier versions, no more.
    expect(pin.set('1234')).toMatchObject({ ok: false, code: 'PIN_FORMAT' });
    expect(pin.set('12345')).toMatchObject({ ok: false, code: 'PIN_FORMAT' });
    expect(pin.set('123456789')).toMatchObject({ ok: false, code: 'PIN_FORMAT' });
    expect(pin.isSet()).toBe(false);
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
    expect(pin.set('135790', 'made-up')).toMatchObject({ ok: false, code: 'PIN_REQUIRED' });
    const changed = pin.set('135790', third.value.unlock);
    expect(changed).toMatchObject({ ok: true });
    expect(pin.allows(third.value.unlock)).toBe(false);
    expect(pin.unlock(PIN)).toMatchObject({ code: 'PIN_WRONG' });
    expect(pin.unlock('135790')).toMatchObject({ ok: true });
  });

  it('a damaged PIN file keeps everything locked, the right PIN included, until the integrator deletes it; its contents are not logged', () => {
    const dir = tempDir();
    const { log, lines } = recordingLogger();
    const clock = new ManualClock();
    const pin = createManagerPin({ dataDir: dir, clock, log });
    const set = pin.set(PIN);
    if (!set.ok) throw new Error(set.code);
    writeFileSync(join(dir, PIN_FILE), '{"v":1,"hash":"secret-looking');

    // Set and locked: not "no PIN", and no way around it, not even an unlock granted before.
    expect(pin.isSet()).toBe(true);
    expect(pin.allows(undefined)).toBe(false);
    expect(pin.allows(set.value.unlock)).toBe(false);
    expect(pin.unlocked(set.value.unlock)).toBe(false);
    expect(pin.unlock(PIN)).toEqual({ ok: false, code: 'PIN_LOCKED', params: { reason: 'damaged' } });
    expect(pin.set('135790')).toEqual({ ok: false, code: 'PIN_LOCKED', params: { reason: 'damaged' } });
    expect(pin.set('135790', set.value.unlock)).toEqual({ ok: false, code: 'PIN_LOCKED', params: { reason: 'damaged' } });
    // A restart does not open it either.
    const restarted = createManagerPin({ dataDir: dir, clock, log });
    expect(restarted.isSet()).toBe(true);
    expect(restarted.unlock(PIN)).toMatchObject({ ok: false, code: 'PIN_LOCKED' });
    // A file that is there but cannot be read at all is damaged the same way.
    rmSync(join(dir, PIN_FILE));
    mkdirSync(join(dir, PIN_FILE));
    expect(restarted.allows(undefined)).toBe(false);
    expect(restarted.unlock(PIN)).toMatchObject({ ok: false, code: 'PIN_LOCKED', params: { reason: 'damaged' } });

    const warnings = lines().filter((l) => String(l.msg).includes('manager PIN file cannot be read'));
    expect(warnings.length).toBeGreaterThan(0);
    expect(JSON.stringify(warnings)).toContain('delete the file');
    expect(JSON.stringify(lines())).not.toContain('secret-looking');

    // The reset: the integrator deletes the file; then a new PIN is chosen as on first use.
    rmSync(join(dir, PIN_FILE), { recursive: true });
    expect(restarted.isSet()).toBe(false);
    expect(restarted.set('135790')).toMatchObject({ ok: true });
    expect(restarted.unlock('135790')).toMatchObject({ ok: true });
  });

  it('a PIN of 4 digits set by an earlier version still unlocks', () => {
    const dir = tempDir();
    const salt = randomBytes(16);
    const hash = scryptSync('2468', salt, 32, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const file = { v: 1, algo: 'scrypt', N: 16384, r: 8, p: 1, salt: salt.toString('base64'), hash: hash.toString('base64'), failures: 0, waitUntil: null };
    writeFileSync(join(dir, PIN_FILE), JSON.stringify(file));
    const pin = createManagerPin({ dataDir: dir, clock: new ManualClock(), log: silentLogger() });
    expect(pin.isSet()).toBe(true);
    expect(pin.unlock('1357')).toMatchObject({ ok: false, code: 'PIN_WRONG' });
    const unlocked = pin.unlock('2468');
    expect(unlocked).toMatchObject({ ok: true });
    // Changing it needs the new length.
    if (!unlocked.ok) throw new Error(unlocked.code);
    expect(pin.set('1357', unlocked.value.unlock)).toMatchObject({ ok: false, code: 'PIN_FORMAT' });
  });

  it('each further lockout waits twice as long, up to a day, on the clock; the right PIN starts over', () => {
    const dir = tempDir();
    const clock = new ManualClock();
    const pin = createManagerPin({ dataDir: dir, clock, log: silentLogger() });
    pin.set(PIN);
    const lockOut = (p: ReturnType<typeof createManagerPin>) => {
      for (let i = 1; i < MAX_TRIES; i++) expect(p.unlock(WRONG_PIN)).toMatchObject({ code: 'PIN_WRONG' });
      return p.unlock(WRONG_PIN);
    };
    const waits: number[] = [];
    for (let n = 0; n < 10; n++) {
      const locked = lockOut(pin);
      if (locked.ok || locked.code !== 'PIN_LOCKED') throw new Error('not locked');
      const wait = Number(locked.params?.retryInSeconds) * 1000;
      waits.push(wait);
      // Not a millisecond less, on this run or after a restart.
      clock.advance(wait - 1);
      expect(createManagerPin({ dataDir: dir, clock, log: silentLogger() }).unlock(PIN)).toMatchObject({ code: 'PIN_LOCKED', params: { retryInSeconds: 1 } });
      clock.advance(1);
    }
    expect(waits.slice(0, 4)).toEqual([WAIT_MS, 2 * WAIT_MS, 4 * WAIT_MS, 8 * WAIT_MS]);
    expect(Math.max(...waits)).toBe(MAX_WAIT_MS);
    expect(waits.at(-1)).toBe(MAX_WAIT_MS);
    // The PIN_WRONG before a lockout names the wait that is coming.
    expect(pin.unlock(WRONG_PIN)).toMatchObject({ code: 'PIN_WRONG', params: { waitMinutes: MAX_WAIT_MS / 60_000 } });
    expect(pin.unlock(PIN)).toMatchObject({ ok: true });
    expect(lockOut(pin)).toMatchObject({ code: 'PIN_LOCKED', params: { retryInSeconds: WAIT_MS / 1000 } });
  });

  it('tries are counted in memory too: a PIN file put back from an older copy does not forget them', () => {
    const dir = tempDir();
    const clock = new ManualClock();
    const pin = createManagerPin({ dataDir: dir, clock, log: silentLogger() });
    pin.set(PIN);
    const fresh = readFileSync(join(dir, PIN_FILE), 'utf8');
    for (let i = 1; i < MAX_TRIES; i++) {
      expect(pin.unlock(WRONG_PIN)).toMatchObject({ code: 'PIN_WRONG', params: { triesLeft: MAX_TRIES - i } });
      writeFileSync(join(dir, PIN_FILE), fresh);
    }
    expect(pin.unlock(WRONG_PIN)).toMatchObject({ ok: false, code: 'PIN_LOCKED', params: { retryInSeconds: WAIT_MS / 1000 } });
    writeFileSync(join(dir, PIN_FILE), fresh);
    expect(pin.unlock(PIN)).toMatchObject({ ok: false, code: 'PIN_LOCKED' });
  });

  // A real file system refusal even as root: the data folder's path leaves room for the PIN file's
  // name but not for the longer name of the temp file every write goes through (Linux's PATH_MAX).
  it.runIf(process.platform === 'linux')('a try whose count cannot be written is refused unchecked, the right PIN included', () => {
    const PATH_MAX = 4096;
    const base = tempDir();
    // The PIN file's path a few characters short of PATH_MAX; its temp file's (17 characters longer) past it.
    const sized = PATH_MAX - 8 - `/${PIN_FILE}`.length;
    let dir = base;
    while (dir.length < sized) {
      const left = sized - dir.length;
      dir = join(dir, 'd'.repeat(left > 250 ? 200 : left - 1));
    }
    expect(join(dir, PIN_FILE).length).toBe(PATH_MAX - 8);
    mkdirSync(dir, { recursive: true });
    const elsewhere = createManagerPin({ dataDir: tempDir(), clock: new ManualClock(), log: silentLogger() });
    elsewhere.set(PIN);
    const text = readFileSync(elsewhere.file, 'utf8');
    writeFileSync(join(dir, PIN_FILE), text);

    const { log, lines } = recordingLogger();
    const pin = createManagerPin({ dataDir: dir, clock: new ManualClock(), log });
    expect(pin.isSet()).toBe(true);
    for (let i = 0; i < MAX_TRIES + 2; i++) expect(pin.unlock(WRONG_PIN)).toEqual({ ok: false, code: 'PIN_UNAVAILABLE' });
    expect(pin.unlock(PIN)).toEqual({ ok: false, code: 'PIN_UNAVAILABLE' });
    expect(pin.allows(undefined)).toBe(false);
    expect(readFileSync(join(dir, PIN_FILE), 'utf8')).toBe(text);
    expect(JSON.stringify(lines())).toContain('ENAMETOOLONG');
    expect(JSON.stringify(lines())).not.toContain('wrong manager PIN');
    // Nor can a first PIN be set where it cannot be written.
    rmSync(join(dir, PIN_FILE));
    expect(pin.set(PIN)).toEqual({ ok: false, code: 'PIN_UNAVAILABLE' });
    expect(pin.isSet()).toBe(false);
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
    expect(await call('revealPosApiToken', {})).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    expect(await call('revealPosApiToken', { unlock: 'made-up' })).toMatchObject({ ok: false, error: { code: 'PIN_REQUIRED' } });
    expect(readSettingsFile(dir)).toEqual(before);

    // The cashier's fields stay open, also when the form sends the integration fields unchanged.
    const view = (await companion.api.getSnapshot()).settings;
    const { apiKeyMasked: _m, posApiTokenHint: _t, managerPinSet: _p, ...whole } = view;
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
    const token = companion.posApiToken;
    expect(await call('revealPosApiToken', { unlock })).toEqual({ ok: true, value: { token } });
    const regenerated = await call('regeneratePosApiToken', { unlock });
    expect(regenerated).toMatchObject({ ok: true });
    const newToken = companion.posApiToken;
    expect(newToken).not.toBe(token);
    expect(JSON.stringify(regenerated)).not.toContain(newToken);
    expect((await companion.api.getSnapshot()).settings.posApiTokenHint).toBe(newToken.slice(-4));
    expect(await call('revealPosApiToken', { unlock })).toEqual({ ok: true, value: { token: newToken } });
    expect(await call('lockSettings', { unlock })).toEqual({ ok: true, value: null });
    expect(await call('saveSettings', { transport: 'longpoll', unlock })).toMatchObject({ ok: false, error: { code: 'PIN_REQUIRED' } });
    expect(await call('revealPosApiToken', { unlock })).toMatchObject({ ok: false, error: { code: 'PIN_REQUIRED' } });
    // Neither token was ever in a snapshot or an event, locked or unlocked.
    const seen = JSON.stringify([events, await companion.api.getSnapshot()]);
    expect(events.filter((e) => e.type === 'settings').length).toBeGreaterThanOrEqual(3);
    for (const secret of [token, newToken]) expect(seen).not.toContain(secret);

    // The PIN never reaches the log, and a restarted till still has it set.
    expect(JSON.stringify(lines())).not.toContain(PIN);
    await companion.stop();
    const again = await till(dir);
    expect((await again.companion.api.getSnapshot()).settings.managerPinSet).toBe(true);
    expect(await again.call('saveSettings', { transport: 'longpoll', unlock })).toMatchObject({ ok: false, error: { code: 'PIN_REQUIRED' } });
  });

  it('the POS API token is shown only to a live unlock of a set PIN, never in a snapshot or an event', async () => {
    const clock = new ManualClock();
    const dir = savedDir();
    const companion = await createCompanion({ dataDir: dir, log: silentLogger(), clock });
    cleanups.push(() => companion.stop());
    const events: CompanionEvent[] = [];
    companion.api.onEvent((e) => events.push(e));
    const call = (name: Parameters<typeof runCommand>[1], raw: unknown) => runCommand(companion.api, name, raw);
    const token = companion.posApiToken;

    // No PIN yet: the token is not shown at all (the integrator sets a PIN first, or reads the token file).
    expect(await call('revealPosApiToken', { unlock: 'made-up' })).toMatchObject({ ok: false, error: { code: 'PIN_NOT_SET' } });
    expect((await companion.api.getSnapshot()).settings).toMatchObject({ managerPinSet: false, posApiTokenHint: token.slice(-4) });

    const set = await call('setManagerPin', { pin: PIN });
    if (!set.ok) throw new Error(set.error.code);
    const { unlock } = set.value as { unlock: string };
    expect(await call('revealPosApiToken', { unlock })).toEqual({ ok: true, value: { token } });
    // The same unlock, expired on the clock, shows nothing.
    clock.advance(UNLOCK_MS);
    expect(await call('revealPosApiToken', { unlock })).toMatchObject({ ok: false, error: { code: 'PIN_REQUIRED' } });
    // A wrong PIN gives no unlock to show it with.
    expect(await call('unlockSettings', { pin: WRONG_PIN })).toMatchObject({ ok: false, error: { code: 'PIN_WRONG' } });

    const snapshotText = JSON.stringify(await companion.api.getSnapshot());
    expect(snapshotText).not.toContain(token);
    expect(events.some((e) => e.type === 'settings' && e.settings.managerPinSet)).toBe(true);
    expect(JSON.stringify(events)).not.toContain(token);
    // The host side keeps it: the token file the integrator reads.
    expect(readFileSync(join(dir, 'pos-api-token'), 'utf8').trim()).toBe(token);
  });
});
