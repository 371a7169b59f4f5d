import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '../../preload/names.js';

/**
 * The built Electron entry (dist/main/shell/main.js) run for real with the real core in demo mode
 * (embedded sandbox, SQLite in a temp data dir), on a stand-in for the `electron` module (the one
 * allowed fake). fixtures/drive-shell.mjs plays the OS and the cashier and reports what happened.
 */
const run = promisify(execFile);
const SLOW = 300_000;

interface Report {
  error?: string;
  appUserModelId: string;
  firstSteps: string[];
  lock: { uncaughtExceptionHandlers: number } | null;
  window: { url: string; webPreferences: Record<string, unknown> };
  tray: { icon: string; tooltip: string; menu: string[] };
  channels: number;
  guards: {
    navigationPrevented: boolean;
    ownPagePrevented: boolean;
    openEvil: string;
    openPrint: string;
    printPreload: string | null;
    openAllowListed: string;
    externalOpened: string[];
  };
  csp: { responseHeaders: Record<string, string[]> };
  snapshotDemo: boolean;
  foreign: unknown;
  printers: unknown;
  pdf: { ok: boolean; exists: boolean; path: string | null };
  printWindowDestroyed: boolean;
  dayReport: { ok: boolean; path: string | null; exists: boolean; url: string };
  silentWithoutPrinter: { ok: boolean; error: { code: string } };
  close0: { prevented: boolean; visible: boolean; notifications: number };
  close1: { prevented: boolean; visible: boolean; notifications: number };
  visibleAfterOpen: boolean;
  paymentNotification: { title: string; body: string };
  paid: boolean;
  eventsToWindow: number;
  hidden: { paid: boolean; typesWhileHidden: string[]; typesOnceShown: string[] };
  resumed: boolean;
  exit: number;
  trayDestroyed: boolean;
  walBeforeQuit: boolean;
  walAfterQuit: boolean;
  crashReporter: Record<string, unknown> | null;
  crash: { reloads: number; notification: string | null };
  logFiles: string[];
  diagnostics: { result: unknown; entries: string[]; logsDir: string; openLogs: unknown };
}

let dir: string;
let report: Report;

