import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

/**
 * `tableside --self-test` on a real electron-builder package (`--linux --dir`), built against a
 * stand-in Electron whose binary is a shell script: it runs the packaged app under Node
 * (fixtures/run-packaged.mjs extracts app.asar and starts its entry with the `electron` stand-in,
 * app.isPackaged true and process.resourcesPath the package's resources). What this proves and what
 * only a real Windows run does: test/packaging/README.md.
 */
const SLOW = 600_000;
/** One run of the packaged binary: an archive extracted, a worker started, on a shared machine. */
const RUN = 120_000;
const LAUNCHER = path.resolve('test/packaging/fixtures/run-packaged.mjs');
// The stand-in binary carries Electron's fuse wire (see package-smoke.test.ts): electron-builder flips it.
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const DEFAULT_WIRE = '10110001';
const NODE_BUILD = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
const NATIVE_FOR_PACKAGE = 'out/native-electron/linux-x64/better_sqlite3.node';
const CHECKS = ['native module', 'database', 'bill', 'worker checkpoint', 'settings', 'key store'];
const KEY = 'ab12-cd34-ef56-gh78-ij90';

/** Runs the packaged app's binary; never rejects: the exit code is part of the answer. */
function runBinary(file: string, args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { env: { ...process.env, ...env }, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** `ok   name  detail` / `FAIL name  detail`, by check name. */
function byName(stdout: string): Map<string, string> {
  const lines = stdout.split('\n').filter((l) => l !== '');
  return new Map(lines.map((l) => [/^(?:ok {3}|FAIL )(.+?) {2}/.exec(l)?.[1] ?? l, l]));
}

/** Every file of a folder with its bytes. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const file = path.join(dir, name);
    out[name] = statSync(file).isDirectory() ? '<dir>' : readFileSync(file).toString('base64');
  }
  return out;
}

let dir: string;
let binary: string;
let native: string;
let userData: string;

beforeAll(async () => {
  const needed = ['dist/main/shell/main.js', 'dist/preload/preload.cjs', 'dist/renderer/index.html', 'dist/main/app/self-test.js'];
  if (!needed.every((f) => existsSync(f))) await runOrThrow(process.execPath, ['scripts/build.mjs']);
  // The Linux package's "Electron build" is the Node build: right format, and right ABI for the stand-in that runs it under Node.
  if (!existsSync(NATIVE_FOR_PACKAGE)) {
    mkdirSync(path.dirname(NATIVE_FOR_PACKAGE), { recursive: true });
    copyFileSync(NODE_BUILD, NATIVE_FOR_PACKAGE);
  }
  dir = mkdtempSync(path.join(tmpdir(), 'tableside-selftest-pack-'));
  const electronDist = path.join(dir, 'electron');
  mkdirSync(electronDist);
  // The script's body runs the launcher; its last line (after exec, never read) carries the fuse wire.
  const script = Buffer.concat([
    Buffer.from(`#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(LAUNCHER)} "$0" "$@"\n# `),
    Buffer.from(SENTINEL),
    Buffer.from([1, DEFAULT_WIRE.length]),
    Buffer.from(`${DEFAULT_WIRE}\n`),
  ]);
  writeFileSync(path.join(electronDist, 'electron'), script, { mode: 0o755 });
  copyFileSync('node_modules/electron/LICENSE', path.join(electronDist, 'LICENSE'));
  writeFileSync(path.join(electronDist, 'version'), '45.4.1');
  const output = path.join(dir, 'out');
  await runOrThrow(
    process.execPath,
    [
      'node_modules/electron-builder/cli.js',
      '--linux',
      '--dir',
      `-c.electronDist=${electronDist}`,
      '-c.npmRebuild=false',
      `-c.directories.output=${output}`,
      '--publish',
      'never',
    ],
    { CI: 'true' },
  );
  binary = path.join(output, 'linux-unpacked', 'tableside');
  native = path.join(output, 'linux-unpacked', 'resources', 'native', 'better_sqlite3.node');
}, SLOW);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

let saved: Buffer | null = null;
afterEach(() => {
  // A test that broke the package's native module puts it back for the next.
  if (saved) writeFileSync(native, saved);
  saved = null;
  if (userData) rmSync(userData, { recursive: true, force: true });
});

/** A till's data folder with settings and a key stored through the stand-in safeStorage (enc: + base64). */
function configuredUserData(): string {
  userData = mkdtempSync(path.join(tmpdir(), 'tableside-selftest-user-'));
  writeFileSync(
    path.join(userData, 'settings.json'),
    JSON.stringify({ environment: 'sandbox', serviceUrl: 'https://sandbox.example.com', posId: 'f0e1d2c3-b4a5-4697-8899-aabbccddeeff' }),
  );
  writeFileSync(path.join(userData, 'api-key.bin'), `enc:${Buffer.from(KEY).toString('base64')}`);
  return userData;
}

describe('tableside --self-test in the packaged app (linux --dir, stand-in Electron)', () => {
  it('packs the native module at resources/native', () => {
    expect(readFileSync(native).equals(readFileSync(NATIVE_FOR_PACKAGE))).toBe(true);
  });

  it(
    'exits 0 with one ok line per check beside a running Tableside, reading its data folder without changing it or printing its key',
    async () => {
      const data = configuredUserData();
      const before = snapshot(data);
      // Another Tableside holds the single-instance lock: the self-test runs before the lock is asked for.
      const run = await runBinary(binary, ['--self-test'], { FAKE_USER_DATA: data, FAKE_LOCK_TAKEN: '1' });
      const lines = run.stdout.split('\n').filter((l) => l !== '');
      expect(lines, run.stderr).toHaveLength(CHECKS.length);
      for (const line of lines) expect(line).toMatch(/^ok {3}\S/);
      expect([...byName(run.stdout).keys()]).toEqual(CHECKS);
      expect(run.code).toBe(0);
      const checks = byName(run.stdout);
      expect(checks.get('native module')).toMatch(new RegExp(`^ok {3}native module {2}${escape(native)} \\(SQLite 3\\.\\d+\\.\\d+\\)$`));
      // The worker ran from the app's own files (extracted from app.asar here), not from this checkout.
      const worker = /^ok {3}worker checkpoint {2}(\S+checkpoint-worker\.[cm]?js) \(PASSIVE: (\d+) of \2 frames copied\)$/.exec(
        checks.get('worker checkpoint')!,
      );
      expect(worker, checks.get('worker checkpoint')).not.toBeNull();
      expect(worker![1]!.startsWith(path.resolve('.'))).toBe(false);
      expect(checks.get('settings')).toContain('environment sandbox, service https://sandbox.example.com');
      expect(checks.get('key store')).toBe(`ok   key store  ${path.join(data, 'api-key.bin')}: an API key is stored and decrypts`);
      expect(run.stdout).not.toContain(KEY.slice(-4));
      // No logs/ folder either: the shell makes its logger only after the flag's check.
      expect(snapshot(data)).toEqual(before);
    },
    RUN,
  );

  it(
    'exits 1 naming the native module file when the package lacks it',
    async () => {
      saved = readFileSync(native);
      rmSync(native);
      const run = await runBinary(binary, ['--self-test'], { FAKE_USER_DATA: configuredUserData() });
      expect(run.code).toBe(1);
      expect(byName(run.stdout).get('native module')).toBe(`FAIL native module  ${native} is missing: reinstall Tableside`);
    },
    RUN,
  );

  it(
    'exits 1 naming the native module file when it is not a loadable module',
    async () => {
      saved = readFileSync(native);
      writeFileSync(native, 'garbage, not a shared library');
      const run = await runBinary(binary, ['--self-test'], { FAKE_USER_DATA: configuredUserData() });
      expect(run.code).toBe(1);
      expect(byName(run.stdout).get('native module')).toMatch(
        new RegExp(`^FAIL native module {2}${escape(native)} could not be loaded \\(.+\\): reinstall Tableside$`),
      );
    },
    RUN,
  );

  it(
    'exits 1 naming the checkpoint worker file when the app lacks it',
    async () => {
      const run = await runBinary(binary, ['--self-test'], { FAKE_USER_DATA: configuredUserData(), STANDIN_REMOVE_WORKER: '1' });
      expect(run.code).toBe(1);
      expect(byName(run.stdout).get('worker checkpoint')).toMatch(
        /^FAIL worker checkpoint {2}\/\S+\/checkpoint-worker\.[cm]?js is missing: reinstall Tableside$/,
      );
      // Everything else still passes: the failure is the worker's alone.
      expect(byName(run.stdout).get('bill')).toMatch(/^ok/);
    },
    RUN,
  );
});

function runOrThrow(file: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) =>
      error ? reject(new Error(`${file} ${args.join(' ')} failed: ${stderr}`)) : resolve(),
    );
  });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
