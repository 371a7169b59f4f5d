import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/base/log.js';
import { PROBLEM_SENTENCE } from '../../main/app/connection-runner.js';
import { runSelfTest, type SelfTestPorts } from '../../main/app/self-test.js';
import { API_KEY_FILE, createSafeStorageSecrets, type SafeStorageLike } from '../../main/shell/safe-storage-secrets.js';
import { isSelfTest, selfTestNativeBinding } from '../../main/shell/self-test-run.js';
import { electronNativeBinding } from '../../main/shell/shell-options.js';

/**
 * The self-test's checks in Node (main/app/self-test.ts): a temporary database through an explicit
 * native module file, the checkpoint worker, the settings and the key store of a data folder that
 * must come out byte for byte as it went in. The packaged run is test/packaging/self-test.test.ts.
 */

/** Stands in for Electron's safeStorage (the one allowed fake): real AES-GCM with a per-"user" key. */
function standInSafeStorage(): SafeStorageLike {
  const key = randomBytes(32);
  return {
    isEncryptionAvailable: () => true,
    encryptString(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decryptString(data) {
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

/** The Node build of better-sqlite3, named as a file the way the packaged app names its own. */
const NODE_BUILD = path.join(path.dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')), 'build', 'Release', 'better_sqlite3.node');
const KEY = 'ab12-cd34-ef56-gh78-ij90';

let root: string;
let dataDir: string;
let safe: SafeStorageLike;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'tableside-self-test-unit-'));
  dataDir = path.join(root, 'userData');
  mkdirSync(path.join(root, 'tmp'));
  safe = standInSafeStorage();
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function selfTest(over: Partial<SelfTestPorts> = {}): Promise<{ code: number; lines: string[]; byName: Map<string, string> }> {
  const lines: string[] = [];
  const code = await runSelfTest({
    nativeBinding: NODE_BUILD,
    dataDir,
    secrets: (log) => createSafeStorageSecrets(dataDir, safe, log),
    secretsFile: path.join(dataDir, API_KEY_FILE),
    write: (line) => lines.push(line),
    tempDir: path.join(root, 'tmp'),
    ...over,
  });
  const byName = new Map(lines.map((l) => [/^(?:ok {3}|FAIL )(.+?) {2}/.exec(l)?.[1] ?? l, l]));
  return { code, lines, byName };
}

/** Every file of a folder with its bytes: what the self-test must leave as it found. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const file = path.join(dir, name);
    out[name] = statSync(file).isDirectory() ? '<dir>' : readFileSync(file).toString('base64');
  }
  return out;
}

const CHECKS = ['native module', 'database', 'bill', 'worker checkpoint', 'settings', 'key store'];

describe('the self-test in Node', () => {
  it('passes on a fresh install: one ok line per check, the temporary database removed', async () => {
    const { code, lines, byName } = await selfTest();
    expect(lines).toHaveLength(CHECKS.length);
    expect([...byName.keys()]).toEqual(CHECKS);
    for (const line of lines) expect(line).toMatch(/^ok {3}\S/);
    expect(code).toBe(0);
    expect(byName.get('native module')).toMatch(new RegExp(`^ok {3}native module  ${escape(NODE_BUILD)} \\(SQLite 3\\.\\d+\\.\\d+\\)$`));
    // The worker copied the bill's frames: a real checkpoint, not an empty one.
    const [, copied, frames] = /PASSIVE: (\d+) of (\d+) frames copied/.exec(byName.get('worker checkpoint')!) ?? [];
    expect(Number(frames)).toBeGreaterThan(0);
    expect(copied).toBe(frames);
    expect(byName.get('settings')).toContain('none yet');
    expect(byName.get('key store')).toContain('none yet');
    expect(readdirSync(path.join(root, 'tmp'))).toEqual([]);
  });

  it('fails naming the native module file when it is missing, and runs no database check', async () => {
    const missing = path.join(root, 'resources', 'native', 'better_sqlite3.node');
    const { code, byName } = await selfTest({ nativeBinding: missing });
    expect(code).toBe(1);
    expect(byName.get('native module')).toBe(`FAIL native module  ${missing} is missing: reinstall Tableside`);
    for (const name of ['database', 'bill', 'worker checkpoint']) expect(byName.get(name)).toBe(`FAIL ${name}  not run: the native module did not load`);
    expect(byName.get('settings')).toMatch(/^ok/);
  });

  it('fails naming the native module file when it is not a loadable module', async () => {
    const garbage = path.join(root, 'better_sqlite3.node');
    writeFileSync(garbage, 'not a shared library');
    const { code, byName } = await selfTest({ nativeBinding: garbage });
    expect(code).toBe(1);
    expect(byName.get('native module')).toMatch(new RegExp(`^FAIL native module  ${escape(garbage)} could not be loaded \\(.+\\): reinstall Tableside$`));
  });

  it('reads good settings and a stored key, says where they point, prints no secret and changes nothing', async () => {
    mkdirSync(dataDir);
    writeFileSync(
      path.join(dataDir, 'settings.json'),
      JSON.stringify({ environment: 'production', serviceUrl: 'https://pay.example.com/api', posId: 'f0e1d2c3-b4a5-4697-8899-aabbccddeeff', language: 'xx' }),
    );
    createSafeStorageSecrets(dataDir, safe, silentLogger()).save(KEY);
    const before = snapshot(dataDir);
    const { code, lines, byName } = await selfTest();
    expect(code).toBe(0);
    expect(byName.get('settings')).toBe(
      `ok   settings  ${path.join(dataDir, 'settings.json')}: environment production, service https://pay.example.com; defaults used for language (values kept in the file)`,
    );
    expect(byName.get('key store')).toBe(`ok   key store  ${path.join(dataDir, API_KEY_FILE)}: an API key is stored and decrypts`);
    const out = lines.join('\n');
    for (const part of [KEY, KEY.slice(-4), KEY.slice(0, 4)]) expect(out).not.toContain(part);
    expect(snapshot(dataDir)).toEqual(before);
    // The copies the settings were read from are gone too.
    expect(readdirSync(path.join(root, 'tmp'))).toEqual([]);
  });

  it('fails a damaged settings file of a configured till with the sentence the app says, and leaves the file where it is', async () => {
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'settings.json'), '{"environment": "production", "serviceUrl": "https://pay.exa');
    // A till that has run: its database is there, so a damaged file never means a fresh install.
    writeFileSync(path.join(dataDir, 'tableside.sqlite'), 'x');
    createSafeStorageSecrets(dataDir, safe, silentLogger()).save(KEY);
    const before = snapshot(dataDir);
    const { code, lines, byName } = await selfTest();
    expect(code).toBe(1);
    expect(byName.get('settings')).toBe(`FAIL settings  ${path.join(dataDir, 'settings.json')}: ${PROBLEM_SENTENCE.SETTINGS_DAMAGED}`);
    expect(lines.join('\n')).not.toContain(KEY.slice(-4));
    expect(snapshot(dataDir)).toEqual(before);
  });

  it('fails a damaged settings file of a fresh install with what the app would do at its next start', async () => {
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'settings.json'), 'not json');
    const before = snapshot(dataDir);
    const { code, byName } = await selfTest();
    expect(code).toBe(1);
    expect(byName.get('settings')).toMatch(
      /^FAIL settings {2}.*settings\.json is damaged; the app's next start says: settings\.json could not be read: moved aside/,
    );
    expect(snapshot(dataDir)).toEqual(before);
  });

  it('fails a key that cannot be decrypted (another Windows user) and a real environment without a key, printing no key', async () => {
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ environment: 'sandbox', serviceUrl: 'https://sandbox.example.com' }));
    createSafeStorageSecrets(dataDir, standInSafeStorage(), silentLogger()).save(KEY);
    const unreadable = await selfTest();
    expect(unreadable.code).toBe(1);
    expect(unreadable.byName.get('key store')).toBe(
      `FAIL key store  ${path.join(dataDir, API_KEY_FILE)}: stored API key could not be decrypted; enter it again in Settings; ${PROBLEM_SENTENCE.KEY_MISSING}`,
    );
    expect(unreadable.lines.join('\n')).not.toContain(KEY.slice(-4));

    rmSync(path.join(dataDir, API_KEY_FILE));
    const missing = await selfTest();
    expect(missing.code).toBe(1);
    expect(missing.byName.get('key store')).toBe(`FAIL key store  ${path.join(dataDir, API_KEY_FILE)} is missing: ${PROBLEM_SENTENCE.KEY_MISSING}`);
  });
});

describe('the shell side of --self-test', () => {
  it('is asked for by the flag alone', () => {
    expect(isSelfTest(['Tableside.exe', '--self-test'])).toBe(true);
    expect(isSelfTest(['Tableside.exe', '--hidden'])).toBe(false);
  });

  it('loads the packaged native module even when it is missing (never the module default), in a checkout what the app loads', () => {
    const resources = path.join(root, 'resources');
    const shellDir = path.join(root, 'app', 'dist', 'main', 'shell');
    expect(selfTestNativeBinding(shellDir, true, resources)).toBe(path.join(resources, 'native', 'better_sqlite3.node'));
    expect(selfTestNativeBinding(shellDir, false, resources)).toBe(electronNativeBinding(path.join(root, 'app'), false, resources));
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
