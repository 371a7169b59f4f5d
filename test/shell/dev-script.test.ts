import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

/**
 * `npm run dev` (scripts/dev.mjs): vite's dev server in front of the headless host. The page comes
 * from vite with its HMR client, the one-time token and the bridge socket reach the host through
 * vite, and Ctrl+C (SIGINT) stops both.
 */
const SLOW = 180_000;
const dir = mkdtempSync(path.join(tmpdir(), 'tableside-dev-'));
let child: ChildProcess | null = null;

afterAll(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Opens a socket and says how it went: 'open', or the HTTP status it was refused with. */
function socket(url: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => {
      ws.close();
      resolve('open');
    });
    ws.once('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
    ws.once('error', (e) => resolve(e.message));
  });
}

describe('npm run dev', () => {
  it(
    'serves the page from vite with hot reload, the bridge through it, and stops on SIGINT',
    async () => {
      child = spawn(process.execPath, ['scripts/dev.mjs', '--data-dir', dir, '--pos-api-port', '0', '--dev-port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
      const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
      const errors: string[] = [];
      createInterface({ input: child.stderr! }).on('line', (l) => errors.push(l));
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child!.stdout! }).once('line', resolve);
        void exited.then((code) => reject(new Error(`dev exited ${code}: ${errors.join('\n')}`)));
      });
      const url = /^Tableside dev is running: open (\S+) in your browser \(hot reload; Ctrl\+C stops it\)\.$/.exec(line)?.[1] ?? '';
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{64}$/);
      const origin = new URL(url).origin;

      // The token is exchanged by the host, through vite, for the session cookie.
      const exchange = await fetch(url, { redirect: 'manual' });
      expect([exchange.status, exchange.headers.get('location')]).toEqual([303, '/']);
      const cookie = (exchange.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      expect(cookie).toMatch(/^tableside_ui=/);

      // The page is vite's: its HMR client and React refresh, which the dev-only CSP lets run.
      const page = await (await fetch(`${origin}/`)).text();
      expect(page).toContain('<div id="root">');
      expect(page).toContain('/@vite/client');
      expect(page).toContain("script-src 'self' 'unsafe-inline'");
      const client = await (await fetch(`${origin}/@vite/client`)).text();
      expect(client).toContain('vite-hmr');

      // The bridge socket reaches the host from the dev page, with the cookie; not from another origin.
      const bridge = `${origin.replace('http', 'ws')}/bridge`;
      expect(await socket(bridge, { cookie, origin })).toBe('open');
      expect(await socket(bridge, { cookie, origin: 'http://evil.example' })).toBe('403');
      expect(await socket(bridge, { origin })).toBe('403');

      child.kill('SIGINT');
      expect(await exited).toBe(0);
      await expect(fetch(`${origin}/`)).rejects.toThrow();
    },
    SLOW,
  );
});
