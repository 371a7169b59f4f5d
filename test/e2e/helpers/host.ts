import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHeadless, type Ready } from '../../integration/helpers/headless-process.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const builtIndex = join(root, 'dist/renderer/index.html');

function newestMtime(dir: string, depth = 0): number {
  let newest = 0;
  // The renderer tree is a few levels deep; the bound keeps a symlink loop from running away.
  if (depth > 8) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full, depth + 1));
    else if (!entry.name.includes('.test.')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

function builtAt(): number {
  try {
    return statSync(builtIndex).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * The host serves dist/renderer: build it (renderer only, the rest of dist is left alone) when it is
 * missing or older than renderer/, so the tests never drive a stale page.
 */
export function ensureRendererBuilt(): void {
  const sources = Math.max(
    newestMtime(join(root, 'renderer/src')),
    statSync(join(root, 'renderer/index.html')).mtimeMs,
    statSync(join(root, 'renderer/print.html')).mtimeMs,
    statSync(join(root, 'renderer/staff.html')).mtimeMs,
    newestMtime(join(root, 'renderer/public')),
  );
  if (builtAt() >= sources) return;
  execFileSync(join(root, 'node_modules/.bin/vite'), ['build', '--config', 'renderer/vite.config.mjs', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
}

export interface Host {
  ready: Ready;
  /** http://127.0.0.1:<p>/?token=...: good for one visit, which trades the token for the cookie. */
  ui: string;
  /** http://127.0.0.1:<p>/: every later visit in the same browser (the cookie carries the access). */
  home: string;
  /** The page token from the ready line's ui URL, to check it never shows up again. */
  uiToken: string;
  dataDir: string;
  stderr(): string;
  stop(): Promise<void>;
}

/**
 * `npm run headless` as a child process with a temp data dir; demo mode when no service flags are
 * given. `settings` is written as the data dir's settings.json first (e.g. a Czech cashier's);
 * `env` is added to the host's environment (e.g. the till's time zone, TZ).
 */
export async function startHost(serviceArgs: string[] = [], options: { settings?: Record<string, unknown>; env?: Record<string, string> } = {}): Promise<Host> {
  ensureRendererBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'tableside-e2e-'));
  if (options.settings) writeFileSync(join(dataDir, 'settings.json'), JSON.stringify(options.settings));
  const { child, ready, exited, stderr } = await startHeadless(
    ['--data-dir', dataDir, '--pos-api-port', '0', ...serviceArgs],
    options.env ? { env: options.env } : {},
  );
  if (!ready.ui) {
    child.kill('SIGTERM');
    await exited;
    throw new Error(`the host started without browser mode: ${stderr().slice(-1000)}`);
  }
  const uiToken = new URL(ready.ui).searchParams.get('token') ?? '';
  let stopped = false;
  return {
    ready,
    ui: ready.ui,
    home: new URL('/', ready.ui).href,
    uiToken,
    dataDir,
    stderr,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (child.exitCode === null) child.kill('SIGTERM');
      // A host that ignores SIGTERM for 10 s is killed, so afterAll always finishes.
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
