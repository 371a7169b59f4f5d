// Builds better-sqlite3 for Electron's ABI into out/native-electron/<os>-<arch>/better_sqlite3.node
// (os as electron-builder's ${os}: win, linux, mac), beside (never over) the Node build that
// `npm test` uses. electron-builder packs that folder as <resources>/native; the shell passes the
// file to the store as its nativeBinding. Needs the network (a prebuilt binary, else Electron's
// headers for a source build); a source build only for this machine's own platform and arch:
//   node scripts/build-native-electron.mjs [--platform win32|linux|darwin] [--arch x64|arm64]
// The Linux stand-in package (test/packaging, npm run dist:linux) runs the app under Node, so it
// takes the Node build instead, copied to out/native-electron/linux-<arch>/ (Linux hosts only):
//   node scripts/build-native-electron.mjs --stand-in-node-build
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, copyFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { NATIVE_FILE, OS_OF_PLATFORM, nativeElectronDir, nativeProblem } from './native-binary.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    platform: { type: 'string', default: process.platform },
    arch: { type: 'string', default: process.arch },
    'stand-in-node-build': { type: 'boolean', default: false },
  },
});

function fail(sentence) {
  console.error(sentence);
  process.exit(1);
}

const os = OS_OF_PLATFORM[values.platform];
if (!os) fail(`--platform ${values.platform} is not one Tableside packages for (win32, linux or darwin).`);
if (values.arch !== 'x64' && values.arch !== 'arm64') fail(`--arch ${values.arch} is not one Tableside packages for (x64 or arm64).`);
const targetDir = nativeElectronDir(root, os, values.arch);
const target = path.join(targetDir, NATIVE_FILE);

/** Copies a built module to its target's folder once its header says it fits that target. */
function place(built, what) {
  const problem = nativeProblem(built, os, values.arch);
  if (problem !== null) fail(`${what}: ${problem}`);
  mkdirSync(targetDir, { recursive: true });
  copyFileSync(built, target);
  console.log(`${what}: ${path.relative(root, target)}`);
}

if (values['stand-in-node-build']) {
  if (process.platform !== 'linux' || values.platform !== 'linux' || values.arch !== process.arch) {
    fail('--stand-in-node-build copies the Node build of better-sqlite3 for the Linux stand-in package: only on a Linux host, for its own arch.');
  }
  place(path.join(root, 'node_modules/better-sqlite3/build/Release', NATIVE_FILE), 'better-sqlite3 Node build for the Linux stand-in package');
  process.exit(0);
}

const electronVersion = JSON.parse(readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8')).version;
const source = path.join(root, 'node_modules/better-sqlite3');
const work = path.join(root, 'out/native-build', `${os}-${values.arch}`, 'better-sqlite3');

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
  // node-gyp compiles for the machine it runs on whatever it is told: another system's module can only come prebuilt.
  if (values.platform !== process.platform || values.arch !== process.arch) {
    fail(
      `No prebuilt better-sqlite3 for Electron ${electronVersion} (${values.platform}-${values.arch}) could be fetched, and a source build only makes one for this machine (${process.platform}-${process.arch}): run this on a ${values.platform}-${values.arch} machine with network access.`,
    );
  }
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
    fail('Could not build better-sqlite3 for Electron: this needs the network (prebuilt binaries or Electron headers). Run it on the release machine.');
  }
}
const built = path.join(work, 'build/Release', NATIVE_FILE);
if (!existsSync(built)) fail(`The build finished without ${built}.`);
place(built, `better-sqlite3 for Electron ${electronVersion}`);
