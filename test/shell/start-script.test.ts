import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm start` here: the Electron binary is not installed, so scripts/start.mjs must say so in one
 * line and run the browser mode, whose UI URL it prints and which then serves the app.
 */
const run = promisify(execFile);
const SLOW = 300_000;

let dir: string;
let child: ChildProcess;
const lines: string[] = [];
let exited: Promise<number | null>;

const waiters = new Set<() => void>();

/** Resolves with the first stdout line that matches, waiting for it with a deadline. */
function nextLine(match: (line: string) => boolean, what: string, timeoutMs = 120_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const found = lines.find(match);
      if (found === undefined) return;
      clearTimeout(timer);
      waiters.delete(check);
      resolve(found);
    };
    const timer = setTimeout(() => {
      waiters.delete(check);
      reject(new Error(`no ${what} within ${timeoutMs} ms; output:\n${lines.join('\n')}`));
    }, timeoutMs);
    waiters.add(check);
    check();
  });
}

beforeAll(async () => {
  if (!existsSync('dist/renderer/index.html')) await run(process.execPath, ['scripts/build.mjs'], { maxBuffer: 64 * 1024 * 1024 });
  dir = mkdtempSync(path.join(tmpdir(), 'tableside-start-'));
  child = spawn(process.execPath, ['scripts/start.mjs', '--data-dir', dir, '--pos-api-port', '0'], {
    env: { ...process.env, TABLESIDE_SKIP_BUILD: '1', TABLESIDE_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const check of [...waiters]) check();
  });
  child.stderr!.resume();
  exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}, SLOW);

afterAll(async () => {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
}, SLOW);

describe('npm start without the Electron binary', () => {
  it(
    'says so in one line, then starts the browser mode and prints its URL',
    async () => {
      const open = await nextLine((l) => l.startsWith('Open Tableside in your browser: '), 'UI URL line');
      expect(lines[0]).toBe('Electron is not installed here (ELECTRON_SKIP_BINARY_DOWNLOAD); starting the browser mode instead.');
      const url = open.slice('Open Tableside in your browser: '.length);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{64}$/);
      // The printed URL is exchanged once for the cookie (303 to the address without the token).
      const exchange = await fetch(url, { redirect: 'manual' });
      expect(exchange.status).toBe(303);
      const cookie = (exchange.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const page = await fetch(new URL(exchange.headers.get('location') ?? '', url), { headers: { cookie } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      expect((await fetch(new URL(url).origin)).status).toBe(403);
    },
    SLOW,
  );

  it(
    'stops cleanly on SIGTERM',
    async () => {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    },
    SLOW,
  );
});
