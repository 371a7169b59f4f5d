import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretForms } from '../../main/app/diagnostics/index.js';
import { listLogFiles } from '../../main/base/logging/file-logger.js';
import type { Sandbox } from '../../sandbox/index.js';
import { BEER, cleanup, PosApi, sandboxFor, tempDir } from '../integration/helpers/harness.js';
import { startHeadless } from '../integration/helpers/headless-process.js';

/**
 * The headless host as deployed (its own process) with a known API key against the real sandbox:
 * a session with a guest payment at debug level, then SIGTERM. Every file under <data-dir>/logs is
 * read for the API key and the POS API token (none may be there), and `--diagnostics` packs the
 * same data folder into a zip that holds neither.
 */
const run = promisify(execFile);
const API_KEY = 'qk_test_4Jf8Lq2Wm9Xc3Vb7Nz5';

describe('the headless host writes redacted log files', () => {
  let sandbox: Sandbox;
  const dataDir = tempDir();
  let posApiToken = '';

  beforeAll(async () => {
    sandbox = await sandboxFor({ apiKey: API_KEY });
    expect(sandbox.restaurant.apiKey).toBe(API_KEY);
    const flags = [
      '--data-dir',
      dataDir,
      '--service-url',
      sandbox.url,
      '--api-key',
      API_KEY,
      '--pos-id',
      randomUUID(),
      '--transport',
      'ws',
      '--pos-api-port',
      '0',
      '--no-ui',
    ];
    const host = await startHeadless(flags, { env: { TABLESIDE_LOG_LEVEL: 'debug' } });
    posApiToken = host.ready.posApiToken;
    const pos = new PosApi(host.ready.posApi, posApiToken);
    await pos.seed('t1', 'b1', [BEER]);
    // A whole guest payment: the service called the companion over the link, so it is connected.
    const paid = await sandbox.guestPay({ idTable: 't1', items: [{ id: 'beer', quantity: '1' }] });
    expect(paid.payment.state).toBe('PAID');
    expect((await pos.call('GET', '/tables', undefined)).status).toBe(200);
    host.child.kill('SIGTERM');
    expect(await host.exited).toBe(0);
  }, 120_000);

  afterAll(async () => {
    await sandbox.close();
    cleanup(dataDir);
  });

  it('has log files in <data-dir>/logs holding the session, without the API key or the POS API token', () => {
    const files = listLogFiles(dataDir);
    expect(files.length).toBeGreaterThanOrEqual(1);
    const text = files.map((f) => readFileSync(f.path, 'utf8')).join('');
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string; level: number });
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.some((l) => l.level === 20)).toBe(true); // debug lines reached the file
    expect(lines.at(-1)?.msg).toBe('stopped cleanly'); // the last line before exit was flushed
    for (const form of [API_KEY, posApiToken].flatMap(secretForms)) expect(text.includes(form), `the logs hold ${form}`).toBe(false);
  });

  it('--diagnostics writes the support bundle of that folder, exits 0, and no entry holds a secret', async () => {
    const zipFile = join(dataDir, 'out', 'support.zip');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'main/headless/cli.ts', '--data-dir', dataDir, '--diagnostics', zipFile]);
    expect(JSON.parse(stdout.trim())).toMatchObject({ diagnostics: zipFile });
    const entries = unzipSync(readFileSync(zipFile));
    expect(Object.keys(entries)).toEqual(expect.arrayContaining(['versions.json', 'settings.json', 'database.json', 'events.json', 'manifest.json']));
    expect(Object.keys(entries).some((n) => n.startsWith('logs/'))).toBe(true);
    expect(JSON.parse(strFromU8(entries['database.json']!))).toMatchObject({ integrity: 'ok', exists: true });
    const events = JSON.parse(strFromU8(entries['events.json']!)) as { kind: string }[];
    expect(events.map((e) => e.kind)).toContain('payment.paid');
    for (const [name, bytes] of Object.entries(entries)) {
      const entry = Buffer.from(bytes).toString('latin1');
      for (const form of [API_KEY, posApiToken].flatMap(secretForms)) expect(entry.includes(form), `${name} holds ${form}`).toBe(false);
    }
  }, 60_000);
});
