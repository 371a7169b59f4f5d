import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../main/base/clock.js';
import { createLogger, silentLogger } from '../../main/base/log.js';
import { RESTART_MARKER_FILE, takeHiddenRestart, takeRestartMarker, type UpdatePolicy, type UpdateStatus } from '../../main/features/updates/index.js';
import type { CompanionEvent } from '../../preload/contract.js';
import type { FakeUpdaterRecord } from './fixtures/fake-electron-updater.mjs';

/**
 * main/shell/updates.ts and the tray's update items, on the stand-in electron-updater
 * (fixtures/fake-electron-updater.mjs) and a recording `electron` (Tray, Menu): no Electron binary
 * here. The policy itself is tested in test/updates; this checks that the shell hands it the real
 * updater calls and shows what it says.
 */
vi.mock('electron-updater', () => import('./fixtures/fake-electron-updater.mjs'));

interface MenuItem {
  label?: string;
  type?: string;
  enabled?: boolean;
  click?: () => void;
}
const electron = vi.hoisted(() => ({ trays: [] as { menu: { template: MenuItem[] } | null }[] }));
vi.mock('electron', () => ({
  Menu: { buildFromTemplate: (template: MenuItem[]) => ({ template }) },
  nativeImage: { createFromPath: (p: string) => ({ path: p }), createEmpty: () => ({ path: null }) },
  Tray: class {
    menu: { template: MenuItem[] } | null = null;
    constructor() {
      electron.trays.push(this);
    }
    on(): void {}
    setImage(): void {}
    setToolTip(): void {}
    setContextMenu(menu: { template: MenuItem[] }): void {
      this.menu = menu;
    }
    isDestroyed(): boolean {
      return false;
    }
    destroy(): void {}
  },
}));

const { startUpdates, redactUrls, followChannelSetting, DEFAULT_QUIET_WINDOW } = await import('../../main/shell/updates.js');
const { createAppTray } = await import('../../main/shell/tray.js');
const { autoUpdater, originalVerify } = await import('./fixtures/fake-electron-updater.mjs');
const fake = (globalThis as unknown as { __fakeUpdater: FakeUpdaterRecord }).__fakeUpdater;

const URL_ = 'https://updates.example/tableside/win/';
const local = (h: number, m = 0, day = 21): number => new Date(2026, 10, day, h, m).getTime();
const calls = (name: string) => fake.calls.filter((c) => c[0] === name);

let clock: ManualClock;
let paymentBusy: boolean;
let policy: UpdatePolicy | null;
let statuses: UpdateStatus[];

function start(updateUrl = URL_, quietWindow = '03:00-05:00', log = silentLogger()): UpdatePolicy {
  policy = startUpdates({
    updateUrl,
    quietWindow,
    clock,
    log,
    busyChecks: [{ name: 'payment', busy: () => paymentBusy }],
    onStatus: (s) => statuses.push(s),
  });
  return policy;
}

beforeEach(() => {
  clock = new ManualClock(local(12));
  paymentBusy = false;
  policy = null;
  statuses = [];
  fake.calls.length = 0;
  fake.feed = null;
  fake.downloadError = null;
  fake.installError = null;
  electron.trays.length = 0;
  // One autoUpdater for the whole file: each start adds its 'error' logger to it.
  autoUpdater.removeAllListeners('error');
});
afterEach(() => policy?.stop());

