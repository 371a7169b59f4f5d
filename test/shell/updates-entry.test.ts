import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The built Electron entry with the real core (demo mode) on the stand-in electron and
 * electron-updater: the update URL in settings.json reaches electron-updater's generic feed,
 * the tray offers the downloaded update, and "Restart now" installs it (no payment in progress).
 * The data folder holds the marker an install in the quiet window leaves: this start is the
 * installer's restart, so the window stays hidden in the tray.
 */
const run = promisify(execFile);
const SLOW = 300_000;
const FEED = 'https://updates.example/tableside/win/';

interface Report {
  error?: string;
  feed: unknown[];
  menu: string[];
  installOnQuit: boolean;
  installsBeforeClick: number;
  install: unknown[];
  exit: number;
  windowShown: boolean;
  markerAtStart: boolean;
  markerAfterRestartNow: boolean;
}

let dir: string;
let report: Report;

/** A quiet window two to three hours from now, so the run never falls inside it (system clock). */
function windowAwayFromNow(): string {
  const at = (hours: number) => {
    const d = new Date(Date.now() + hours * 3600 * 1000);
    return `${String(d.getHours()).padStart(2, '0')}:00`;
  };
  return `${at(2)}-${at(3)}`;
}

beforeAll(async () => {
  const needed = [
    'dist/main/shell/main.js',
    'dist/main/shell/updates.js',
    'dist/main/features/updates/index.js',
    'dist/preload/channels.js',
    'dist/main/app/companion.js',
  ];
  if (!needed.every((f) => existsSync(f))) await run(process.execPath, ['scripts/build.mjs'], { maxBuffer: 64 * 1024 * 1024 });
  dir = mkdtempSync(path.join(tmpdir(), 'tableside-updates-entry-'));
  writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ posApiPort: 0, updateUrl: FEED, quietWindow: windowAwayFromNow() }));
  writeFileSync(path.join(dir, 'update-restart.json'), JSON.stringify({ at: Date.now(), version: '0.1.0' }));
  const { stdout } = await run(process.execPath, ['test/shell/fixtures/drive-updates.mjs'], {
    env: { ...process.env, FAKE_USER_DATA: dir, TABLESIDE_LOG_LEVEL: 'error' },
    timeout: 240_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  report = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Report;
}, SLOW);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('updates in the Electron entry', () => {
  it('points electron-updater at the configured generic feed', () => {
    expect(report.error).toBeUndefined();
    expect(report.feed).toEqual([{ provider: 'generic', url: FEED, channel: 'latest' }]);
  });

  it('offers the downloaded update in the tray, installs it on quit, and not by itself during service', () => {
    expect(report.menu).toContain('Restart now to update to 1.2.0');
    expect(report.installOnQuit).toBe(true);
    expect(report.installsBeforeClick).toBe(0);
  });

  it('"Restart now" in the tray installs silently and starts the app again', () => {
    expect(report.install).toEqual(['quitAndInstall', true, true]);
    expect(report.exit).toBe(0);
  });

  it('started by the installer after a quiet-window install: stays in the tray and uses the marker up', () => {
    expect(report.windowShown).toBe(false);
    expect(report.markerAtStart).toBe(false);
  });

  it('"Restart now" leaves no marker: the app the installer starts shows its window', () => {
    expect(report.markerAfterRestartNow).toBe(false);
  });
});
