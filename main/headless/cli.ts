/**
 * `npm run headless -- [--data-dir D] [--service-url U] [--api-key-file F | --api-key K] [--pos-id P]
 *   [--transport ws|longpoll|webhook] [--pos-api-port N] [--webhook-port N --public-url U] [--ui-port N] [--no-ui]
 *   [--diagnostics FILE.zip] [--restore-backup latest|NAME|PATH]`
 * Runs the core without Electron, from D's settings.json and stored key (flags override them for
 * this run; the key also comes from TABLESIDE_API_KEY). The first stdout line is one JSON object
 * (the ready line, with `problem` when the host does not connect: SETTINGS_DAMAGED, KEY_MISSING...),
 * the second `{"connected":true,"transport":...}` once the connection is first up (never without it);
 * logs go to stderr and <data-dir>/logs. A data dir without configuration runs the demo: an embedded
 * sandbox. `--diagnostics FILE.zip` writes the support bundle and exits, without starting the core.
 * `--restore-backup` puts a verified backup in place of the bill database (the replaced one is kept
 * in <data-dir>/backups) and exits, without starting the core: start it again without the flag.
 */
import { existsSync } from 'node:fs';
import { failureSentence } from '../base/store-error-english.js';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { portInUse, StartupError } from '../base/startup-error.js';
import { createCompanion } from '../app/companion.js';
import { createInterface } from 'node:readline';
import type { Companion, DemoPort } from '../base/host-types.js';
import type { ConnectionProblem } from '../../preload/contract.js';
import { diagnosticsCommand, exitOnUncaughtErrors } from '../app/diagnostics/host-hooks.js';
import { createFileLogger, flushLogger } from '../base/logging/file-logger.js';
import { ensurePrivateDir } from '../base/private-files.js';
import type { UiServer } from '../adapters/ui-server/index.js';
import { apiKeyFor } from './api-key-source.js';
import { HEADLESS_HELP_HINT, HEADLESS_USAGE, parseHeadlessArgs, settingsOverrides, wantsHelp, type HeadlessArgs } from './args.js';
import { onFirstConnected } from './connected-line.js';
import { restoreCommand } from './restore-command.js';

if (wantsHelp(process.argv.slice(2))) {
  process.stdout.write(`${HEADLESS_USAGE}\n`);
  process.exit(0);
}
const parsed = parseHeadlessArgs(process.argv.slice(2));
if (!parsed.ok) {
  process.stderr.write(`headless: ${parsed.error}\n${HEADLESS_HELP_HINT}\n`);
  process.exit(2);
}
const args = parsed.args;
const dataDir = resolve(args.dataDir);
ensurePrivateDir(dataDir);
const log = await createFileLogger({ dataDir });
exitOnUncaughtErrors(log);
if (args.diagnostics) process.exit(await diagnosticsCommand(args.diagnostics, { dataDir, log }));
if (args.restoreBackup) process.exit(await restoreCommand(args.restoreBackup, { dataDir, log }));

/** How long a dying start waits for its log to be written before it says why and exits. */
const DIE_FLUSH_MS = 2_000;

/**
 * One sentence on stderr and a non-zero exit: what went wrong and what to change, never a stack.
 * The log's buffered lines are written first (its stderr writes run on the threadpool), so the
 * sentence is the last line a supervisor or an installer's console shows. Never resolves.
 */
async function die(e: unknown): Promise<never> {
  const sentence = e instanceof StartupError ? e.message : `Tableside could not start: ${failureSentence(e)}`;
  let timer: NodeJS.Timeout | undefined;
  // The timer also keeps the process alive while the log is written (its servers may be closed).
  await Promise.race([flushLogger(log), new Promise((resolve) => (timer = setTimeout(resolve, DIE_FLUSH_MS)))]);
  clearTimeout(timer);
  process.stderr.write(`headless: ${sentence}\n`);
  process.exit(e instanceof StartupError ? 3 : 1);
}

/** Exit code after a restore from Settings: the core stopped for it; a supervisor starts the host again. */
const RESTORED_EXIT = 75;

/** A restore from Settings stopped the core and put the backup in place (or failed, the database unchanged): said, then exit. */
async function restoredFromSettings(outcome: { error?: unknown }): Promise<never> {
  await flushLogger(log);
  const line = outcome.error
    ? `the restore failed (${failureSentence(outcome.error)}); the database is unchanged`
    : 'a backup was restored from Settings (the replaced database is kept in backups/)';
  process.stderr.write(`headless: ${line}; start Tableside again.\n`);
  process.exit(RESTORED_EXIT);
}

// Run from source (main/headless) or built (dist/main/headless): the renderer is in dist/renderer.
function rendererDir(): string | undefined {
  return [new URL('../../dist/renderer', import.meta.url), new URL('../../renderer', import.meta.url)]
    .map((u) => fileURLToPath(u))
    .find((dir) => existsSync(resolve(dir, 'index.html')));
}