describe('the shell wires electron-updater to the policy', () => {
  it('points autoUpdater at the generic feed and checks at start, downloading in the background', async () => {
    start();
    await clock.advanceAsync(0);
    expect(calls('setFeedURL')).toEqual([['setFeedURL', { provider: 'generic', url: URL_, channel: 'latest' }]]);
    expect(calls('checkForUpdates')).toEqual([['checkForUpdates', { autoDownload: true }]]);
    expect(policy?.status()).toEqual({ kind: 'idle', lastCheckAt: local(12) });
    expect(autoUpdater.autoInstallOnAppQuit).toBe(false);
  });

  it('an empty update URL: electron-updater is never called', async () => {
    start('');
    await clock.advanceAsync(24 * 3600 * 1000);
    expect(fake.calls).toEqual([]);
    expect(statuses).toEqual([{ kind: 'off' }]);
  });

  it('a found update downloads once, installs on quit, and installs silently at 03:00 with the app restarted after', async () => {
    fake.feed = { version: '1.2.0' };
    start();
    await clock.advanceAsync(0);
    expect(calls('downloadUpdate')).toHaveLength(1);
    expect(policy?.status()).toMatchObject({ kind: 'ready', version: '1.2.0' });
    expect(autoUpdater.autoInstallOnAppQuit).toBe(true);
    await clock.advanceAsync(local(2, 59, 22) - clock.now());
    expect(calls('quitAndInstall')).toEqual([]);
    await clock.advanceAsync(60 * 1000);
    expect(calls('quitAndInstall')).toEqual([['quitAndInstall', true, true]]);
  });

  it("electron-updater's synchronous 'error' on install becomes the failed status; the app keeps running", async () => {
    fake.feed = { version: '1.2.0' };
    fake.installError = Object.assign(new Error("No update filepath provided, can't quit and install"), { code: 'ERR_UPDATER_INSTALL' });
    start(URL_, '11:00-13:00');
    await clock.advanceAsync(0);
    expect(calls('quitAndInstall')).toHaveLength(1);
    expect(policy?.status()).toEqual({
      kind: 'failed',
      code: 'update.install-failed',
      runningVersion: '0.1.0',
      version: '1.2.0',
      cause: 'ERR_UPDATER_INSTALL',
    });
    expect(autoUpdater.autoInstallOnAppQuit).toBe(false);
  });

  it('a failed download keeps the running version', async () => {
    fake.feed = { version: '1.2.0' };
    fake.downloadError = Object.assign(new Error('sha512 checksum mismatch'), { code: 'ERR_CHECKSUM_MISMATCH' });
    start();
    await clock.advanceAsync(0);
    expect(policy?.status()).toMatchObject({ kind: 'failed', code: 'update.download-failed', cause: 'ERR_CHECKSUM_MISMATCH', runningVersion: '0.1.0' });
  });

  it('a download that fails after the policy moved on is not an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      fake.feed = { version: '1.2.0' };
      fake.downloadError = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
      start().stop();
      await clock.advanceAsync(0);
      await new Promise((resolve) => setImmediate(resolve));
      expect(calls('downloadUpdate')).toHaveLength(1);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('a bad quiet window does not stop the app: the default is used and logged', async () => {
    const lines: string[] = [];
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => lines.push(...chunk.toString().trim().split('\n')));
    fake.feed = { version: '1.2.0' };
    start(URL_, '3am-5am', createLogger({ destination: sink, level: 'info' }));
    await clock.advanceAsync(0);
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ code: 'update.quiet-window-invalid', used: DEFAULT_QUIET_WINDOW }),
    );
    await clock.advanceAsync(local(3, 0, 22) - clock.now());
    expect(calls('quitAndInstall')).toHaveLength(1);
  });

  it("electron-updater's own log lines reach our log without the feed's credentials or query", () => {
    const lines: string[] = [];
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    start('', '03:00-05:00', createLogger({ destination: sink, level: 'info' }));
    const logger = autoUpdater.logger as { info(m: string): void };
    logger.info('Downloading https://user:s3cret@updates.example/win/latest.yml?token=abc123 now');
    expect(lines.join('')).toContain('https://updates.example/win/latest.yml now');
    expect(lines.join('')).not.toMatch(/s3cret|abc123/);
    expect(redactUrls('see http://a.example/x#frag and https://b.example/?q=1')).toBe('see http://a.example/x and https://b.example/');
  });
});

describe('the tray shows the update', () => {
  function trayMenu(): MenuItem[] {
    return electron.trays[0]?.menu?.template ?? [];
  }

  it('"Restart now to update" appears once the update is downloaded and installs during service', async () => {
    const tray = createAppTray('/assets', {
      open: () => undefined,
      reconnect: () => undefined,
      quit: () => undefined,
      restartToUpdate: () => void policy?.restartNow(),
    });
    fake.feed = { version: '1.2.0' };
    policy = startUpdates({
      updateUrl: URL_,
      quietWindow: '03:00-05:00',
      clock,
      log: silentLogger(),
      busyChecks: [{ name: 'payment', busy: () => paymentBusy }],
      onStatus: (s) => tray.setUpdate(s),
    });
    expect(trayMenu().some((i) => i.label?.startsWith('Restart now'))).toBe(false);
    await clock.advanceAsync(0);
    const restart = trayMenu().find((i) => i.label === 'Restart now to update to 1.2.0');
    expect(trayMenu().map((i) => i.label ?? i.type)).toContain('Update 1.2.0 ready: installs in the quiet hours or on quit');
    paymentBusy = true;
    restart?.click?.();
    await clock.advanceAsync(0);
    expect(calls('quitAndInstall')).toEqual([]);
    expect(trayMenu().map((i) => i.label)).toContain('Update 1.2.0 waits for the payment in progress');
    paymentBusy = false;
    await clock.advanceAsync(5000);
    expect(calls('quitAndInstall')).toEqual([['quitAndInstall', true, true]]);
  });

  it('a failed update says so in the tray, with the version still running', async () => {
    const tray = createAppTray('/assets', { open: () => undefined, reconnect: () => undefined, quit: () => undefined });
    fake.feed = Object.assign(new Error('net::ERR_CONNECTION_REFUSED'), { code: 'ERR_CONNECTION_REFUSED' });
    policy = startUpdates({ updateUrl: URL_, quietWindow: '03:00-05:00', clock, log: silentLogger(), busyChecks: [], onStatus: (s) => tray.setUpdate(s) });
    await clock.advanceAsync(0);
    expect(trayMenu().find((i) => i.label === 'Update failed: still running 0.1.0')).toMatchObject({ enabled: false });
  });
});

