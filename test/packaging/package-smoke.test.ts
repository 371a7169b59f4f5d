import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { META_CSP, cspDirectives } from '../../main/shell/csp.js';
import { afterPack } from '../../scripts/after-pack.mjs';
import { nativeProblem } from '../../scripts/native-binary.mjs';

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
const NODE_BUILD = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';

let dir: string;
let files: string[];
let resources: string;
let binary: string;
let electronDist: string;
let dist: { code: number; out: string };

/** Packages and every package they require (their package.json dependencies), as installed here. */
function requiredClosure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const manifest = path.join('node_modules', name, 'package.json');
    if (!existsSync(manifest)) return;
    const { dependencies = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as { dependencies?: Record<string, string> };
    for (const dep of Object.keys(dependencies)) visit(dep);
  };
  for (const root of roots) visit(root);
  return seen;
}

/** A run of a packaging script; resolves with its exit code and output, failed or not. */
async function script(args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, args, { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CI: 'true' } });
    return { code: 0, out: stdout + stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: err.stdout + err.stderr };
  }
}

beforeAll(async () => {
  // npm test builds first; run alone, build when dist/ lacks what the package needs.
  const needed = [...BUILT, 'dist/main/shell/checkpoint-worker.js'];
  if (!needed.every((f) => existsSync(f))) await run(process.execPath, ['scripts/build.mjs'], { maxBuffer: 64 * 1024 * 1024 });
  dir = mkdtempSync(path.join(tmpdir(), 'tableside-pack-'));
  electronDist = path.join(dir, 'electron');
  mkdirSync(electronDist);
  writeFileSync(path.join(electronDist, 'electron'), standInBinary(), { mode: 0o755 });
  copyFileSync('node_modules/electron/LICENSE', path.join(electronDist, 'LICENSE'));
  writeFileSync(path.join(electronDist, 'version'), '45.4.1');
  const output = path.join(dir, 'out');
  // `npm run dist:linux` without its build step: the stand-in native module, the package check, electron-builder.
  dist = await script(['scripts/dist.mjs', 'linux', '--skip-build', '--electron-dist', electronDist, '--output', output]);
  resources = path.join(output, 'linux-unpacked', 'resources');
  binary = path.join(output, 'linux-unpacked', 'tableside');
  files = dist.code === 0 ? asar.listPackage(path.join(resources, 'app.asar'), { isPack: false }).map((f) => f.replaceAll('\\', '/')) : [];
}, SLOW);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('packaged app (linux --dir smoke build)', () => {
  it('is made by npm run dist:linux, every step in order', () => {
    expect(dist.code, dist.out).toBe(0);
    const steps = ['better-sqlite3 for the package', 'package check', 'electron-builder', 'done'].map((s) => dist.out.indexOf(`dist linux: ${s}`));
    expect(steps.every((at) => at >= 0)).toBe(true);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
  });

  it('holds the main process bundle, its checkpoint worker, the preload bundle and the renderer', () => {
    for (const f of BUILT) expect(files, f).toContain(`/${f}`);
    expect(files).toContain('/dist/renderer/print.html');
    // The store's checkpoint worker: started from its own file beside the bundle that starts it.
    expect(files).toContain('/dist/main/shell/checkpoint-worker.js');
    expect(files).toContain('/package.json');
  });

  it('holds nothing the app does not run: no unbundled modules, no headless host, only runtime packages', () => {
    const ours = files.filter((f) => f !== '/node_modules' && !f.startsWith('/node_modules/'));
    const unexpected = ours.filter(
      (f) =>
        !['/package.json', '/dist/main/shell/main.js', '/dist/main/shell/checkpoint-worker.js', '/dist/preload/preload.cjs'].includes(f) &&
        !f.startsWith('/dist/renderer/') &&
        // Folders the listing names on the way to those files.
        !['/dist', '/dist/main', '/dist/main/shell', '/dist/preload', '/dist/renderer'].includes(f),
    );
    expect(unexpected).toEqual([]);
    const packages = new Set(files.map((f) => /^\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f)?.[1]).filter((p) => p !== undefined));
    // The app loads only better-sqlite3 and electron-updater from node_modules (and what they
    // require); everything else is in the bundles.
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['better-sqlite3', 'electron-updater']);
    const runtime = requiredClosure(Object.keys(pkg.dependencies));
    expect(runtime.has('bindings')).toBe(true);
    expect([...packages].filter((p) => !runtime.has(p))).toEqual([]);
    expect(packages.has('electron-updater')).toBe(true);
    for (const bundled of ['react', 'react-dom', 'i18next', 'zod', 'pino', 'pino-roll', 'date-fns', 'qrcode', 'undici', 'ws'])
      expect(packages.has(bundled), bundled).toBe(false);
  });

  it('keeps app.asar under 10 MiB', () => {
    const size = statSync(path.join(resources, 'app.asar')).size;
    expect(size).toBeLessThan(10 * 1024 * 1024);
  });

  it('holds better-sqlite3 with its native module unpacked beside the archive', () => {
    expect(files).toContain('/node_modules/better-sqlite3/lib/index.js');
    expect(files).toContain('/node_modules/bindings/bindings.js');
    expect(files).toContain('/node_modules/better-sqlite3/build/Release/better_sqlite3.node');
    expect(existsSync(path.join(resources, 'app.asar.unpacked', 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'))).toBe(true);
  });

  it('carries the stand-in native module at <resources>/native, the file the shell loads', () => {
    const packed = path.join(resources, 'native', 'better_sqlite3.node');
    expect(readFileSync(packed).equals(readFileSync(NODE_BUILD))).toBe(true);
    expect(nativeProblem(packed, 'linux', 'x64')).toBeNull();
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

  it('puts the tray icons where the shell looks for them: PNG, and .ico for the Windows tray', () => {
    const states = ['connected', 'connecting', 'offline', 'rejected'];
    for (const icon of ['icon.png', 'tray-rejected@2x.png', ...states.flatMap((s) => [`tray-${s}.png`, `tray-${s}.ico`])]) {
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

/** A minimal PE32+ image header: MZ, e_lfanew, the PE signature, the COFF machine, the optional header's magic. */
function peHeader(machine: number): Buffer {
  const b = Buffer.alloc(0x200);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  b.writeUInt16LE(machine, 0x84);
  b.writeUInt16LE(0x20b, 0x80 + 24);
  return b;
}

describe('the native module check (scripts/native-binary.mjs, the afterPack hook)', () => {
  it('reads the Node build of better-sqlite3 as ELF x86-64: right for linux-x64, named and refused for win-x64', () => {
    expect(nativeProblem(NODE_BUILD, 'linux', 'x64')).toBeNull();
    expect(nativeProblem(NODE_BUILD, 'win', 'x64')).toBe(`${NODE_BUILD} is an ELF x86-64 file; a win-x64 package needs a PE32+ x64 DLL.`);
    expect(nativeProblem(NODE_BUILD, 'linux', 'arm64')).toBe(`${NODE_BUILD} is an ELF x86-64 file; a linux-arm64 package needs an ELF aarch64 file.`);
    expect(nativeProblem(NODE_BUILD, 'mac', 'arm64')).toBe(`${NODE_BUILD} is an ELF x86-64 file; a mac-arm64 package needs a Mach-O 64-bit arm64 file.`);
  });

  it('reads a PE32+ header by its machine: x64 and arm64 DLLs each fit only their own Windows package', () => {
    const x64 = path.join(dir, 'x64.node');
    const arm64 = path.join(dir, 'arm64.node');
    writeFileSync(x64, peHeader(0x8664));
    writeFileSync(arm64, peHeader(0xaa64));
    expect(nativeProblem(x64, 'win', 'x64')).toBeNull();
    expect(nativeProblem(arm64, 'win', 'arm64')).toBeNull();
    expect(nativeProblem(arm64, 'win', 'x64')).toBe(`${arm64} is a PE32+ arm64 DLL; a win-x64 package needs a PE32+ x64 DLL.`);
    expect(nativeProblem(x64, 'linux', 'x64')).toBe(`${x64} is a PE32+ x64 DLL; a linux-x64 package needs an ELF x86-64 file.`);
    const text = path.join(dir, 'text.node');
    writeFileSync(text, 'not a module at all');
    expect(nativeProblem(text, 'win', 'x64')).toBe(`${text} is not a PE, ELF or Mach-O file; a win-x64 package needs a PE32+ x64 DLL.`);
  });

  it('fails the hook of a win-x64 package whose <resources>/native holds the Linux build', async () => {
    // The smoke build's own output, taken as a Windows x64 pack would be: its native module is ELF.
    const appOutDir = path.dirname(resources);
    const context = { appOutDir, electronPlatformName: 'win32', arch: 1, packager: { getResourcesDir: (out: string) => path.join(out, 'resources') } };
    const packed = path.join(resources, 'native', 'better_sqlite3.node');
    await expect(afterPack(context)).rejects.toThrow(`${packed} is an ELF x86-64 file; a win-x64 package needs a PE32+ x64 DLL.`);
    await expect(afterPack({ ...context, electronPlatformName: 'linux' })).resolves.toBeUndefined();
  });

  it(
    'fails a real --linux --dir build whose native module is missing, naming the file',
    async () => {
      // The packaged file's source folder moved somewhere empty: electron-builder itself only logs "file source doesn't exist".
      const config = path.join(dir, 'no-native.yml');
      const original = readFileSync('electron-builder.yml', 'utf8');
      const from = 'from: out/native-electron/${os}-${arch}';
      expect(original).toContain(from);
      writeFileSync(config, original.replace(from, `from: ${path.join(dir, 'no-native-here')}`));
      const output = path.join(dir, 'out-no-native');
      const result = await script([
        'node_modules/electron-builder/cli.js',
        '--linux',
        '--dir',
        '--config',
        config,
        `-c.electronDist=${electronDist}`,
        '-c.npmRebuild=false',
        `-c.directories.output=${output}`,
        '--publish',
        'never',
      ]);
      expect(result.code).not.toBe(0);
      const missing = path.join(output, 'linux-unpacked', 'resources', 'native', 'better_sqlite3.node');
      expect(result.out).toContain(`${missing} is missing; a linux-x64 package needs an ELF x86-64 file there`);
    },
    SLOW,
  );

  it('builds a Windows module only from a prebuilt, and the stand-in copy only for this Linux host', async () => {
    const result = await script(['scripts/build-native-electron.mjs', '--platform', 'win32', '--arch', 'x64', '--stand-in-node-build']);
    expect(result.code).toBe(1);
    expect(result.out).toContain('--stand-in-node-build copies the Node build of better-sqlite3 for the Linux stand-in package: only on a Linux host');
  });
});
