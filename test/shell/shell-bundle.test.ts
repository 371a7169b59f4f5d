import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { workerScript } from '../../main/store/engine/checkpoint-thread.js';
import type { CheckpointWorkerData, WorkerReply } from '../../main/store/engine/checkpoint-worker.js';
import { SHELL_BUNDLE, SHELL_EXTERNAL, SHELL_WORKER } from '../../scripts/bundle-shell.mjs';

/**
 * The Electron main process as built (scripts/bundle-shell.mjs): one file that loads only
 * Node's own modules and the few packages the package keeps in node_modules, and the store's
 * checkpoint worker where the bundled thread looks for it. shell-entry.test.ts runs the bundle.
 */
const run = promisify(execFile);

beforeAll(async () => {
  if (![SHELL_BUNDLE, SHELL_WORKER].every((f) => existsSync(f))) await run(process.execPath, ['scripts/build.mjs'], { maxBuffer: 64 * 1024 * 1024 });
}, 300_000);

describe('the Electron main bundle', () => {
  it('loads from node_modules only the packages left outside it, which package.json keeps as dependencies', () => {
    const code = readFileSync(SHELL_BUNDLE, 'utf8');
    const specifiers = new Set(
      [...code.matchAll(/(?:\bfrom\s*|\bimport\(\s*|\brequire\(\s*)["']((?:@[a-z0-9-]+\/)?[a-z0-9][\w.-]*(?:\/[\w.-]+)*)["']/g)].map((m) => m[1]!),
    );
    const builtins = new Set(builtinModules);
    const packages = [...specifiers].filter((s) => !s.startsWith('node:') && !builtins.has(s));
    expect(packages.length).toBeGreaterThan(0);
    expect(packages.filter((p) => !SHELL_EXTERNAL.includes(p))).toEqual([]);
    // What it needs at run time is a dependency; the rest are optional (ws's speed-ups) or Electron's own.
    const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
    const optional = ['electron', 'bufferutil', 'utf-8-validate', 'pino-pretty'];
    expect(packages.filter((p) => !optional.includes(p)).sort()).toEqual(Object.keys(dependencies).sort());
  });

  it('finds its checkpoint worker beside itself, and that bundled worker checkpoints the WAL', async () => {
    // The thread's own rule, given the bundle's URL: it is the code inside the bundle.
    const script = workerScript(pathToFileURL(resolve(SHELL_BUNDLE)).href);
    expect(fileURLToPath(script)).toBe(resolve(SHELL_WORKER));
    const dir = mkdtempSync(join(tmpdir(), 'tableside-shell-worker-'));
    const file = join(dir, 'bills.sqlite');
    const db = new BetterSqlite3(file);
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('wal_autocheckpoint = 0');
      db.exec('CREATE TABLE t (x TEXT)');
      for (let i = 0; i < 50; i++) db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(2000));
      const workerData: CheckpointWorkerData = { file, driver: createRequire(import.meta.url).resolve('better-sqlite3'), closed: new SharedArrayBuffer(4) };
      const worker = new Worker(script, { execArgv: [], workerData });
      try {
        const reply = await new Promise<WorkerReply>((done, fail) => {
          worker.on('error', fail);
          worker.on('message', (m: WorkerReply) => {
            if (m.type !== 'ready') done(m);
          });
          worker.postMessage({ mode: 'PASSIVE' });
        });
        expect(reply).toMatchObject({ type: 'done', mode: 'PASSIVE', busy: 0 });
        expect((reply as { log: number }).log).toBeGreaterThan(0);
        expect((reply as { checkpointed: number }).checkpointed).toBe((reply as { log: number }).log);
      } finally {
        await worker.terminate();
      }
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
