import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/index.js';
import { cleanup, sandboxFor, tempDir } from '../integration/helpers/harness.js';
import { startHeadless, type Headless } from '../integration/helpers/headless-process.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await sandboxFor();
});
afterAll(async () => {
  await sandbox.close();
});

const running: { host: Headless; dir: string }[] = [];
afterEach(async () => {
  for (const { host, dir } of running.splice(0)) {
    host.child.kill('SIGTERM');
    expect(await host.exited).toBe(0);
    cleanup(dir);
  }
});

async function run(dir: string, args: string[], env: Record<string, string> = {}): Promise<Headless> {
  const host = await startHeadless(['--data-dir', dir, '--no-ui', ...args], { env });
  running.push({ host, dir });
  return host;
}

const mode = (path: string) => statSync(path).mode & 0o777;

/** A restaurant per test: the sandbox keeps one POS link per restaurant, and the last test's may still be closing. */
const ownKey = () => sandbox.createRestaurant(`Bistro ${randomUUID().slice(0, 8)}`).apiKey;

describe('the headless host runs from its data dir', () => {
  it('with no flags it uses D/settings.json and the stored key: it connects to the saved service, not the demo', async () => {
    const dir = tempDir();
    const posId = randomUUID();
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ environment: 'sandbox', serviceUrl: sandbox.url, posId, transport: 'longpoll', posApiPort: 0 }));
    writeFileSync(join(dir, 'api-key.txt'), ownKey());
    const host = await run(dir, []);
    expect(host.ready.demo).toBeUndefined();
    expect(host.ready.transport).toBe('longpoll');
    expect(await host.connected()).toEqual({ connected: true, transport: 'longpoll' });
    // The service knows the till by the saved Pos-Id.
    expect(JSON.stringify(sandbox.state())).toContain(posId);
  });

  it.each([
    ['--api-key-file', (file: string, _key: string) => ({ args: ['--api-key-file', file], env: {} })],
    ['TABLESIDE_API_KEY', (_file: string, key: string) => ({ args: [], env: { TABLESIDE_API_KEY: key } })],
  ])('takes the key from %s, off the command line, and never logs it', async (_name, how) => {
    const dir = tempDir();
    const keyFile = join(dir, 'key-input');
    const key = ownKey();
    writeFileSync(keyFile, `${key}\n`);
    const { args, env } = how(keyFile, key);
    const host = await run(dir, ['--service-url', sandbox.url, '--pos-api-port', '0', '--transport', 'ws', ...args], env);
    expect(await host.connected()).toEqual({ connected: true, transport: 'ws' });
    expect(host.stderr()).not.toContain(key);
    expect(host.ready.demo).toBeUndefined();
  });

  it('keeps the data dir 0700 and its secret files 0600, narrowing files that were 0644', async () => {
    const dir = join(tempDir(), 'data');
    mkdirSync(dir, { mode: 0o755 });
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ environment: 'sandbox', serviceUrl: sandbox.url, posId: randomUUID(), posApiPort: 0 }), {
      mode: 0o644,
    });
    writeFileSync(join(dir, 'api-key.txt'), ownKey(), { mode: 0o644 });
    writeFileSync(join(dir, 'pos-api-token'), `${'ab'.repeat(32)}\n`, { mode: 0o644 });
    chmodSync(dir, 0o755);
    const host = await run(dir, []);
    await host.connected();
    expect(mode(dir)).toBe(0o700);
    for (const file of ['settings.json', 'api-key.txt', 'pos-api-token']) expect([file, mode(join(dir, file))]).toEqual([file, 0o600]);
    expect(readFileSync(join(dir, 'pos-api-token'), 'utf8').trim()).toBe(host.ready.posApiToken);
  });

  it('a fresh data dir is created 0700 and runs the demo', async () => {
    const dir = join(tempDir(), 'fresh');
    const host = await run(dir, ['--pos-api-port', '0']);
    expect(host.ready.demo).toBe(true);
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'settings.json'))).toBe(0o600);
    expect(mode(join(dir, 'pos-api-token'))).toBe(0o600);
  });
});
