import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashTrayLine } from '../../main/shell/crash-notice-text.js';

/**
 * The built Electron entry with the real core (demo mode) on the stand-in electron: a renderer
 * that crashes is reloaded, the OS is told, and the tray keeps a line with the time until the
 * cashier clicks it, which opens the window.
 */
const run = promisify(execFile);
const SLOW = 300_000;

interface Report {
  error?: string;
  before: string[];
  after: string[];
  afterClick: string[];
  reloads: number;
  notifications: string[];
  shown: boolean;
  exit: number;
}

let dir: string;
let report: Report;

beforeAll(async () => {
  const needed = ['dist/main/shell/main.js', 'dist/main/shell/tray.js', 'dist/main/shell/crash-notice-text.js', 'dist/main/app/companion.js'];
  if (!needed.every((f) => existsSync(f))) await run(process.execPath, ['scripts/build.mjs'], { maxBuffer: 64 * 1024 * 1024 });
  dir = mkdtempSync(path.join(tmpdir(), 'tableside-crash-tray-'));
  writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ posApiPort: 0 }));
  const { stdout } = await run(process.execPath, ['test/shell/fixtures/drive-crash.mjs'], {
    env: { ...process.env, FAKE_USER_DATA: dir, TABLESIDE_LOG_LEVEL: 'error' },
    timeout: 240_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  report = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Report;
}, SLOW);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a crashed window in the Electron entry', () => {
  it('is reloaded and told by an OS notification and a tray line with its time', () => {
    expect(report.error).toBeUndefined();
    expect(report.before.some((l) => l.startsWith('Window reloaded'))).toBe(false);
    expect(report.reloads).toBe(1);
    expect(report.notifications).toContain('The Tableside window was reloaded');
    expect(report.after.find((l) => l.startsWith('Window reloaded'))).toMatch(/^Window reloaded after a problem \(\d\d:\d\d\)$/);
  });

  it('keeps the line until the cashier clicks it, which opens the window', () => {
    expect(report.afterClick.some((l) => l.startsWith('Window reloaded'))).toBe(false);
    expect(report.afterClick).toContain('Quit Tableside');
    expect(report.shown).toBe(true);
    expect(report.exit).toBe(0);
  });
});

describe('the tray line of a crash notice', () => {
  it('says what happened and when, in the cashier language', () => {
    const at = new Date(2026, 10, 20, 21, 14);
    expect(crashTrayLine('RENDERER_RELOADED', at, 'en')).toBe('Window reloaded after a problem (21:14)');
    expect(crashTrayLine('CORE_FAILED', at, 'cs')).toBe('Zastaveno: spusťte Tableside znovu (21:14)');
  });
});
