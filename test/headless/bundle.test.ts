import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listLogFiles } from '../../main/base/logging/file-logger.js';
import { workerScript } from '../../main/store/engine/checkpoint-thread.js';
import { bundleHeadless, EXTERNAL } from '../../scripts/bundle-headless.mjs';
import type { Sandbox } from '../../sandbox/index.js';
import { cleanup, sandboxFor, tempDir } from '../integration/helpers/harness.js';
import { startHeadless } from '../integration/helpers/headless-process.js';
import { runCheckpointWorker } from '../store/checkpoint-worker-run.js';

const run = promisify(execFile);

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

// Inside the repository, so its externals resolve from node_modules as the real bundle's do; as
// deep as dist/main/headless, so the host finds "../../dist/renderer" inside this folder.
const root = join('test-results', `bundle-${randomUUID()}`);
const outDir = join(root, 'main', 'headless');
const outfile = join(outDir, 'headless.bundle.mjs');
const chunks = () => readdirSync(join(outDir, 'chunks')).filter((f) => f.endsWith('.mjs'));
const read = (file: string) => readFileSync(join(outDir, file), 'utf8');
let sandbox: Sandbox;
const dataDir = tempDir();

beforeAll(async () => {
  await bundleHeadless(outfile);
  mkdirSync(join(root, 'dist', 'renderer'), { recursive: true });
  writeFileSync(join(root, 'dist', 'renderer', 'index.html'), '<!doctype html><title>bundle test</title>\n');
  sandbox = await sandboxFor();
}, 60_000);
afterAll(async () => {
  await sandbox.close();
  cleanup(dataDir);
  rmSync(root, { recursive: true, force: true });
});

describe('what the headless bundle holds (scripts/bundle-headless.mjs)', () => {
  it('carries its libraries inside (zod, ws, pino, pino-roll...) with only what the host uses: native and optional modules stay outside', () => {
    const code = ['headless.bundle.mjs', ...chunks().map((c) => join('chunks', c))].map(read).join('\n');
    const imported = runtimeModules(code);
    for (const name of imported) expect([...EXTERNAL, ...builtinModules]).toContain(name);
    for (const name of ['zod', 'ws', 'pino', 'pino-roll', 'date-fns']) expect([name, imported.has(name)]).toEqual([name, false]);
    // pino-roll with only the date-fns functions it names, not date-fns's index (all of it).
    expect(code).toContain('node_modules/date-fns/format.cjs');
    expect(code).not.toContain('node_modules/date-fns/index.cjs');
    // pino without its worker-thread transport (thread-stream): a stand-in that refuses instead.
    expect(code).not.toContain('node_modules/thread-stream/');
    expect(code).toContain('pino.transport is not available in the headless bundle');
    // undici (the long-poll's HTTP client) in a chunk of its own, imported when the first poll goes out.
    expect(read('headless.bundle.mjs')).not.toContain('node_modules/undici/');
    expect(chunks().filter((c) => read(join('chunks', c)).includes('node_modules/undici/index.js'))).toHaveLength(1);
    // zod's English messages, none of its other languages.
    expect(code).toContain('zod/v4/locales/en.js');
    expect(code).not.toMatch(/zod\/v4\/locales\/(?!en\.js)[a-zA-Z-]+\.js/);
  });

  it('imports the demo sandbox, the browser UI and the support bundle only when it needs them (their own chunks)', () => {
    const entry = read('headless.bundle.mjs');
    const lazy = chunks().filter((c) => /^(sandbox|ui-server|support-bundle)-/.test(c));
    expect(lazy.map((c) => c.replace(/-[A-Z0-9]+\.mjs$/, '')).sort()).toEqual(['sandbox', 'support-bundle', 'ui-server']);
    const statics = [...entry.matchAll(/^(?:import|} from)\s*["']\.\/chunks\/([^"']+)["']/gm)].map((m) => m[1]);
    for (const c of lazy) {
      expect(statics).not.toContain(c);
      expect(`${entry}\n${statics.map((s) => read(join('chunks', s!))).join('\n')}`).toMatch(new RegExp(`import\\(["']\\./(chunks/)?${c}["']\\)`));
    }
    // No chunk the entry loads at start imports them either.
    for (const c of statics) for (const l of lazy) expect(read(join('chunks', c!))).not.toMatch(new RegExp(`(from|import)\\s*["']\\./${l}["']`));
  });

  it('carries the checkpoint worker beside the file that starts it, and that worker checkpoints the WAL', async () => {
    const holders = ['headless.bundle.mjs', ...chunks().map((c) => join('chunks', c))].filter((f) => read(f).includes('checkpoint worker unavailable'));
    expect(holders).toHaveLength(1);
    const { replies, closed } = await runCheckpointWorker(workerScript(pathToFileURL(join(outDir, holders[0]!)).href));
    expect(replies.map((r) => r.type)).toEqual(['ready', 'done']);
    expect(replies[1]).toMatchObject({ mode: 'PASSIVE', busy: 0, checkpointed: (replies[1] as { log: number }).log });
    expect(closed).toBe(true);
  });
});

