import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCompanion } from '../../main/app/companion.js';
import { silentLogger } from '../../main/base/log.js';
import { isAllowedServiceUrl } from '../../main/features/settings/service-url.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { dataDir, readSettingsFile, remove, writeSettingsFile } from '../settings/settings-fixtures.js';
import { startRecordingService, type RecordingService } from './recording-service.js';

let sandbox: Sandbox;
let other: RecordingService;
beforeAll(async () => {
  sandbox = await startSandbox({ pollHoldMs: 1_000 });
  other = await startRecordingService();
});
afterAll(async () => {
  await other.close();
  await sandbox.close();
});
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A till set up against the sandbox with its key saved in the data dir (the headless plain store). */
async function savedTill(extra: Record<string, unknown> = {}, overrides: Parameters<typeof createCompanion>[0]['settings'] = {}) {
  const dir = dataDir();
  cleanups.push(() => remove(dir));
  writeSettingsFile(dir, { environment: 'sandbox', serviceUrl: sandbox.url, posId: randomUUID(), transport: 'longpoll', posApiPort: 0, ...extra });
  writeFileSync(join(dir, 'api-key.txt'), sandbox.restaurant.apiKey);
  const companion = await createCompanion({ dataDir: dir, settings: overrides, log: silentLogger() });
  cleanups.push(() => companion.stop());
  return { dir, companion };
}

describe('the API key goes only where it was saved for', () => {
  it('a new service URL without its key is refused, and the stored key is not sent there (not even to who-am-i)', async () => {
    const { dir, companion } = await savedTill();
    const before = readSettingsFile(dir);
    const result = await companion.api.saveSettings({ serviceUrl: other.url });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('KEY_REQUIRED_FOR_NEW_URL');
    expect(other.connections()).toBe(0);
    expect(readSettingsFile(dir)).toEqual(before);
  });

  it('a new service URL with a key in the same request is checked with that key only', async () => {
    const { companion } = await savedTill();
    const seen = other.requests.length;
    const result = await companion.api.saveSettings({ serviceUrl: other.url, apiKey: 'newk-newk-newk-newk-newk' });
    expect(result.ok).toBe(false);
    expect(other.requests.slice(seen).map((r) => r.authorization)).toEqual(['Bearer newk-newk-newk-newk-newk']);
  });

  it('the same origin (another path) keeps using the stored key', async () => {
    const { companion } = await savedTill();
    const result = await companion.api.saveSettings({ serviceUrl: `${sandbox.url}/` });
    expect(result.ok).toBe(true);
  });

  it('plain http is refused outside this computer, for saving and for the key check', async () => {
    const { companion } = await savedTill();
    const saved = await companion.api.saveSettings({ serviceUrl: 'http://sandbox.example.com', apiKey: 'abcd-abcd-abcd-abcd-abcd' });
    expect(saved.ok).toBe(false);
    if (!saved.ok) expect(saved.error).toMatchObject({ code: 'INVALID', params: { field: 'serviceUrl' } });
    const checked = await companion.api.checkApiKey({ serviceUrl: 'http://10.0.0.5:8080', apiKey: 'abcd-abcd-abcd-abcd-abcd', posId: randomUUID() });
    expect(checked.ok).toBe(false);
  });

  it.each([
    ['https://sandbox.example.com', true],
    ['http://127.0.0.1:8080', true],
    ['http://127.9.8.7', true],
    ['http://localhost:3000', true],
    ['http://[::1]:3000', true],
    ['http://sandbox.example.com', false],
    ['http://192.168.1.10', false],
    ['http://127.0.0.1.example.com', false],
    ['ftp://127.0.0.1', false],
    ['not a url', false],
  ])('%s allowed: %s', (url, allowed) => {
    expect(isAllowedServiceUrl(url)).toBe(allowed);
  });
});

describe('a taken port in Settings', () => {
  it('a POS API port that is taken is refused with PORT_IN_USE, and the API stays where it was', async () => {
    const { companion } = await savedTill();
    const before = companion.posApiUrl;
    const port = Number(new URL(other.url).port);
    const result = await companion.api.saveSettings({ posApiPort: port });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatchObject({ code: 'PORT_IN_USE', params: { port, role: 'posApi' } });
    expect(companion.posApiUrl).toBe(before);
    expect((await fetch(`${before}/tables`, { headers: { authorization: `Bearer ${companion.posApiToken}` } })).status).toBe(200);
  });

  it('a webhook port that is taken is named when the new session starts', async () => {
    const { companion } = await savedTill({ transport: 'webhook', webhookPort: 0, webhookPublicUrl: 'https://till.example.com' });
    await companion.start();
    const port = Number(new URL(other.url).port);
    const result = await companion.api.saveSettings({ webhookPort: port });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatchObject({ code: 'PORT_IN_USE', params: { port, role: 'webhook' } });
  });
});

describe('flags override the file for one run; the file keeps what it had', () => {
  it('a run against another origin gets no stored key; a key entered then is saved with that URL', async () => {
    const dir = dataDir();
    cleanups.push(() => remove(dir));
    writeSettingsFile(dir, { environment: 'sandbox', serviceUrl: other.url, posId: randomUUID(), transport: 'longpoll', posApiPort: 0 });
    writeFileSync(join(dir, 'api-key.txt'), 'olds-olds-olds-olds-olds');
    const companion = await createCompanion({ dataDir: dir, settings: { serviceUrl: sandbox.url }, log: silentLogger() });
    cleanups.push(() => companion.stop());
    expect(companion.connection().problem).toBe('KEY_MISSING');
    const saved = await companion.api.saveSettings({ apiKey: sandbox.restaurant.apiKey });
    expect(saved.ok).toBe(true);
    expect(readSettingsFile(dir).serviceUrl).toBe(sandbox.url);
    expect(readFileSync(join(dir, 'api-key.txt'), 'utf8')).toBe(sandbox.restaurant.apiKey);
    expect(other.requests.filter((r) => r.authorization?.includes('olds'))).toEqual([]);
  });

  it('saving in Settings writes the cashier change, not the run overrides, and keeps unknown fields', async () => {
    const { dir, companion } = await savedTill({ transport: 'ws', futureField: [1, 2, 3] }, { transport: 'longpoll' });
    expect(companion.transport).toBe('longpoll');
    const saved = await companion.api.saveSettings({ language: 'cs' });
    expect(saved.ok).toBe(true);
    expect(readSettingsFile(dir)).toMatchObject({ transport: 'ws', language: 'cs', futureField: [1, 2, 3] });
    expect(companion.transport).toBe('longpoll');
  });
});
