import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listLogFiles } from '../../main/logging/file-logger.js';
import { bundleHeadless, EXTERNAL } from '../../scripts/bundle-headless.mjs';
import type { Sandbox } from '../../sandbox/index.js';
import { cleanup, sandboxFor, tempDir } from '../integration/helpers/harness.js';
import { startHeadless } from '../integration/helpers/headless-process.js';

/** The bare module names a bundle still imports or requires at run time (node: built-ins aside). */
function runtimeModules(code: string): Set<string> {
  const names = new Set<string>();
  for (const m of code.matchAll(/(?:^import\s[^;]*?\bfrom\s*|\bimport\(\s*|\b(?:__)?require\(\s*)["']([@a-z][a-z0-9@/._-]*)["']/gm)) {
    const name = m[1]!;
    if (name.startsWith('node:')) continue;
    names.add(name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0]!);
  }
  return names;
}

describe('the headless host as one bundled file (scripts/bundle-headless.mjs)', () => {
  // Inside the repository, so its externals resolve from node_modules as the real bundle's do.
  const outDir = join('test-results', `bundle-${randomUUID()}`);
  const outfile = join(outDir, 'headless.bundle.mjs');
  let sandbox: Sandbox;
  const dataDir = tempDir();
  beforeAll(async () => {
    await bundleHeadless(outfile);
    sandbox = await sandboxFor();
  }, 60_000);
  afterAll(async () => {
    await sandbox.close();
    cleanup(dataDir);
    rmSync(outDir, { recursive: true, force: true });
  });

  it('carries its libraries inside (zod, ws, decimal.js, pino-roll...): only native modules and pino stay outside', () => {
    const code = readFileSync(outfile, 'utf8');
    const imported = runtimeModules(code);
    for (const name of imported) expect([...EXTERNAL, ...builtinModules]).toContain(name);
    expect(imported.has('zod')).toBe(false);
    expect(imported.has('ws')).toBe(false);
    // pino-roll with only the date-fns functions it names, not date-fns's index (all of it).
    expect(imported.has('pino-roll')).toBe(false);
    expect(imported.has('date-fns')).toBe(false);
    expect(code).toContain('node_modules/date-fns/format.cjs');
    expect(code).not.toContain('node_modules/date-fns/index.cjs');
  });

  it('starts, connects to the service, logs JSON lines on stderr, and stops cleanly', async () => {
    const host = await startHeadless(
      ['--data-dir', dataDir, '--service-url', sandbox.url, '--api-key', sandbox.restaurant.apiKey, '--pos-id', randomUUID(), '--transport', 'ws', '--pos-api-port', '0', '--no-ui'],
      { entry: outfile },
    );
    try {
      expect(host.ready.ready).toBe(true);
      expect(await host.connected()).toEqual({ connected: true, transport: 'ws' });
      // The bill store answers through the external better-sqlite3.
      const res = await fetch(`${host.ready.posApi}/tables`, { headers: { authorization: `Bearer ${host.ready.posApiToken}` } });
      expect(res.status).toBe(200);
    } finally {
      host.child.kill('SIGTERM');
      expect(await host.exited).toBe(0);
    }
    // pino (external) writes for the bundle: JSON lines, the store's migrations among them.
    const lines = host.stderr().trim().split('\n').map((l) => JSON.parse(l) as { msg: string });
    expect(lines.some((l) => l.msg === 'migrated the bill database')).toBe(true);
    // pino-roll inside the bundle wrote the same lines to today's file (its name from date-fns's format).
    const files = listLogFiles(dataDir);
    expect(files.map((f) => f.name)).toEqual([expect.stringMatching(/^tableside\.\d{4}-\d{2}-\d{2}\.1\.log$/)]);
    expect(readFileSync(files[0]!.path, 'utf8')).toContain('"msg":"migrated the bill database"');
  });
});
