import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../main/base/clock.js';
import { CRASH_POLICY, type CrashNoticeCode } from '../../main/app/diagnostics/crash-policy.js';
import { loggerSettings } from '../../main/base/log.js';
import { installCrashHandling, startCrashReporting, type CrashHandlingOptions } from '../../main/shell/crash-handling.js';
import { crashNoticeText } from '../../main/shell/crash-notice-text.js';

/**
 * The Electron wiring of the crash policy against the stand-in electron (fixtures/fake-electron.mjs,
 * the one allowed fake): the app's render-process-gone, a window's unresponsive/responsive, main's
 * uncaught errors (on an EventEmitter standing in for `process`, so the test runner's own handlers
 * stay out of it), and crashReporter's options.
 */
interface FakeWindow extends EventEmitter {
  url: string | null;
  webContents: EventEmitter;
  isDestroyed(): boolean;
}
interface FakeElectron {
  app: EventEmitter & { getPath(name: string): string };
  crashReporter: { start(options: unknown): void };
  BrowserWindow: new (options: unknown) => FakeWindow;
}
interface FakeState {
  log: unknown[][];
  crashReporter: Record<string, unknown> | null;
}

const previousUserData = process.env.FAKE_USER_DATA;
let electron: FakeElectron;
const fake = () => (globalThis as unknown as { __fake: FakeState }).__fake;
const reloads = () => fake().log.filter((e) => e[0] === 'reload').length;

beforeAll(async () => {
  process.env.FAKE_USER_DATA = '/data/tableside';
  electron = (await import(new URL('./fixtures/fake-electron.mjs', import.meta.url).href)) as FakeElectron;
});
afterAll(() => {
  if (previousUserData === undefined) delete process.env.FAKE_USER_DATA;
  else process.env.FAKE_USER_DATA = previousUserData;
});

function setup(extra: Partial<CrashHandlingOptions> = {}) {
  const clock = new ManualClock();
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = new EventEmitter() as FakeElectron['app'];
  app.getPath = electron.app.getPath.bind(electron.app);
  const win = new electron.BrowserWindow({});
  win.url = 'file:///app/index.html';
  const processEvents = new EventEmitter();
  const notices: CrashNoticeCode[] = [];
  let restarts = 0;
  const handling = installCrashHandling({
    app: app as unknown as CrashHandlingOptions['app'],
    crashReporter: electron.crashReporter,
    log: pino(loggerSettings('debug'), sink),
    restartCore: async () => {
      restarts++;
    },
    window: () => win as unknown as ReturnType<CrashHandlingOptions['window']>,
    notice: (code) => notices.push(code),
    clock,
    processEvents,
    ...extra,
  });
  handling.watchWindow(win as unknown as Parameters<typeof handling.watchWindow>[0]);
  return { clock, app, win, processEvents, notices, lines, handling, restarts: () => restarts };
}

describe('crash handling in the Electron shell', () => {
  it('starts crashReporter with local minidumps only, in the crashDumps folder', () => {
    const { handling } = setup();
    expect(fake().crashReporter).toMatchObject({ uploadToServer: false, submitURL: '', compress: true });
    expect(handling.crashDumpsDir).toBe('/data/tableside/Crashpad');
  });

  it('uploads only when a submit URL is set', () => {
    setup({ submitUrl: 'https://crash.example/submit' });
    expect(fake().crashReporter).toMatchObject({ uploadToServer: true, submitURL: 'https://crash.example/submit' });
  });

  it('reloads the main window when its renderer crashes, logs it and tells the tray', () => {
    const { app, win, notices, lines } = setup();
    const before = reloads();
    app.emit('render-process-gone', {}, win.webContents, { reason: 'crashed', exitCode: 139 });
    expect(reloads()).toBe(before + 1);
    expect(notices).toEqual(['RENDERER_RELOADED']);
    expect(lines.find((l) => l.msg === 'the window process is gone')).toMatchObject({ mod: 'crash', reason: 'crashed', exitCode: 139 });
    // A print window's renderer is not the main window's: logged, not reloaded.
    app.emit('render-process-gone', {}, new EventEmitter(), { reason: 'killed', exitCode: 1 });
    expect(reloads()).toBe(before + 1);
  });

  it('reloads a window that stays unresponsive past the grace period, not sooner', async () => {
    const { clock, win, notices } = setup();
    const before = reloads();
    win.emit('unresponsive');
    await clock.advanceAsync(CRASH_POLICY.hangGraceMs - 1);
    expect(reloads()).toBe(before);
    await clock.advanceAsync(1);
    expect(reloads()).toBe(before + 1);
    expect(notices).toEqual(['RENDERER_RELOADED']);
    win.emit('unresponsive');
    win.emit('responsive');
    await clock.advanceAsync(CRASH_POLICY.hangGraceMs);
    expect(reloads()).toBe(before + 1);
  });

  it('logs an uncaught exception in main with its stack, restarts the core and then reloads the window', async () => {
    const { clock, processEvents, notices, lines, restarts } = setup();
    const before = reloads();
    processEvents.emit('uncaughtException', new Error('core blew up'));
    await clock.advanceAsync(0);
    expect(restarts()).toBe(1);
    expect(reloads()).toBe(before + 1);
    expect(notices).toEqual(['CORE_RESTARTED']);
    const logged = lines.find((l) => l.kind === 'uncaughtException') as { err: { stack: string } };
    expect(logged.err.stack).toContain('core blew up');
    processEvents.emit('unhandledRejection', new Error('stray'));
    expect(restarts()).toBe(1);
  });

  it('ignores a renderer that closes while the app quits', () => {
    const { app, win, notices } = setup();
    const before = reloads();
    app.emit('before-quit', { preventDefault: () => undefined });
    app.emit('render-process-gone', {}, win.webContents, { reason: 'killed', exitCode: 1 });
    expect(reloads()).toBe(before);
    expect(notices).toEqual([]);
  });

  it("before the logger exists, writes main's errors to stderr and logs them once it does; then hands them to the policy", async () => {
    const processEvents = new EventEmitter();
    const stderr: string[] = [];
    const app = new EventEmitter() as FakeElectron['app'];
    app.getPath = electron.app.getPath.bind(electron.app);
    const early = startCrashReporting({ app, crashReporter: electron.crashReporter, processEvents, stderr: (line) => stderr.push(line) });
    expect(fake().crashReporter).toMatchObject({ uploadToServer: false });
    processEvents.emit('uncaughtException', new Error('too early'));
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).toContain('too early');

    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const log = pino(loggerSettings('debug'), sink);
    early.useLog(log);
    expect(lines.find((l) => l.kind === 'uncaughtException')).toMatchObject({ mod: 'crash', err: { message: 'too early' } });

    let restarts = 0;
    const clock = new ManualClock();
    early.attach({
      app: app as unknown as CrashHandlingOptions['app'],
      log,
      clock,
      restartCore: async () => void restarts++,
      window: () => null,
      notice: () => undefined,
    });
    processEvents.emit('uncaughtException', new Error('after attach'));
    await clock.advanceAsync(0);
    expect(restarts).toBe(1);
    expect(stderr).toHaveLength(1);
  });

  it('has the cashier words for every notice in both languages', () => {
    for (const code of ['CORE_RESTARTED', 'CORE_FAILED', 'RENDERER_RELOADED', 'RENDERER_FAILED'] as const) {
      for (const language of ['en', 'cs'] as const) expect(crashNoticeText(code, language).tray.length).toBeGreaterThan(5);
    }
    expect(crashNoticeText('CORE_FAILED', 'en').body).toMatch(/start it again/);
  });
});