describe('the bundled headless host', () => {
  it('starts, connects to the service, logs JSON lines on stderr and to its file, and stops cleanly', async () => {
    const host = await startHeadless(
      [
        '--data-dir',
        dataDir,
        '--service-url',
        sandbox.url,
        '--api-key',
        sandbox.restaurant.apiKey,
        '--pos-id',
        randomUUID(),
        '--transport',
        'ws',
        '--pos-api-port',
        '0',
        '--no-ui',
      ],
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
    // pino (inside) writes JSON lines, the store's migrations among them.
    const lines = host
      .stderr()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string });
    expect(lines.some((l) => l.msg === 'migrated the bill database')).toBe(true);
    // pino-roll inside the bundle wrote the same lines to today's file (its name from date-fns's format).
    const files = listLogFiles(dataDir);
    expect(files.map((f) => f.name)).toEqual([expect.stringMatching(/^tableside\.\d{4}-\d{2}-\d{2}\.1\.log$/)]);
    expect(readFileSync(files[0]!.path, 'utf8')).toContain('"msg":"migrated the bill database"');
  });

  it('connects over long-poll (undici, loaded when the transport makes its client)', async () => {
    const dir = tempDir();
    const host = await startHeadless(
      [
        '--data-dir',
        dir,
        '--service-url',
        sandbox.url,
        '--api-key',
        sandbox.restaurant.apiKey,
        '--pos-id',
        randomUUID(),
        '--transport',
        'longpoll',
        '--pos-api-port',
        '0',
        '--no-ui',
      ],
      { entry: outfile },
    );
    try {
      expect(await host.connected()).toEqual({ connected: true, transport: 'longpoll' });
    } finally {
      host.child.kill('SIGTERM');
      expect(await host.exited).toBe(0);
      cleanup(dir);
    }
  });

  it('writes the support bundle (its chunk, with the zip library) for --diagnostics', async () => {
    const zip = join(tempDir(), 'support.zip');
    // --diagnostics prints its own line instead of the ready line, then exits 0 (execFile throws otherwise).
    const { stdout } = await run(process.execPath, [outfile, '--data-dir', dataDir, '--diagnostics', zip]);
    expect(JSON.parse(stdout.trim())).toMatchObject({ diagnostics: zip });
    expect(Object.keys(unzipSync(readFileSync(zip)))).toEqual(expect.arrayContaining(['versions.json', 'settings.json', 'database.json', 'manifest.json']));
  });

  it('runs the demo (the sandbox chunk) and serves the browser UI (the ui-server chunk) from a fresh data dir', async () => {
    const fresh = join(tempDir(), 'fresh');
    const host = await startHeadless(['--data-dir', fresh, '--pos-api-port', '0', '--ui-port', '0'], { entry: outfile });
    try {
      expect(host.ready).toMatchObject({ ready: true, demo: true, sandbox: expect.stringMatching(/^http:\/\//) as string });
      expect(await host.connected()).toEqual({ connected: true, transport: 'ws' });
      // The one-time token for the cookie (303), then the page with the cookie.
      const trade = await fetch(host.ready.ui!, { redirect: 'manual' });
      expect(trade.status).toBe(303);
      const cookie = trade.headers.get('set-cookie')!.split(';')[0]!;
      const page = await fetch(new URL('/', host.ready.ui), { headers: { cookie } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>bundle test</title>');
    } finally {
      host.child.kill('SIGTERM');
      expect(await host.exited).toBe(0);
      cleanup(fresh);
    }
  });
});
