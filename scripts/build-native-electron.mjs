// Builds better-sqlite3 for Electron's ABI into out/native-electron/better_sqlite3.node, beside
// (never over) the Node build that `npm test` uses. The shell passes that file to the store as
// its nativeBinding; electron-builder packs it as <resources>/native. Run on the release machine
// (it needs the network: a prebuilt binary, else Electron's headers for a source build):
//   node scripts/build-native-electron.mjs [--platform win32] [--arch x64]
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, copyFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { platform: { type: 'string', default: process.platform }, arch: { type: 'string', default: process.arch } } });
const electronVersion = JSON.parse(readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8')).version;
const source = path.join(root, 'node_modules/better-sqlite3');
const work = path.join(root, 'out/native-build/better-sqlite3');
const target = path.join(root, 'out/native-electron/better_sqlite3.node');

// A private copy: prebuild-install and node-gyp write into the package's own build/ folder.
rmSync(work, { recursive: true, force: true });
mkdirSync(path.dirname(work), { recursive: true });
cpSync(source, work, { recursive: true, filter: (p) => !p.includes(`${path.sep}build${path.sep}`) });

const common = { cwd: work, stdio: 'inherit' };
try {
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/prebuild-install/bin.js'),
      '--runtime',
      'electron',
      '--target',
      electronVersion,
      '--platform',
      values.platform,
      '--arch',
      values.arch,
    ],
    common,
  );
} catch {
  console.log(`No prebuilt better-sqlite3 for Electron ${electronVersion} (${values.platform}-${values.arch}); building from source.`);
  try {
    execFileSync(
      process.execPath,
      [
        path.join(root, 'node_modules/node-gyp/bin/node-gyp.js'),
        'rebuild',
        '--release',
        `--target=${electronVersion}`,
        `--arch=${values.arch}`,
        '--dist-url=https://electronjs.org/headers',
      ],
      common,
    );
  } catch {
    console.error(
      'Could not build better-sqlite3 for Electron: this needs the network (prebuilt binaries or Electron headers). Run it on the release machine.',
    );
    process.exit(1);
  }
}
const built = path.join(work, 'build/Release/better_sqlite3.node');
if (!existsSync(built)) {
  console.error(`The build finished without ${built}.`);
  process.exit(1);
}
mkdirSync(path.dirname(target), { recursive: true });
copyFileSync(built, target);
console.log(`better-sqlite3 for Electron ${electronVersion}: ${path.relative(root, target)}`);
