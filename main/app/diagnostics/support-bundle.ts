import { readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { strToU8, zip, type AsyncZippable } from 'fflate';
import { TOKEN_FILE } from '../../adapters/pos-api/token.js';
import { listLogFiles } from '../../base/logging/file-logger.js';
import { readDatabaseReport } from './database-report.js';
import { maskSecrets, scrubBytes, scrubText } from './secret-scrub.js';
import type { StateHistory } from './state-history.js';
import { collectVersions, type Versions } from './versions.js';

export const DATABASE_FILE = 'tableside.sqlite';
/** Crashpad keeps dumps in subfolders (reports/, completed/, pending/…); the newest few are enough. */
export const BUNDLE_MINIDUMPS = 10;

export interface SupportBundleOptions {
  dataDir: string;
  /** Default `<dataDir>/tableside.sqlite`. */
  databaseFile?: string;
  /** better-sqlite3 built for Electron's ABI (the app passes the one the store uses). */
  nativeBinding?: string;
  /** The live settings (e.g. the snapshot's SettingsView); settings.json of the data folder is read too. */
  settings?: unknown;
  connectionHistory?: StateHistory;
  /** The host's versions (Electron's app.getVersion(), …) over the ones found here. */
  versions?: Partial<Versions>;
  /** Electron's crashReporter folder (app.getPath('crashDumps')). */
  crashDumpsDir?: string;
  /** Needs-attention items, when the app has them. */
  attention?: () => unknown;
  /** Secrets the host knows (the API key): never in any entry, in any form. */
  knownSecrets?: readonly (string | null | undefined)[];
  now?: () => number;
}

/**
 * The support bundle: one zip support can read on any machine. Every entry goes through
 * scrubText with every secret we know (the API key from the options or api-key.txt, the POS API
 * token), after pino's redaction (logs) and maskSecrets (structured entries); crash dumps through
 * scrubBytes. Built off the event loop: files are read asynchronously, each entry is scrubbed in
 * a turn of its own, and fflate compresses on its worker threads, so the till keeps answering.
 */
export async function buildSupportBundle(options: SupportBundleOptions): Promise<Uint8Array> {
  const secrets = bundleSecrets(options);
  const text = (value: string) => strToU8(scrubText(value, secrets));
  const json = (value: unknown) => text(`${JSON.stringify(maskSecrets(value), null, 2)}\n`);
  const database = readDatabaseReport(
    options.databaseFile ?? join(options.dataDir, DATABASE_FILE),
    options.nativeBinding ? { nativeBinding: options.nativeBinding } : {},
  );
  const { events, ...databaseSummary } = database;
  const files: AsyncZippable = {
    'versions.json': json(collectVersions(options.versions)),
    'settings.json': json({ file: readJsonFile(join(options.dataDir, 'settings.json')), live: options.settings ?? null }),
    'database.json': json(databaseSummary),
    'events.json': json(events),
    'connection-states.json': json(options.connectionHistory?.list() ?? []),
  };
  if (options.attention) files['attention.json'] = json(options.attention());
  for (const log of listLogFiles(options.dataDir)) {
    await nextTurn();
    files[`logs/${log.name}`] = text(await readFile(log.path, 'utf8'));
  }
  const dumps = options.crashDumpsDir ? minidumps(options.crashDumpsDir) : [];
  // Minidumps are memory snapshots: every secret we know is overwritten in them, in the encodings memory holds it in.
  for (const dump of dumps) {
    await nextTurn();
    files[`crash/${dump.name}`] = [scrubBytes(await readFile(dump.path), secrets), { level: 0 }];
  }
  const manifest = { createdAt: new Date((options.now ?? Date.now)()).toISOString(), entries: Object.keys(files).sort() };
  files['manifest.json'] = json(manifest);
  return new Promise((resolve, reject) => zip(files, { level: 6 }, (err, data) => (err ? reject(err) : resolve(data))));
}

/** Every secret we know of: the host's, and those kept in the data folder. */
export function bundleSecrets(options: Pick<SupportBundleOptions, 'dataDir' | 'knownSecrets'>): string[] {
  return [...knownSecretsIn(options.dataDir), ...(options.knownSecrets ?? [])].filter((s): s is string => !!s);
}

/** The secrets kept in the data folder in plain files: never shipped, scrubbed wherever they appear. */
function knownSecretsIn(dataDir: string): string[] {
  return ['api-key.txt', TOKEN_FILE].flatMap((name) => {
    try {
      return [readFileSync(join(dataDir, name), 'utf8').trim()];
    } catch {
      return [];
    }
  });
}

function readJsonFile(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch (e) {
    return { unreadable: (e as NodeJS.ErrnoException).code ?? 'INVALID_JSON' };
  }
}

/** The newest BUNDLE_MINIDUMPS `.dmp` files under `dir`, with unique names (subfolder joined in). */
export function minidumps(dir: string): { name: string; path: string }[] {
  const found: { name: string; path: string; mtimeMs: number }[] = [];
  const walk = (at: string, depth: number) => {
    let entries;
    try {
      entries = readdirSync(at, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(at, entry.name);
      if (entry.isDirectory() && depth < 3) walk(path, depth + 1);
      else if (entry.isFile() && entry.name.endsWith('.dmp'))
        found.push({ name: relative(dir, path).replaceAll('\\', '/'), path, mtimeMs: statSync(path).mtimeMs });
    }
  };
  walk(dir, 0);
  return found
    .sort((a, b) => b.mtimeMs - a.mtimeMs)
    .slice(0, BUNDLE_MINIDUMPS)
    .map(({ name, path }) => ({ name, path }));
}
