import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A real electron-builder run (`--linux --dir`) against a stand-in Electron distribution (there is
 * no Electron binary here), then a look inside the app.asar it produced. Builds dist/ first when
 * it is missing.
 */
const run = promisify(execFile);
const require = createRequire(import.meta.url);
const asar = require('@electron/asar') as { listPackage(file: string, options: { isPack: boolean }): string[] };

const BUILT = ['dist/main/shell/main.js', 'dist/preload/preload.cjs', 'dist/renderer/index.html'];
const SLOW = 600_000;

let dir: string;
let files: string[];
let resources: string;

beforeAll(async () => {
  // npm test builds first; run alone, build when dist/ lacks what the package needs.
  const needed = [...BUILT, 'dist/preload/channels.js', 'dist/preload/names.js', 'dist/main/shell/ipc.js', 'dist/main/companion.js'];
  if (!needed.every((f) => existsSync(f))) await run(process.execPath, ['scripts/build.mjs'], { maxBuffer: 64 * 1024 * 1024 });
  dir = mkdtempSync(path.join(tmpdir(), 'tableside-pack-'));
  const electronDist = path.join(dir, 'electron');
  mkdirSync(electronDist);
  writeFileSync(path.join(electronDist, 'electron'), '#!/bin/sh\n', { mode: 0o755 });
  copyFileSync('node_modules/electron/LICENSE', path.join(electronDist, 'LICENSE'));
  writeFileSync(path.join(electronDist, 'version'), '45.4.1');
  const output = path.join(dir, 'out');
  await run(
    process.execPath,
    ['node_modules/electron-builder/cli.js', '--linux', '--dir', `-c.electronDist=${electronDist}`, '-c.npmRebuild=false', `-c.directories.output=${output}`, '--publish', 'never'],
    { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CI: 'true' } },
  );
  resources = path.join(output, 'linux-unpacked', 'resources');
  files = asar.listPackage(path.join(resources, 'app.asar'), { isPack: false }).map((f) => f.replaceAll('\\', '/'));
}, SLOW);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('packaged app (linux --dir smoke build)', () => {
  it('holds the shell entry, the preload bundle and the renderer', () => {
    for (const f of BUILT) expect(files, f).toContain(`/${f}`);
    expect(files).toContain('/dist/renderer/print.html');
    // Runtime imports of the shell that live outside dist/main/shell.
    expect(files).toContain('/dist/preload/channels.js');
    expect(files).toContain('/dist/preload/names.js');
    expect(files).toContain('/dist/main/companion.js');
    expect(files).toContain('/dist/main/ui-bridge/command-schemas.js');
    expect(files).toContain('/package.json');
  });

  it('holds better-sqlite3 with its native module unpacked beside the archive', () => {
    expect(files).toContain('/node_modules/better-sqlite3/lib/index.js');
    expect(files).toContain('/node_modules/bindings/bindings.js');
    expect(files).toContain('/node_modules/better-sqlite3/build/Release/better_sqlite3.node');
    expect(existsSync(path.join(resources, 'app.asar.unpacked', 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'))).toBe(true);
  });

  it('ships no sources, tests or source maps of ours', () => {
    const ours = files.filter((f) => !f.startsWith('/node_modules/'));
    expect(ours.filter((f) => /\.(ts|tsx|map)$/.test(f) || f.includes('.test.'))).toEqual([]);
    for (const folder of ['/main', '/renderer', '/preload', '/test', '/scripts', '/assets']) expect(ours.some((f) => f.startsWith(`${folder}/`)), folder).toBe(false);
  });

  it('puts the tray icons where the shell looks for them', () => {
    for (const icon of ['icon.png', 'tray-connected.png', 'tray-connecting.png', 'tray-offline.png', 'tray-rejected.png', 'tray-rejected@2x.png']) {
      expect(existsSync(path.join(resources, 'assets', icon)), icon).toBe(true);
    }
  });
});