async function startUi(companion: Companion, options: HeadlessArgs): Promise<UiServer | null> {
  if (!options.ui) return null;
  const staticDir = rendererDir();
  if (!staticDir) {
    log.warn({ mod: 'headless' }, 'the renderer is not built (run `npm run build`): browser mode is off');
    return null;
  }
  const port = options.uiPort ?? 0;
  const [{ startUiServer }, { diagnosticsDownloads }, { recordConnectionStates }] = await Promise.all([
    import('../adapters/ui-server/index.js'),
    import('../app/diagnostics/downloads.js'),
    import('../app/diagnostics/state-history.js'),
  ]);
  const downloads = diagnosticsDownloads({ dataDir, log, connectionHistory: recordConnectionStates(companion.api) });
  return startUiServer({ api: companion.api, staticDir, host: '127.0.0.1', port, log, downloads }).catch((e: unknown) => {
    throw portInUse(e, 'ui', port);
  });
}

// Loaded when needed, not at every start: the embedded sandbox (and its QR codes) runs only in demo
// mode, the browser UI only without --no-ui (the bundle keeps each in its own chunk).
/** What asks for a new browser link on stdin (English and Czech). */
const OPEN_COMMANDS = new Set(['open', 'otevřít', 'otevrit']);

const startSandbox: DemoPort = async (options) => (await import('../../sandbox/index.js')).startSandbox(options);

async function boot(): Promise<{ companion: Companion; ui: UiServer | null }> {
  ensurePrivateDir(dataDir);
  const companion = await createCompanion({
    dataDir,
    log,
    apiKey: apiKeyFor(args, process.env),
    settings: settingsOverrides(args),
    demo: startSandbox,
    // Waiters' phones load the built staff page (when staff phones are on).
    staffStaticDir: rendererDir(),
    onRestored: (outcome) => void restoredFromSettings(outcome),
  });
  try {
    await companion.start();
    return { companion, ui: await startUi(companion, args) };
  } catch (e) {
    await companion.stop();
    throw e;
  }
}

const { companion, ui } = await boot().catch(die);
// Handlers first: a supervisor may send SIGTERM the moment it reads the ready line.
let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  log.info({ mod: 'headless', signal }, 'shutting down');
  void (async () => {
    await ui?.close();
    await companion.stop();
    log.flush();
    process.exit(0);
  })();
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));

/** The first stdout line; JSON.stringify leaves out the fields that are undefined. */
interface ReadyLine {
  ready: true;
  posApi: string;
  posApiToken: string;
  transport: string;
  webhook: string | undefined;
  ui: string | undefined;
  demo: true | undefined;
  sandbox: string | undefined;
  /** Why the host does not connect (e.g. SETTINGS_DAMAGED): no connected line follows until Settings are saved. */
  problem: ConnectionProblem | undefined;
  /** Free space of the data folder's volume; later changes are logged (mod "disk"). */
  disk: { lowSpace: boolean; freeBytes: number };
  /** Another program's lock on the bill database; later changes go to stderr and the log (mod "store"). */
  database: { locked: boolean; since: number | null };
}
const problem = companion.connection().problem;
const ready: ReadyLine = {
  ready: true,
  posApi: companion.posApiUrl,
  posApiToken: companion.posApiToken,
  transport: companion.transport,
  webhook: companion.webhookUrl ?? undefined,
  ui: ui?.url,
  demo: companion.sandboxUrl ? true : undefined,
  sandbox: companion.sandboxUrl ?? undefined,
  problem,
  disk: companion.disk(),
  database: companion.database(),
};
process.stdout.write(`${JSON.stringify(ready)}\n`);
// Also in the log file, for `npm start`, which keeps the ready line off the console: the POS API
// token redacted by the logger, the UI's one-time token left out of its address.
log.info({ mod: 'headless', ready: { ...ready, ui: ready.ui?.split('?')[0] } }, 'ready');
if (problem) process.stderr.write(`headless: ${companion.connection().sentence}\n`);
companion.api.onEvent(
  (event) => {
    if (event.type !== 'database') return;
    const { locked, since } = event.database;
    process.stderr.write(
      locked
        ? `headless: the bill database is locked by another program since ${new Date(since!).toISOString()}: payments are refused until it lets go\n`
        : 'headless: the bill database is free again\n',
    );
  },
  ['database'],
);
// A closed browser needs no restart: "open" typed in the host's window (or written to its stdin)
// prints a fresh one-time link, as a JSON line like the ready line's "ui".
if (ui) {
  const lines = createInterface({ input: process.stdin, terminal: false });
  lines.on('line', (line) => {
    if (!OPEN_COMMANDS.has(line.trim().toLowerCase())) return;
    const url = ui.newLink();
    process.stdout.write(`${JSON.stringify({ ui: url })}\n`);
    log.info({ mod: 'headless' }, "a new link to the cashier's screen was printed");
  });
  // stdin closed (a service manager's /dev/null): nothing to read, and no reason to stay alive for it.
  lines.on('close', () => process.stdin.unref?.());
  if (process.stdin.isTTY) process.stderr.write('headless: closed the browser? Type "open" and Enter for a new link to the cashier\'s screen.\n');
}
// The second line, once: the connection is up (the ready line only says the host has started).
onFirstConnected(companion, (transport) => process.stdout.write(`${JSON.stringify({ connected: true, transport })}\n`));