beforeAll(async () => {
  const needed = ['dist/main/shell/main.js', 'dist/main/shell/ipc.js', 'dist/preload/channels.js', 'dist/main/app/companion.js'];
  if (!needed.every((f) => existsSync(f))) await run(process.execPath, ['scripts/build.mjs'], { maxBuffer: 64 * 1024 * 1024 });
  dir = mkdtempSync(path.join(tmpdir(), 'tableside-shell-entry-'));
  // Port 0 for the local POS API, so parallel test files never fight over 4100.
  writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ posApiPort: 0 }));
  const { stdout } = await run(process.execPath, ['test/shell/fixtures/drive-shell.mjs'], {
    env: { ...process.env, FAKE_USER_DATA: dir, TABLESIDE_LOG_LEVEL: 'error' },
    timeout: 240_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  const last = stdout.trim().split('\n').at(-1) ?? '{}';
  report = JSON.parse(last) as Report;
}, SLOW);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the Electron entry with the real core', () => {
  it('started without error, under our AppUserModelID', () => {
    expect(report.error).toBeUndefined();
    expect(report.appUserModelId).toBe('cz.tableside.companion');
  });

  it("starts crash reporting and main's error handlers before the single-instance lock", () => {
    expect(report.firstSteps).toEqual(['crashReporter.start', 'requestSingleInstanceLock']);
    expect(report.lock?.uncaughtExceptionHandlers).toBeGreaterThanOrEqual(1);
  });

  it('opens the app page in a hardened window with the bundled preload', () => {
    expect(report.window.url).toBe(`file://${path.resolve('dist/renderer/index.html')}`);
    expect(report.window.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
    // Run unpackaged, as a developer does: DevTools stay, and the default menu is left alone.
    expect(report.window.webPreferences.devTools).toBe(true);
    expect(report.window.webPreferences.preload).toBe(path.resolve('dist/preload/preload.cjs'));
    expect(report.csp.responseHeaders['Content-Security-Policy']?.[0]).toContain("default-src 'self'");
  });

  it('guards the window: no navigation away, only the print sheet opens a window, allow-listed links go to the browser', () => {
    expect(report.guards).toEqual({
      navigationPrevented: true,
      ownPagePrevented: false,
      openEvil: 'deny',
      openPrint: 'allow',
      printPreload: path.resolve('dist/preload/preload.cjs'),
      openAllowListed: 'deny',
      externalOpened: ['https://qerko.com/'],
    });
  });

  it('shows the connection in the tray and its menu', () => {
    expect(report.tray.icon).toBe(path.resolve('assets/tray-connected.png'));
    expect(report.tray.tooltip).toBe('Tableside: Connected (Bistro Demo)');
    expect(report.tray.menu).toEqual(['Open Tableside', 'separator', 'Connected (Bistro Demo)', 'Reconnect', 'separator', 'Quit Tableside']);
  });

  it('answers IPC from its page only, one channel per command plus the snapshot and the page shown state', () => {
    // One channel per command of the contract (the same list the browser bridge checks), plus the snapshot and setShown.
    expect(report.channels).toBe(COMMAND_NAMES.length + 2);
    expect(COMMAND_NAMES).toContain('setTablePosition');
    expect(report.snapshotDemo).toBe(true);
    expect(report.foreign).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: 'This page may not control Tableside. Restart the app.' } });
  });

  it('prints through hidden windows: printers, a PDF sheet, and a clear error without a printer', () => {
    expect(report.printers).toEqual({ ok: true, value: ['Kitchen', 'Bar'] });
    expect(report.pdf.ok).toBe(true);
    expect(report.pdf.exists).toBe(true);
    expect(report.pdf.path?.startsWith(path.join(dir, 'qr-sheets', 'qr-sheet-'))).toBe(true);
    expect(readFileSync(report.pdf.path!, 'utf8')).toContain('%PDF');
    expect(report.printWindowDestroyed).toBe(true);
    expect(report.silentWithoutPrinter).toMatchObject({ ok: false, error: { code: 'NO_PRINTER' } });
    // Day report: the print page in report mode, saved under <userData>/day-reports/.
    expect(report.dayReport).toMatchObject({ ok: true, exists: true, path: path.join(dir, 'day-reports', 'day-report-2026-11-21.pdf') });
    expect(new URL(report.dayReport.url).searchParams.get('report')).toBe('day');
    expect(new URL(report.dayReport.url).searchParams.get('date')).toBe('2026-11-21');
  });

  it('hides to the tray on close, with the hint once, and opens again from the tray', () => {
    expect(report.close0).toEqual({ prevented: true, visible: false, notifications: 1 });
    expect(report.close1).toEqual({ prevented: true, visible: false, notifications: 1 });
    expect(existsSync(path.join(dir, 'close-hint-shown'))).toBe(true);
    expect(report.visibleAfterOpen).toBe(true);
  });

  it('notifies the OS when a guest pays and pushes events to the window', () => {
    expect(report.paid).toBe(true);
    expect(report.paymentNotification.title).toMatch(/paid/);
    expect(report.eventsToWindow).toBeGreaterThan(0);
    // Hidden in the tray, the window hears the paid notice and no view; shown, the views again.
    expect(report.hidden.paid).toBe(true);
    expect(report.hidden.typesWhileHidden).toContain('notice');
    expect(report.hidden.typesWhileHidden.filter((t) => ['bill', 'table', 'payment'].includes(t))).toEqual([]);
    expect(report.hidden.typesOnceShown).toEqual(expect.arrayContaining(['payment', 'table']));
    // A bill's view is never pushed: the window reads the bills it shows (billsOfTable).
    expect([...report.hidden.typesWhileHidden, ...report.hidden.typesOnceShown]).not.toContain('bill');
    expect(report.resumed).toBe(true);
  });

  it('quits cleanly: the database closed (its WAL folded in), the tray removed, exit code 0', () => {
    expect(report.walBeforeQuit).toBe(true);
    expect(report.walAfterQuit).toBe(false);
    expect(existsSync(path.join(dir, 'tableside.sqlite'))).toBe(true);
    expect(report.exit).toBe(0);
    expect(report.trayDestroyed).toBe(true);
  });

  it('writes its log to <userData>/logs, keeps minidumps local, and reloads a crashed window telling the cashier', () => {
    expect(report.logFiles.some((f) => /^tableside\.\d{4}-\d{2}-\d{2}\.1\.log$/.test(f))).toBe(true);
    expect(report.crashReporter).toMatchObject({ uploadToServer: false, submitURL: '' });
    expect(report.crash).toEqual({ reloads: 1, notification: 'The Tableside window was reloaded' });
  });

  it('exports diagnostics through IPC to the file chosen in the save dialog, and opens the logs folder', () => {
    const file = path.join(dir, 'out', 'support.zip');
    expect(report.diagnostics.result).toEqual({ ok: true, value: { file } });
    expect(report.diagnostics.entries).toEqual(
      expect.arrayContaining(['versions.json', 'settings.json', 'database.json', 'events.json', 'connection-states.json']),
    );
    expect(report.diagnostics.entries.some((e) => e.startsWith('logs/'))).toBe(true);
    expect(report.diagnostics.logsDir).toBe(path.join(dir, 'logs'));
    expect(report.diagnostics.openLogs).toEqual({ ok: true, value: { path: path.join(dir, 'logs') } });
  });
});
