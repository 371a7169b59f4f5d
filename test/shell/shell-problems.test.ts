import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The built Electron entry on the stand-in `electron` module (as shell-entry.test.ts), with a data
 * dir that needs the cashier: the tray says what to fix, and no dialog blocks the start.
 */
const run = promisify(execFile);
const SLOW = 300_000;

interface Report {
  error?: string;
  tray: { icon: string; tooltip: string; menu: string[] };
  dialogs: unknown[];
  exit: number;
}

async function driveShell(settings: Record<string, unknown>, expectTray: string, env: Record<string, string> = {}): Promise<Report & { log: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tableside-shell-problem-'));
  try {
    writeFileSync(path.join(dir, 'settings.json'), JSON.stringify(settings));
    const { stdout } = await run(process.execPath, ['test/shell/fixtures/drive-shell-problem.mjs'], {
      env: { ...process.env, FAKE_USER_DATA: dir, EXPECT_TRAY: expectTray, TABLESIDE_LOG_LEVEL: 'error', ...env },
      timeout: 120_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    const logs = path.join(dir, 'logs');
    const log = existsSync(logs)
      ? readdirSync(logs)
          .map((f) => readFileSync(path.join(logs, f), 'utf8'))
          .join('')
      : '';
    return { ...(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Report), log };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let squatter: Server;
let port: number;
beforeAll(async () => {
  const needed = ['dist/main/shell/main.js', 'dist/main/app/startup-error.js', 'dist/preload/channels.js'];
  if (!needed.every((f) => existsSync(f))) await run(process.execPath, ['scripts/build.mjs'], { maxBuffer: 64 * 1024 * 1024 });
  squatter = createServer();
  await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
  port = (squatter.address() as { port: number }).port;
}, SLOW);
afterAll(async () => {
  await new Promise((resolve) => squatter.close(resolve));
});

describe('the app shell when the till cannot connect by itself', () => {
  it(
    'a sandbox install without its key stays on the sandbox and the tray asks for the key',
    async () => {
      const report = await driveShell(
        { environment: 'sandbox', serviceUrl: 'https://sandbox.example.com', posId: randomUUID(), posApiPort: 0 },
        'API key missing',
      );
      expect(report.error).toBeUndefined();
      expect(report.tray.tooltip).toBe('Tableside: API key missing: enter it again in Settings');
      expect(report.tray.icon).toMatch(/tray-rejected\.png$/);
      expect(report.dialogs).toEqual([]);
      expect(report.exit).toBe(0);
    },
    SLOW,
  );

  it(
    'a taken POS API port is named in the tray, without a dialog',
    async () => {
      const report = await driveShell({ posApiPort: port }, `Port ${port}`);
      expect(report.error).toBeUndefined();
      expect(report.tray.tooltip).toBe(`Tableside: Port ${port} is in use (another Tableside?): change it in Settings → Local POS API port`);
      expect(report.dialogs).toEqual([]);
    },
    SLOW,
  );
  it(
    'an installed app without its SQLite engine says so in the tray and names the file in the log, with no fallback',
    async () => {
      const resources = mkdtempSync(path.join(tmpdir(), 'tableside-resources-'));
      try {
        const report = await driveShell({ posApiPort: 0 }, 'SQLite engine', { FAKE_PACKAGED: '1', FAKE_RESOURCES_PATH: resources });
        expect(report.error).toBeUndefined();
        expect(report.tray.tooltip).toBe('Tableside: A part of Tableside is missing (the SQLite engine): reinstall it (the log names the file)');
        expect(report.dialogs).toEqual([]);
        expect(report.log).toContain(`missing at ${path.join(resources, 'native', 'better_sqlite3.node')}`);
        expect(report.log).not.toContain('using the module default');
      } finally {
        rmSync(resources, { recursive: true, force: true });
      }
    },
    SLOW,
  );
});
