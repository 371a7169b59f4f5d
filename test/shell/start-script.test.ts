import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm start` here: the Electron binary is not installed, so scripts/start.mjs runs the browser
 * mode and says so in one sentence with the UI's URL; the ready line (with the POS API token) and
 * the log lines stay off the console. `--help` and an unknown flag answer without starting.
 */
const run = promisify(execFile);
const SLOW = 300_000;

let dir: string;
let child: ChildProcess;
const lines: string[] = [];
const errLines: string[] = [];
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
    env: { ...process.env, TABLESIDE_SKIP_BUILD: '1', TABLESIDE_LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const check of [...waiters]) check();
  });
  createInterface({ input: child.stderr! }).on('line', (line) => errLines.push(line));
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
    'starts the browser mode and says so in one sentence with its URL, never the POS API token',
    async () => {
      const open = await nextLine((l) => l.startsWith('Tableside is running: open '), 'the running sentence');
      expect(lines).toEqual([open]);
      const url = /^Tableside is running: open (\S+) in your browser \(Ctrl\+C stops it\)\.$/.exec(open)?.[1] ?? '';
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{64}$/);
      const posApiToken = readFileSync(path.join(dir, 'pos-api-token'), 'utf8').trim();
      expect(posApiToken).toMatch(/^[0-9a-f]{16,}$/);
      // Info-level logs were on (TABLESIDE_LOG_LEVEL=info): none of them, and no ready line, reached the console.
      expect([...lines, ...errLines].join('\n')).not.toContain(posApiToken);
      expect(errLines.filter((l) => l.startsWith('{'))).toEqual([]);
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
    'answers --help with its flags (exit 0) and refuses an unknown flag (exit 2) without starting',
    async () => {
      const env = { ...process.env, TABLESIDE_SKIP_BUILD: '1' };
      const help = await run(process.execPath, ['scripts/start.mjs', '--help'], { env });
      expect(help.stdout).toMatch(/^Usage: npm start -- \[flags\]/);
      for (const flag of ['--verbose', '--help', '--hidden', '--data-dir']) expect(help.stdout).toContain(flag);
      const refused = await run(process.execPath, ['scripts/start.mjs', '--no-such-flag'], { env }).catch(
        (e: { code: number; stdout: string; stderr: string }) => e,
      );
      expect('code' in refused ? refused.code : 0).toBe(2);
      expect(refused.stdout).toBe('');
      expect(refused.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/^headless: Unknown option '--no-such-flag'/),
        'Run `npm run headless -- --help` for the flags.',
      ]);
    },
    SLOW,
  );

  it(
    'stops cleanly on SIGTERM',
    async () => {
      child.kill('SIGTERM');
      expect(await exited, errLines.join('\n')).toBe(0);
      // The ready line kept off the console is in the log file, without either token.
      const logged = readdirSync(path.join(dir, 'logs'))
        .flatMap((f) => readFileSync(path.join(dir, 'logs', f), 'utf8').split('\n'))
        .filter((l) => l.startsWith('{"') && l.includes('"msg":"ready"'))
        .map((l) => JSON.parse(l) as { ready?: { posApiToken: string; ui: string } })
        .at(0);
      expect(logged?.ready).toMatchObject({ posApiToken: '[secret]', ui: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/$/) });
    },
    SLOW,
  );
});