describe('the update channel', () => {
  it('stable reads latest.yml, without pre-releases and never a downgrade', async () => {
    autoUpdater.allowDowngrade = true;
    autoUpdater.allowPrerelease = true;
    policy = startUpdates({ updateUrl: URL_, quietWindow: '03:00-05:00', channel: 'stable', clock, log: silentLogger(), busyChecks: [] });
    await clock.advanceAsync(0);
    expect(calls('setFeedURL')).toEqual([['setFeedURL', { provider: 'generic', url: URL_, channel: 'latest' }]]);
    expect(autoUpdater.allowPrerelease).toBe(false);
    expect(autoUpdater.allowDowngrade).toBe(false);
  });

  it('beta reads beta.yml with pre-releases, still never a downgrade (an older app cannot open a newer database)', async () => {
    policy = startUpdates({ updateUrl: URL_, quietWindow: '03:00-05:00', channel: 'beta', clock, log: silentLogger(), busyChecks: [] });
    await clock.advanceAsync(0);
    expect(calls('setFeedURL')).toEqual([['setFeedURL', { provider: 'generic', url: URL_, channel: 'beta' }]]);
    expect(autoUpdater.allowPrerelease).toBe(true);
    expect(autoUpdater.allowDowngrade).toBe(false);
  });

  it("leaves electron-updater's signature check (publisherName) in place", () => {
    start();
    expect(autoUpdater.verifyUpdateCodeSignature).toBe(originalVerify);
  });

  it("a manager's switch in Settings checks the new channel's feed at once; other settings events change nothing", async () => {
    const listeners: ((event: CompanionEvent) => void)[] = [];
    const api = {
      onEvent: (listener: (event: CompanionEvent) => void) => {
        listeners.push(listener);
        return () => undefined;
      },
    };
    const emit = (updateChannel: 'stable' | 'beta') => {
      for (const l of listeners) l({ type: 'settings', settings: { updateChannel } } as unknown as CompanionEvent);
    };
    const started = start();
    followChannelSetting(started, api, { updateUrl: URL_, quietWindow: '03:00-05:00', channel: 'stable' }, silentLogger());
    await clock.advanceAsync(0);
    emit('stable');
    await clock.advanceAsync(0);
    expect(calls('checkForUpdates')).toHaveLength(1);
    emit('beta');
    await clock.advanceAsync(0);
    expect(calls('setFeedURL').map((c) => (c[1] as { channel: string }).channel)).toEqual(['latest', 'beta']);
    expect(calls('checkForUpdates')).toHaveLength(2);
  });
});

describe('after an install the app comes back in the tray only when nobody asked for it', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tableside-updates-wiring-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  function startIn(quietWindow: string): UpdatePolicy {
    policy = startUpdates({ updateUrl: URL_, quietWindow, dataDir, clock, log: silentLogger(), busyChecks: [{ name: 'payment', busy: () => paymentBusy }] });
    return policy;
  }

  it('an install in the quiet window leaves a fresh marker first: the next start is hidden', async () => {
    fake.feed = { version: '1.2.0' };
    startIn('03:00-05:00');
    await clock.advanceAsync(0);
    expect(existsSync(path.join(dataDir, RESTART_MARKER_FILE))).toBe(false);
    await clock.advanceAsync(local(3, 0, 22) - clock.now());
    expect(calls('quitAndInstall')).toEqual([['quitAndInstall', true, true]]);
    expect(JSON.parse(readFileSync(path.join(dataDir, RESTART_MARKER_FILE), 'utf8'))).toEqual({ at: local(3, 0, 22), version: '1.2.0' });
    // The installer's restart a minute later reads it (once).
    expect(takeHiddenRestart(dataDir, local(3, 1, 22))).toBe(true);
    expect(takeRestartMarker(dataDir)).toBeNull();
  });

  it('"Restart now" writes no marker: the cashier sees the app come back', async () => {
    fake.feed = { version: '1.2.0' };
    const started = startIn('03:00-05:00');
    await clock.advanceAsync(0);
    expect(await started.restartNow()).toBe('installing');
    expect(calls('quitAndInstall')).toHaveLength(1);
    expect(existsSync(path.join(dataDir, RESTART_MARKER_FILE))).toBe(false);
  });

  it('an installer that does not start takes its marker back', async () => {
    fake.feed = { version: '1.2.0' };
    fake.installError = Object.assign(new Error("No update filepath provided, can't quit and install"), { code: 'ERR_UPDATER_INSTALL' });
    startIn('11:00-13:00');
    await clock.advanceAsync(0);
    expect(policy?.status()).toMatchObject({ kind: 'failed', code: 'update.install-failed' });
    expect(existsSync(path.join(dataDir, RESTART_MARKER_FILE))).toBe(false);
  });
});
