import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import BetterSqlite3 from 'better-sqlite3';
import type { SecretStore } from '../base/host-types.js';
import { createLogger, type Logger } from '../base/log.js';
import { failureSentence } from '../base/store-error-english.js';
import { isConfiguredDataDir, LAST_GOOD_FILE, loadSettings, SETTINGS_FILE, type LoadedSettings } from '../features/settings/settings-file.js';
import { startCheckpointThread, workerScript } from '../store/engine/checkpoint-thread.js';
import type { WorkerReply } from '../store/engine/checkpoint-worker.js';
import { openStore, SCHEMA_VERSION, type Store } from '../store/index.js';
import { PROBLEM_SENTENCE } from './connection-runner.js';

/**
 * `--self-test`: checks an installed Tableside without starting it, one line per check on the
 * output and 0 or 1 for the exit code. The database is a temporary one, opened through the same
 * native module and store engine the app uses; the user's data folder is only read (settings.json
 * is read by the app's own loader from a copy, since that loader repairs what it reads).
 */

export const SELF_TEST_FLAG = '--self-test';

export interface SelfTestPorts {
  /** The better-sqlite3 module to load (packaged: <resources>/native/better_sqlite3.node); undefined: the module's own build. */
  nativeBinding: string | undefined;
  /** The user's data folder, read only. */
  dataDir: string;
  /** The key store as the app makes it, logging to the given logger (what it says becomes the sentence of a failure). */
  secrets: (log: Logger) => SecretStore;
  /** The key store's file, to tell "none stored" from "stored but unreadable". */
  secretsFile: string;
  /** Writes one line of the report. */
  write: (line: string) => void;
  /** Where the temporary database goes (default: the OS temp folder). */
  tempDir?: string | undefined;
  /** How long the checkpoint worker may take to start and answer. */
  workerWaitMs?: number | undefined;
}

export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
}

const WORKER_WAIT_MS = 20_000;
const REINSTALL = 'reinstall Tableside';

/** `ok   name  detail` or `FAIL name  detail`: the verdicts line up. */
export function formatCheck(r: CheckResult): string {
  return `${r.ok ? 'ok  ' : 'FAIL'} ${r.name}  ${r.detail}`;
}

/** Runs every check in order, writes each line as it is known, and answers the exit code. */
export async function runSelfTest(ports: SelfTestPorts): Promise<0 | 1> {
  let failed = false;
  const say = (r: CheckResult) => {
    failed ||= !r.ok;
    ports.write(formatCheck(r));
  };
  const native = checkNativeModule(ports.nativeBinding);
  say(native);
  await databaseChecks(ports, native.ok, say);
  const settings = checkSettings(ports.dataDir, () => keyStored(ports), ports.tempDir);
  say(settings.result);
  say(checkKeyStore(ports, settings.environment));
  return failed ? 1 : 0;
}

/** Which native module is loaded, named by its file. */
function nativeName(nativeBinding: string | undefined): string {
  return nativeBinding ?? "better-sqlite3's own build";
}

export function checkNativeModule(nativeBinding: string | undefined): CheckResult {
  const name = 'native module';
  if (nativeBinding !== undefined && !existsSync(nativeBinding)) return { name, ok: false, detail: `${nativeBinding} is missing: ${REINSTALL}` };
  try {
    const db = new BetterSqlite3(':memory:', nativeBinding === undefined ? {} : { nativeBinding });
    try {
      const { version } = db.prepare('SELECT sqlite_version() AS version').get() as { version: string };
      return { name, ok: true, detail: `${nativeName(nativeBinding)} (SQLite ${version})` };
    } finally {
      db.close();
    }
  } catch (e) {
    return { name, ok: false, detail: `${nativeName(nativeBinding)} could not be loaded (${firstLine(e)}): ${REINSTALL}` };
  }
}

const DATABASE_CHECKS = ['database', 'bill', 'worker checkpoint'] as const;

