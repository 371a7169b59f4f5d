import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { META_CSP, cspDirectives } from '../../main/shell/csp.js';

/**
 * A real electron-builder run (`--linux --dir`) against a stand-in Electron distribution (there is
 * no Electron binary here), then a look inside the app.asar it produced. Builds dist/ first when
 * it is missing.
 */
const run = promisify(execFile);
const require = createRequire(import.meta.url);
const asar = require('@electron/asar') as {
  listPackage(file: string, options: { isPack: boolean }): string[];
  extractFile(archive: string, file: string): Buffer;
};
const fuses = require('@electron/fuses') as { getCurrentFuseWire(file: string): Promise<Record<string, string | number>> };

// The fuse wire as Electron's binaries carry it (@electron/fuses' layout): the sentinel, the wire
// version (1), the number of fuses, then one byte per fuse, '0' off or '1' on. These are Electron
// 45's defaults, in FuseV1Options order: RunAsNode on, cookie encryption off, NODE_OPTIONS on,
// --inspect on, asar integrity off, only-from-asar off, browser V8 snapshot off, file:// privileges on.
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const DEFAULT_WIRE = '10110001';
const FUSE = {
  RunAsNode: 0,
  EnableCookieEncryption: 1,
  EnableNodeOptionsEnvironmentVariable: 2,
  EnableNodeCliInspectArguments: 3,
  EnableEmbeddedAsarIntegrityValidation: 4,
  OnlyLoadAppFromAsar: 5,
  LoadBrowserProcessSpecificV8Snapshot: 6,
  GrantFileProtocolExtraPrivileges: 7,
} as const;
const ON = 49;
const OFF = 48;

/** A stand-in Electron binary: a shell script with the fuse wire in it, like the real one's data section. */
function standInBinary(): Buffer {
  return Buffer.concat([
    Buffer.from('#!/bin/sh\nexit 0\n# '),
    Buffer.from(SENTINEL),
    Buffer.from([1, DEFAULT_WIRE.length]),
    Buffer.from(DEFAULT_WIRE),
    Buffer.from('\n'),
  ]);
}

const BUILT = ['dist/main/shell/main.js', 'dist/preload/preload.cjs', 'dist/renderer/index.html'];
const SLOW = 600_000;

let dir: string;
let files: string[];
let resources: string;
let binary: string;

beforeAll(async () => {
  // npm test builds first; run alone, build when dist/ lacks what the package needs.
  const needed = [...BUILT, 'dist/preload/channels.js', 'dist/preload/names.js', 'dist/main/shell/ipc.js', 'dist/main/app/companion.js'];
  if (!needed.every((f) => existsSync(f))) await run(process.execPath, ['scripts/build.mjs'], { maxBuffer: 64 * 1024 * 1024 });
  dir = mkdtempSync(path.join(tmpdir(), 'tableside-pack-'));
  const electronDist = path.join(dir, 'electron');
  mkdirSync(electronDist);
  writeFileSync(path.join(electronDist, 'electron'), standInBinary(), { mode: 0o755 });
  copyFileSync('node_modules/electron/LICENSE', path.join(electronDist, 'LICENSE'));
  writeFileSync(path.join(electronDist, 'version'), '45.4.1');
  const output = path.join(dir, 'out');
  await run(
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
    { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CI: 'true' } },
  );
  resources = path.join(output, 'linux-unpacked', 'resources');
  binary = path.join(output, 'linux-unpacked', 'tableside');
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
    expect(files).toContain('/dist/main/app/companion.js');
    expect(files).toContain('/dist/main/adapters/ui-bridge/command-schemas.js');
    // The store's checkpoint worker: started from its own file beside its thread's module.
    expect(files).toContain('/dist/main/store/engine/checkpoint-worker.js');
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
    for (const folder of ['/main', '/renderer', '/preload', '/test', '/scripts', '/assets'])
      expect(
        ours.some((f) => f.startsWith(`${folder}/`)),
        folder,
      ).toBe(false);
  });

  it('puts the tray icons where the shell looks for them', () => {
    for (const icon of ['icon.png', 'tray-connected.png', 'tray-connecting.png', 'tray-offline.png', 'tray-rejected.png', 'tray-rejected@2x.png']) {
      expect(existsSync(path.join(resources, 'assets', icon)), icon).toBe(true);
    }
  });
});

describe('hardened binary (electron-builder electronFuses)', () => {
  it('carries the flipped fuse wire: no plain-Node mode, no NODE_OPTIONS or --inspect, asar only and integrity-checked, encrypted cookies', async () => {
    const wire = await fuses.getCurrentFuseWire(binary);
    expect(wire.version).toBe('1');
    expect(wire[FUSE.RunAsNode]).toBe(OFF);
    expect(wire[FUSE.EnableNodeOptionsEnvironmentVariable]).toBe(OFF);
    expect(wire[FUSE.EnableNodeCliInspectArguments]).toBe(OFF);
    expect(wire[FUSE.EnableEmbeddedAsarIntegrityValidation]).toBe(ON);
    expect(wire[FUSE.OnlyLoadAppFromAsar]).toBe(ON);
    expect(wire[FUSE.EnableCookieEncryption]).toBe(ON);
    expect(wire[FUSE.LoadBrowserProcessSpecificV8Snapshot]).toBe(OFF);
    // Kept on, on purpose: the app's file:// pages load module scripts (electron-builder.yml says why).
    expect(wire[FUSE.GrantFileProtocolExtraPrivileges]).toBe(ON);
  });

  it('flipped the wire in place and left the rest of the binary as it was', () => {
    const before = standInBinary();
    const after = readFileSync(binary);
    expect(after.length).toBe(before.length);
    const wireAt = before.indexOf(SENTINEL) + SENTINEL.length + 2;
    expect(after.subarray(0, wireAt)).toEqual(before.subarray(0, wireAt));
    expect(after.subarray(wireAt, wireAt + DEFAULT_WIRE.length).toString()).toBe('01001101');
    expect(after.subarray(wireAt + DEFAULT_WIRE.length)).toEqual(before.subarray(wireAt + DEFAULT_WIRE.length));
  });
});

describe('packaged pages', () => {
  it.each(['dist/renderer/index.html', 'dist/renderer/print.html'])('%s carries the CSP meta tag the header policy prescribes', (page) => {
    const html = asar.extractFile(path.join(resources, 'app.asar'), page).toString();
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html)?.[1] ?? '';
    expect(cspDirectives(meta)).toEqual(cspDirectives(META_CSP));
  });
});

describe('update feed (publish: generic)', () => {
  it('writes app-update.yml with the generic provider and the placeholder URL release builds override', () => {
    const file = path.join(resources, 'app-update.yml');
    expect(existsSync(file), 'app-update.yml').toBe(true);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('provider: generic');
    expect(text).toContain('url: https://updates.tableside.invalid/tableside/win/');
  });

  it('ships electron-updater in the archive (the shell imports it at run time)', () => {
    expect(files).toContain('/node_modules/electron-updater/package.json');
    expect(files).toContain('/node_modules/electron-updater/out/main.js');
  });
});
