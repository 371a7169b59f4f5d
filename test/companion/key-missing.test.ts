import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createCompanion } from '../../main/app/companion.js';
import type { DemoPort, SecretStore } from '../../main/base/host-types.js';
import { silentLogger } from '../../main/base/log.js';
import { badFiles, dataDir, readSettingsFile, remove, writeSettingsFile } from '../settings/settings-fixtures.js';
import { embeddedDemo } from './demo-port.js';
import { startRecordingService, type RecordingService } from './recording-service.js';

/** The demo port, counting its starts: a till without its key must never fall back to the demo. */
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

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function sandboxTill(
  secrets: SecretStore | undefined,
): Promise<{ service: RecordingService; demo: ReturnType<typeof countingDemo>; dir: string; companion: Awaited<ReturnType<typeof createCompanion>> }> {
  const service = await startRecordingService();
  cleanups.push(() => service.close());
  const dir = dataDir();
  cleanups.push(() => remove(dir));
  const posId = randomUUID();
  writeSettingsFile(dir, { environment: 'sandbox', serviceUrl: service.url, posId, transport: 'ws', posApiPort: 0 });
  const demo = countingDemo();
  const companion = await createCompanion({ dataDir: dir, secrets, demo: demo.port, log: silentLogger() });
  cleanups.push(() => companion.stop());
  await companion.start();
  return { service, demo, dir, companion };
}

const throwing: SecretStore = {
  encrypted: true,
  load: () => {
    throw new Error('The data is invalid. (DPAPI: encrypted for another user)');
  },
  save: () => undefined,
};
const empty: SecretStore = { encrypted: true, load: () => null, save: () => undefined };

describe('a sandbox till whose API key is missing or unreadable', () => {
  it.each([
    ['cannot be decrypted (load throws)', throwing],
    ['is gone (load answers null)', empty],
    ['was never saved (the plain store has no file)', undefined],
  ])('key %s: stays on its environment, says KEY_MISSING, connects nowhere, starts no sandbox', async (_name, secrets) => {
    const { service, demo, dir, companion } = await sandboxTill(secrets);
    const snapshot = await companion.api.getSnapshot();
    expect(snapshot.connection).toMatchObject({ status: 'stopped', problem: 'KEY_MISSING' });
    expect(snapshot.connection.sentence).toMatch(/enter it again in Settings/);
    expect(snapshot.demo).toBe(false);
    expect(companion.demo).toBe(false);
    expect(companion.sandboxUrl).toBeNull();
    expect(snapshot.settings).toMatchObject({ environment: 'sandbox', serviceUrl: service.url, apiKeyMasked: null });
    // Commands that need the service answer without reaching any network.
    expect((await companion.api.listQrCodes()).ok).toBe(false);
    expect((await companion.api.reconnect()).ok).toBe(true);
    expect(service.connections()).toBe(0);
    expect(demo.starts()).toBe(0);
    expect(readSettingsFile(dir).environment).toBe('sandbox');
    expect(badFiles(dir)).toEqual([]);
  });

  it('connects once the key is entered again in Settings', async () => {
    const { service, companion } = await sandboxTill(empty);
    const saved = await companion.api.saveSettings({ apiKey: 'abcd-abcd-abcd-abcd-abcd' });
    // The recording service refuses every key: the who-am-i check went there, with the new key only.
    expect(saved.ok).toBe(false);
    expect(service.requests.map((r) => r.authorization)).toEqual(['Bearer abcd-abcd-abcd-abcd-abcd']);
  });
});

describe('demo mode is a port the host passes in', () => {
  it('a data dir without configuration runs the embedded sandbox from the port', async () => {
    const dir = dataDir();
    cleanups.push(() => remove(dir));
    writeSettingsFile(dir, { posApiPort: 0 });
    const demo = countingDemo();
    const companion = await createCompanion({ dataDir: dir, demo: demo.port, log: silentLogger() });
    cleanups.push(() => companion.stop());
    expect(demo.starts()).toBe(1);
    expect(companion.demo).toBe(true);
    // On this computer only: LAN demo is IT's choice (settings.json's demoOnLan).
    expect(companion.sandboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await companion.api.getSnapshot()).tables.length).toBeGreaterThan(0);
  });

  it('without the port, demo mode says DEMO_UNAVAILABLE instead of connecting', async () => {
    const dir = dataDir();
    cleanups.push(() => remove(dir));
    writeSettingsFile(dir, { posApiPort: 0 });
    const companion = await createCompanion({ dataDir: dir, log: silentLogger() });
    cleanups.push(() => companion.stop());
    expect((await companion.api.getSnapshot()).connection).toMatchObject({ status: 'stopped', problem: 'DEMO_UNAVAILABLE' });
  });
});
