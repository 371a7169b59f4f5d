import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, LAST_GOOD_FILE, saveSettings } from '../../main/features/settings/settings-file.js';
import type { Sandbox } from '../../sandbox/index.js';
import { cleanup, sandboxFor, tempDir } from '../integration/helpers/harness.js';
import { startHeadless } from '../integration/helpers/headless-process.js';
import { badFiles } from '../settings/settings-fixtures.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await sandboxFor();
});
afterAll(async () => {
  await sandbox.close();
});

/** The damage that used to start a configured host in demo mode, printing {"connected":true}. */
const EXPLOITS: [string, (text: string) => string][] = [
  ['its first 90 bytes', (text) => text.slice(0, 90)],
  ['0 bytes', () => ''],
  ['a JSON array', () => '[1,2]'],
  ['a newer version\'s "environment": "staging"', (text) => text.replace('"environment": "sandbox"', '"environment": "staging"')],
];

describe('the headless host with a damaged settings.json in a configured data dir', () => {
  it.each(EXPLOITS)('settings.json holding %s: the ready line says SETTINGS_DAMAGED, no demo, no connected line', async (_name, damage) => {
    const dir = tempDir();
    try {
      const posId = randomUUID();
      // Saved against the sandbox with its key, from before the last good copy existed.
      saveSettings(dir, { ...DEFAULT_SETTINGS, environment: 'sandbox', serviceUrl: sandbox.url, posId, transport: 'ws' });
      rmSync(join(dir, LAST_GOOD_FILE));
      writeFileSync(join(dir, 'api-key.txt'), sandbox.restaurant.apiKey);
      const damaged = damage(readFileSync(join(dir, 'settings.json'), 'utf8'));
      writeFileSync(join(dir, 'settings.json'), damaged);

      const host = await startHeadless(['--data-dir', dir, '--pos-api-port', '0', '--no-ui']);
      try {
        expect(host.ready).toMatchObject({ ready: true, problem: 'SETTINGS_DAMAGED' });
        expect(host.ready.demo).toBeUndefined();
        expect(host.ready.sandbox).toBeUndefined();
      } finally {
        host.child.kill('SIGTERM');
        expect(await host.exited).toBe(0);
      }
      expect(host.lines()).toEqual([]);
      expect(host.stderr()).toMatch(/headless: The settings file is damaged/);
      // Nothing minted: settings.json is the damaged file (readable) or set aside whole, and none was written.
      if (existsSync(join(dir, 'settings.json'))) expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toBe(damaged);
      else expect(badFiles(dir).map((f) => readFileSync(join(dir, f), 'utf8'))).toEqual([damaged]);
      expect(existsSync(join(dir, LAST_GOOD_FILE))).toBe(false);
    } finally {
      cleanup(dir);
    }
  });
});
