import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// app-builder-lib loads slowly on a busy machine: generous per-test deadlines.
const SLOW = 120_000;

const run = promisify(execFile);
const script = path.resolve('scripts/check-builder-config.mjs');
const original = readFileSync('electron-builder.yml', 'utf8');

/** Runs the checker on a config file; resolves with its exit code and output. */
async function check(file?: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, file === undefined ? [script] : [script, file], { cwd: process.cwd() });
    return { code: 0, out: stdout + stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: err.stdout + err.stderr };
  }
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tableside-builder-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('electron-builder.yml', () => {
  it(
    'passes app-builder-lib schema validation and the project rules',
    async () => {
      const result = await check();
      expect(result.out).toContain('electron-builder.yml: valid');
      expect(result.code).toBe(0);
    },
    SLOW,
  );

  it(
    'rejects a key the schema does not know, naming it',
    async () => {
      const file = path.join(dir, 'bad-key.yml');
      writeFileSync(file, `${original}\nnotAnOption: true\n`);
      const result = await check(file);
      expect(result.code).toBe(1);
      expect(result.out).toContain('notAnOption');
    },
    SLOW,
  );

  it(
    'rejects turning npmRebuild on (it would replace the Node build of better-sqlite3)',
    async () => {
      const file = path.join(dir, 'rebuild.yml');
      writeFileSync(file, original.replace('npmRebuild: false', 'npmRebuild: true'));
      const result = await check(file);
      expect(result.code).toBe(1);
      expect(result.out).toContain('rebuild.yml: npmRebuild is false (keeps the Node build of better-sqlite3)');
    },
    SLOW,
  );

  it(
    'rejects a config that would write packages into dist/',
    async () => {
      const file = path.join(dir, 'output.yml');
      writeFileSync(file, original.replace('output: out/packages', 'output: dist'));
      const result = await check(file);
      expect(result.code).toBe(1);
      expect(result.out).toContain('output is not dist/');
    },
    SLOW,
  );

  it(
    'rejects a config that leaves a fuse open (RunAsNode, NODE_OPTIONS, --inspect) or asar integrity off',
    async () => {
      const file = path.join(dir, 'fuses.yml');
      writeFileSync(
        file,
        original
          .replace('runAsNode: false', 'runAsNode: true')
          .replace('enableNodeCliInspectArguments: false', 'enableNodeCliInspectArguments: true')
          .replace('enableEmbeddedAsarIntegrityValidation: true', 'enableEmbeddedAsarIntegrityValidation: false'),
      );
      const result = await check(file);
      expect(result.code).toBe(1);
      expect(result.out).toContain('fuses.yml: electronFuses.runAsNode is false');
      expect(result.out).toContain('fuses.yml: electronFuses.enableNodeCliInspectArguments is false');
      expect(result.out).toContain('fuses.yml: electronFuses.enableEmbeddedAsarIntegrityValidation is true');
      expect(result.out).not.toContain('electronFuses.onlyLoadAppFromAsar');
    },
    SLOW,
  );

  it(
    'rejects an update feed over plain http and a package without differential updates',
    async () => {
      const file = path.join(dir, 'publish.yml');
      writeFileSync(
        file,
        original
          .replace('url: https://updates.tableside.invalid/', 'url: http://updates.tableside.invalid/')
          .replace('differentialPackage: store-asar', 'differentialPackage: false'),
      );
      const result = await check(file);
      expect(result.code).toBe(1);
      expect(result.out).toContain('publish.yml: publish is one generic provider with an https url');
      expect(result.out).toContain('publish.yml: nsis builds a differential-aware package');
    },
    SLOW,
  );
  it(
    "rejects a Windows package without the signing certificate's publisher name",
    async () => {
      const file = path.join(dir, 'unsigned.yml');
      const unsigned = original.replace(/^ {4}publisherName: .*\n/m, '');
      expect(unsigned).not.toContain('publisherName');
      writeFileSync(file, unsigned);
      const result = await check(file);
      expect(result.code).toBe(1);
      expect(result.out).toContain('unsigned.yml: win names the signing certificate (win.signtoolOptions.publisherName or win.azureSignOptions.publisherName)');
    },
    SLOW,
  );

  it(
    'accepts the publisher name from Azure Trusted Signing instead of signtool',
    async () => {
      const file = path.join(dir, 'azure.yml');
      const azure = original.replace(
        /^ {2}signtoolOptions:\n(?: {4}#.*\n)*( {4}publisherName: .*\n)/m,
        '  azureSignOptions:\n$1    endpoint: https://weu.codesigning.azure.net\n    codeSigningAccountName: tableside\n    certificateProfileName: release\n',
      );
      expect(azure).toContain('azureSignOptions:');
      expect(azure).not.toContain('signtoolOptions');
      writeFileSync(file, azure);
      const result = await check(file);
      expect(result.out).toContain('azure.yml: valid');
      expect(result.code).toBe(0);
    },
    SLOW,
  );

  it(
    "rejects an electronVersion other than package.json's electron pin",
    async () => {
      const pin = (JSON.parse(readFileSync('package.json', 'utf8')) as { devDependencies: Record<string, string> }).devDependencies.electron;
      expect(original).toContain(`electronVersion: ${pin}\n`);
      const file = path.join(dir, 'version.yml');
      writeFileSync(file, original.replace(`electronVersion: ${pin}`, 'electronVersion: 45.0.0'));
      const result = await check(file);
      expect(result.code).toBe(1);
      expect(result.out).toContain(`version.yml: electronVersion is package.json's exact electron pin (${pin})`);
    },
    SLOW,
  );

  it(
    'rejects a native module packed from one folder for every target, or without the afterPack check',
    async () => {
      const file = path.join(dir, 'native.yml');
      const from = 'from: out/native-electron/${os}-${arch}';
      expect(original).toContain(from);
      writeFileSync(file, original.replace(from, 'from: out/native-electron').replace(/^afterPack: .*$/m, ''));
      const result = await check(file);
      expect(result.code).toBe(1);
      expect(result.out).toContain('native.yml: extraResources packs out/native-electron/${os}-${arch} to native');
      expect(result.out).toContain('native.yml: afterPack is the native module check (./scripts/after-pack.mjs)');
    },
    SLOW,
  );
});
