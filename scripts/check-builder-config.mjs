// Validates electron-builder.yml offline: app-builder-lib's own loader (getConfig, which also
// merges package.json's "build") and schema check (validateConfiguration), plus the few settings
// this project relies on. Exit 0 when valid; otherwise the problems, one a line, and exit 1.
// Usage: node scripts/check-builder-config.mjs [path/to/electron-builder.yml]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config');
const { DebugLogger } = require('builder-util');

const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const configPath = path.resolve(projectDir, process.argv[2] ?? 'electron-builder.yml');

/**
 * The fuses the packaged binary must carry (electron-builder's `electronFuses`, flipped before
 * signing): no plain-Node mode, no NODE_OPTIONS, no --inspect, app only from an integrity-checked
 * asar, encrypted cookies. test/packaging reads them back from a real smoke build.
 */
export const REQUIRED_FUSES = {
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  enableCookieEncryption: true,
};

/** What Tableside needs beyond the schema: each a [description, check] pair. */
const REQUIRED = [
  ['appId is cz.tableside.companion', (c) => c.appId === 'cz.tableside.companion'],
  ['productName is Tableside', (c) => c.productName === 'Tableside'],
  ['extraMetadata.main is dist/main/shell/main.js', (c) => c.extraMetadata?.main === 'dist/main/shell/main.js'],
  ['npmRebuild is false (keeps the Node build of better-sqlite3)', (c) => c.npmRebuild === false],
  ['asarUnpack covers better-sqlite3 .node files', (c) => [c.asarUnpack ?? []].flat().some((p) => p.includes('better-sqlite3') && p.includes('.node'))],
  ['win target is nsis', (c) => JSON.stringify(c.win?.target ?? '').includes('nsis')],
  ['nsis installs per user with a start menu shortcut', (c) => c.nsis?.perMachine === false && c.nsis?.createStartMenuShortcut === true],
  ['output is not dist/ (the build output)', (c) => c.directories?.output && !/^dist\b/.test(c.directories.output)],
  ...Object.entries(REQUIRED_FUSES).map(([fuse, value]) => [`electronFuses.${fuse} is ${value}`, (c) => c.electronFuses?.[fuse] === value]),
  [
    'publish is one generic provider with an https url',
    (c) => {
      const publish = [c.publish ?? []].flat();
      return publish.length === 1 && publish[0]?.provider === 'generic' && /^https:\/\/[^/]+\//.test(publish[0]?.url ?? '');
    },
  ],
  ['nsis builds a differential-aware package (differentialPackage is not false)', (c) => c.nsis?.differentialPackage !== false],
  [
    'win names the signing certificate (win.signtoolOptions.publisherName or win.azureSignOptions.publisherName)',
    (c) => [c.win?.signtoolOptions?.publisherName, c.win?.azureSignOptions?.publisherName].flat().some((n) => typeof n === 'string' && n.trim() !== ''),
  ],
  [`electronVersion is package.json's exact electron pin (${electronPin() ?? 'none'})`, (c) => electronPin() !== null && c.electronVersion === electronPin()],
  ['afterPack is the native module check (./scripts/after-pack.mjs)', (c) => c.afterPack === './scripts/after-pack.mjs'],
  [
    // Where the shell and the afterPack hook look for it: <resources>/native, from the target's own build.
    'extraResources packs out/native-electron/${os}-${arch} to native',
    (c) => [c.extraResources ?? []].flat().some((r) => r?.from === 'out/native-electron/${os}-${arch}' && r?.to === 'native'),
  ],
];

/** The electron version package.json's devDependencies pin exactly, or null when it is a range. */
function electronPin() {
  const pkg = JSON.parse(readFileSync(path.join(projectDir, 'package.json'), 'utf8'));
  const wanted = pkg.devDependencies?.electron ?? pkg.dependencies?.electron;
  return typeof wanted === 'string' && /^\d+\.\d+\.\d+$/.test(wanted) ? wanted : null;
}

export async function checkBuilderConfig(file = configPath) {
  const problems = [];
  let config;
  try {
    config = await getConfig(projectDir, file, null);
    await validateConfiguration(config, new DebugLogger(false));
  } catch (e) {
    problems.push(String(e.message ?? e).trim());
    return problems;
  }
  for (const [what, ok] of REQUIRED) if (!ok(config)) problems.push(`${path.basename(file)}: ${what}`);
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const problems = await checkBuilderConfig();
  if (problems.length === 0) {
    console.log(`${path.relative(projectDir, configPath)}: valid`);
  } else {
    for (const p of problems) console.error(p);
    process.exit(1);
  }
}