/** The temporary database, a bill written and read back, and a checkpoint on the worker thread; the folder is removed after. */
async function databaseChecks(ports: SelfTestPorts, nativeOk: boolean, say: (r: CheckResult) => void): Promise<void> {
  if (!nativeOk) {
    for (const name of DATABASE_CHECKS) say({ name, ok: false, detail: 'not run: the native module did not load' });
    return;
  }
  const dir = mkdtempSync(path.join(ports.tempDir ?? tmpdir(), 'tableside-self-test-'));
  const file = path.join(dir, 'tableside.sqlite');
  let store: Store | null = null;
  try {
    try {
      store = openStore({ file, nativeBinding: ports.nativeBinding, log: quietLog().log });
      say({ name: 'database', ok: true, detail: `a temporary database at schema ${SCHEMA_VERSION} in ${dir}` });
    } catch (e) {
      say({ name: 'database', ok: false, detail: `a temporary database in ${dir} could not be opened: ${failureSentence(e)}` });
      for (const name of DATABASE_CHECKS.slice(1)) say({ name, ok: false, detail: 'not run: the database did not open' });
      return;
    }
    say(checkBill(store));
    say(await checkWorker(file, ports.nativeBinding, ports.workerWaitMs ?? WORKER_WAIT_MS));
  } finally {
    try {
      store?.engine.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

export function checkBill(store: Store): CheckResult {
  const name = 'bill';
  try {
    store.bills.upsertTable({ id: 'self-test', name: 'Self-test' });
    store.bills.putBill({ id: 'self-test', tableId: 'self-test', currency: 'CZK', items: [{ id: 'line', name: 'Self-test', price: '12.50', quantity: '2' }] });
    const bill = store.bills.getBill('self-test');
    const line = bill?.items[0];
    if (bill?.state !== 'OPEN' || bill.items.length !== 1 || line?.price !== '12.5' || line.quantity !== '2')
      return { name, ok: false, detail: 'the bill read back is not the one written' };
    return { name, ok: true, detail: 'written and read back (1 line, 2 × 12.5 CZK)' };
  } catch (e) {
    return { name, ok: false, detail: `could not be written or read: ${failureSentence(e)}` };
  }
}

/** The checkpoint worker's script as the engine finds it: a file (dist, bundles) or the TypeScript source through tsx. */
function workerName(script: URL): string {
  return script.protocol === 'file:' ? fileURLToPath(script) : 'checkpoint-worker.ts (the sources, through tsx)';
}

/**
 * A PASSIVE checkpoint of the temporary database on the store's checkpoint thread, started from the
 * script the engine resolves: it proves the worker file is there, loads, and opens the database
 * through the native module on its own thread.
 */
export async function checkWorker(file: string, nativeBinding: string | undefined, waitMs: number): Promise<CheckResult> {
  const name = 'worker checkpoint';
  const script = workerScript();
  const worker = workerName(script);
  if (script.protocol === 'file:' && !existsSync(fileURLToPath(script))) return { name, ok: false, detail: `${worker} is missing: ${REINSTALL}` };
  const memory = quietLog();
  let settle: (outcome: WorkerReply | 'gone' | 'timeout') => void = () => undefined;
  const outcome = new Promise<WorkerReply | 'gone' | 'timeout'>((resolve) => (settle = resolve));
  const timer = setTimeout(() => settle('timeout'), waitMs);
  let thread: ReturnType<typeof startCheckpointThread> | null = null;
  try {
    thread = startCheckpointThread({ file, nativeBinding, log: memory.log, onReply: settle, onGone: () => settle('gone') });
    if (!thread.post('PASSIVE')) settle('gone');
    const reply = await outcome;
    if (reply === 'timeout') return { name, ok: false, detail: `${worker} did not answer within ${waitMs / 1000} s` };
    if (reply === 'gone') {
      const code = memory.lines().find((l) => typeof l.code === 'string')?.code as string | undefined;
      return { name, ok: false, detail: `${worker} did not run${code ? ` (${code})` : ''}: ${REINSTALL}` };
    }
    if (reply.type !== 'done') return { name, ok: false, detail: `${worker} could not checkpoint (${reply.type === 'error' ? reply.code : reply.type})` };
    return { name, ok: true, detail: `${worker} (PASSIVE: ${reply.checkpointed} of ${reply.log} frames copied)` };
  } catch (e) {
    return { name, ok: false, detail: `${worker} did not start (${firstLine(e)}): ${REINSTALL}` };
  } finally {
    clearTimeout(timer);
    thread?.close();
  }
}

/**
 * settings.json as the app would read it, said without a secret: "none yet" on a fresh install, a
 * FAIL with the app's own sentence when it is damaged (or missing from a configured data folder).
 * The app's loader repairs what it reads (moves a bad file aside, mints a Pos-Id), so it reads
 * copies in a temporary folder; whether the data folder holds a configuration is asked of the real one.
 */
export function checkSettings(dataDir: string, keyStored: () => boolean, tempDir = tmpdir()): { result: CheckResult; environment: string | null } {
  const name = 'settings';
  const file = path.join(dataDir, SETTINGS_FILE);
  if (!existsSync(dataDir)) return { result: { name, ok: true, detail: `none yet (no data folder ${dataDir})` }, environment: null };
  const configured = isConfiguredDataDir(dataDir, keyStored);
  if (!existsSync(file) && !configured) return { result: { name, ok: true, detail: `none yet (${file} is made at the first start)` }, environment: null };
  const copy = mkdtempSync(path.join(tempDir, 'tableside-self-test-settings-'));
  try {
    for (const n of readdirSync(dataDir).filter((n) => n === SETTINGS_FILE || n === LAST_GOOD_FILE || n.startsWith(`${SETTINGS_FILE}.bad-`)))
      copyFileSync(path.join(dataDir, n), path.join(copy, n));
    const memory = quietLog();
    const loaded = loadSettings(copy, memory.log, Date.now(), () => configured);
    return settingsVerdict(file, loaded, memory.lines());
  } catch (e) {
    return { result: { name, ok: false, detail: `${file} could not be read (${firstLine(e)})` }, environment: null };
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

function settingsVerdict(file: string, loaded: LoadedSettings, lines: Record<string, unknown>[]): { result: CheckResult; environment: string | null } {
  const name = 'settings';
  const { environment, serviceUrl } = loaded.settings;
  if (loaded.damaged !== null) return { result: { name, ok: false, detail: `${file}: ${PROBLEM_SENTENCE.SETTINGS_DAMAGED}` }, environment };
  const said = (l: Record<string, unknown>) => (typeof l.msg === 'string' && Number(l.level) >= 40 ? l.msg : null);
  // A whole-file problem the app repairs at its next start (moved aside, the last good copy used): still a failure of the install.
  const repaired = lines.filter((l) => l.field === undefined).flatMap((l) => said(l) ?? []);
  if (repaired.length > 0) return { result: { name, ok: false, detail: `${file} is damaged; the app's next start says: ${repaired.join('; ')}` }, environment };
  const fallbacks = lines.flatMap((l) => (typeof l.field === 'string' && said(l) ? [l.field] : []));
  const service = serviceUrl ? `, service ${originOf(serviceUrl)}` : '';
  const fields = fallbacks.length > 0 ? `; defaults used for ${fallbacks.join(', ')} (values kept in the file)` : '';
  return { result: { name, ok: true, detail: `${file}: environment ${environment}${service}${fields}` }, environment };
}

/**
 * The stored API key, read through the app's key store: present and readable, absent (a FAIL only
 * when the settings name a real environment, which cannot connect without it) or unreadable. The
 * key itself is never written out.
 */
export function checkKeyStore(ports: Pick<SelfTestPorts, 'secrets' | 'secretsFile'>, environment: string | null): CheckResult {
  const name = 'key store';
  const file = ports.secretsFile;
  if (!existsSync(file)) {
    if (environment !== null && environment !== 'demo') return { name, ok: false, detail: `${file} is missing: ${PROBLEM_SENTENCE.KEY_MISSING}` };
    return { name, ok: true, detail: `none yet (no API key stored in ${file})` };
  }
  const memory = quietLog();
  let key: string | null;
  try {
    key = ports.secrets(memory.log).load();
  } catch (e) {
    return { name, ok: false, detail: `${file} could not be read (${firstLine(e)}): ${PROBLEM_SENTENCE.KEY_MISSING}` };
  }
  if (key !== null) return { name, ok: true, detail: `${file}: an API key is stored and decrypts` };
  const why = memory
    .lines()
    .flatMap((l) => (typeof l.msg === 'string' ? [l.msg] : []))
    .join('; ');
  return { name, ok: false, detail: `${file}: ${why || 'the stored API key is empty'}; ${PROBLEM_SENTENCE.KEY_MISSING}` };
}

/** As the app asks it (settings-service.ts hasKey): a key that loads, or a store that throws, is a stored key. */
function keyStored(ports: Pick<SelfTestPorts, 'secrets'>): boolean {
  try {
    return ports.secrets(quietLog().log).load() !== null;
  } catch {
    return true;
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '(not a URL)';
  }
}

function firstLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0]!.trim();
}

/** The app's logger into memory: what the app's modules would log, read back as the sentence of a failure. */
function quietLog(): { log: Logger; lines(): Record<string, unknown>[] } {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  return {
    log: createLogger({ level: 'debug', destination: sink }),
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}
