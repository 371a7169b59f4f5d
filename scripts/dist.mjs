// `npm run dist:win` / `npm run dist:linux`: every step of a package, in order, stopping at the
// first that fails: the build (scripts/build.mjs), better-sqlite3 for the target's Electron
// (scripts/build-native-electron.mjs), the package check (electron-builder.yml and that module's
// header), then electron-builder, which never rebuilds native modules and publishes nothing.
//   node scripts/dist.mjs win     NSIS installer for Windows x64 (needs the network: the
//                                 prebuilt module, the Electron zip, NSIS).
//   node scripts/dist.mjs linux   the `--linux --dir` stand-in package: the Node build of
//                                 better-sqlite3, and an Electron folder from --electron-dist <dir>
//                                 or TABLESIDE_ELECTRON_DIST (offline there is no Electron zip to
//                                 download; without either, electron-builder downloads it).
// Options: --skip-build (dist/ is already built), --output <dir> (instead of out/packages).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { checkBuilderConfig } from './check-builder-config.mjs';
import { NATIVE_FILE, nativeElectronDir, nativeProblem } from './native-binary.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'electron-dist': { type: 'string', default: process.env.TABLESIDE_ELECTRON_DIST },
    'skip-build': { type: 'boolean', default: false },
    output: { type: 'string' },
  },
});

const TARGETS = {
  win: { platform: 'win32', arch: 'x64', native: ['--platform', 'win32', '--arch', 'x64'], builder: ['--win', 'nsis', '--x64'] },
  linux: { platform: 'linux', arch: 'x64', native: ['--stand-in-node-build'], builder: ['--linux', '--dir', '--x64'] },
};
const name = positionals[0];
const target = TARGETS[name];
if (!target) {
  console.error(`dist: say which package, win or linux (got ${name ?? 'nothing'}).`);
  process.exit(1);
}

function step(what, args) {
  console.log(`dist ${name}: ${what}`);
  try {
    execFileSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  } catch {
    console.error(`dist ${name}: ${what} failed (above); no package was made.`);
    process.exit(1);
  }
}

if (!values['skip-build']) step('build', ['scripts/build.mjs']);
step('better-sqlite3 for the package', ['scripts/build-native-electron.mjs', ...target.native]);

console.log(`dist ${name}: package check`);
const problems = await checkBuilderConfig(path.join(root, 'electron-builder.yml'));
const native = nativeProblem(path.join(nativeElectronDir(root, name, target.arch), NATIVE_FILE), name, target.arch);
if (native !== null) problems.push(native);
if (problems.length > 0) {
  for (const p of problems) console.error(p);
  process.exit(1);
}

step('electron-builder', [
  'node_modules/electron-builder/cli.js',
  ...target.builder,
  '-c.npmRebuild=false',
  ...(values['electron-dist'] ? [`-c.electronDist=${path.resolve(values['electron-dist'])}`] : []),
  ...(values.output ? [`-c.directories.output=${path.resolve(values.output)}`] : []),
  '--publish',
  'never',
]);
console.log(`dist ${name}: done (${values.output ?? 'out/packages'})`);
