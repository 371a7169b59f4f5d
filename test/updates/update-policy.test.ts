import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../main/base/clock.js';
import {
  CHECK_EVERY_MS,
  CHECK_STALL_MS,
  QUIET_RETRY_MS,
  RESTART_RETRY_MS,
  QuietWindowError,
  createUpdatePolicy,
  type BusyCheck,
  type InstallReason,
  type UpdateChannel,
  type UpdatePolicy,
  type UpdateStatus,
  type UpdaterPort,
} from '../../main/features/updates/index.js';

/**
 * Every rule of the update policy on a ManualClock. The updater port stands in for electron-updater
 * (Electron-side, no binary here): each check and download is a promise the test settles, so the
 * order of events is the test's, and each call is recorded.
 */

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

class RecordingUpdater implements UpdaterPort {
  readonly currentVersion = '0.1.0';
  feedUrls: string[] = [];
  channels: UpdateChannel[] = [];
  reasons: InstallReason[] = [];
  checks: Deferred<{ version: string } | null>[] = [];
  downloads: Deferred<void>[] = [];
  installs = 0;
  installOnQuit = false;
  installThrows: Error | null = null;

  setFeedUrl(url: string, channel: UpdateChannel): void {
    this.feedUrls.push(url);
    this.channels.push(channel);
  }
  check(): Promise<{ version: string } | null> {
    const d = deferred<{ version: string } | null>();
    this.checks.push(d);
    return d.promise;
  }
  download(): Promise<void> {
    const d = deferred<void>();
    this.downloads.push(d);
    return d.promise;
  }
  quitAndInstall(reason: InstallReason): void {
    if (this.installThrows) throw this.installThrows;
    this.installs++;
    this.reasons.push(reason);
  }
  setInstallOnQuit(enabled: boolean): void {
    this.installOnQuit = enabled;
  }
  lastCheck(): Deferred<{ version: string } | null> {
    const d = this.checks.at(-1);
    if (!d) throw new Error('no check was made');
    return d;
  }
  lastDownload(): Deferred<void> {
    const d = this.downloads.at(-1);
    if (!d) throw new Error('no download was started');
    return d;
  }
}

/** A local time on 2026-11-21 (the machine's zone, like the policy's). */
const local = (h: number, m = 0, s = 0, day = 21): number => new Date(2026, 10, day, h, m, s).getTime();

let clock: ManualClock;
let updater: RecordingUpdater;
let paymentBusy: boolean;
let orderBusy: boolean;
let policy: UpdatePolicy;
let statuses: UpdateStatus[];

const busyChecks: BusyCheck[] = [
  { name: 'payment', busy: () => Promise.resolve(paymentBusy) },
  { name: 'order', busy: () => orderBusy },
];

function makePolicy(options: { updateUrl?: string; quietWindow?: string; checks?: BusyCheck[]; channel?: UpdateChannel } = {}): UpdatePolicy {
  const p = createUpdatePolicy({
    clock,
    updater,
    busyChecks: options.checks ?? busyChecks,
    updateUrl: options.updateUrl ?? 'https://updates.example/tableside/',
    quietWindow: options.quietWindow ?? '03:00-05:00',
    ...(options.channel ? { channel: options.channel } : {}),
  });
  p.onStatus((s) => statuses.push(s));
  return p;
}

/** Starts at `at`, finds 1.2.0 and downloads it: the policy is then "ready" (or installing). */
async function startWithDownloadedUpdate(at: number): Promise<void> {
  clock.set(at);
  policy = makePolicy();
  policy.start();
  updater.lastCheck().resolve({ version: '1.2.0' });
  await clock.advanceAsync(0);
  updater.lastDownload().resolve();
  await clock.advanceAsync(0);
}

beforeEach(() => {
  clock = new ManualClock(local(12));
  updater = new RecordingUpdater();
  paymentBusy = false;
  orderBusy = false;
  statuses = [];
});
afterEach(() => policy?.stop());

describe('update URL', () => {
  it('an empty URL means no updates: nothing checked, nothing scheduled', async () => {
    policy = makePolicy({ updateUrl: '  ' });
    policy.start();
    await clock.advanceAsync(3 * CHECK_EVERY_MS);
    expect(updater.checks).toHaveLength(0);
    expect(updater.feedUrls).toEqual([]);
    expect(policy.status()).toEqual({ kind: 'off' });
    expect(clock.pending()).toBe(0);
  });

  it('points the updater at the URL before the first check', () => {
    policy = makePolicy();
    policy.start();
    expect(updater.feedUrls).toEqual(['https://updates.example/tableside/']);
    expect(updater.checks).toHaveLength(1);
  });

  it('a new URL starts over with a check; clearing it turns updates off', async () => {
    policy = makePolicy();
    policy.start();
    updater.lastCheck().resolve(null);
    await clock.advanceAsync(0);
    policy.configure({ updateUrl: 'https://other.example/u/', quietWindow: '03:00-05:00' });
    expect(updater.feedUrls.at(-1)).toBe('https://other.example/u/');
    expect(updater.checks).toHaveLength(2);
    updater.lastCheck().resolve(null);
    await clock.advanceAsync(0);
    policy.configure({ updateUrl: '', quietWindow: '03:00-05:00' });
    expect(policy.status()).toEqual({ kind: 'off' });
    await clock.advanceAsync(2 * CHECK_EVERY_MS);
    expect(updater.checks).toHaveLength(2);
  });

  it('refuses a bad quiet window with a code, at creation and in configure (keeping the old one)', async () => {
    expect(() => makePolicy({ quietWindow: '3-5' })).toThrow(QuietWindowError);
    policy = makePolicy();
    policy.start();
    let error: unknown;
    try {
      policy.configure({ updateUrl: 'https://updates.example/tableside/', quietWindow: '25:00-26:00' });
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'update.quiet-window-invalid', params: { value: '25:00-26:00' } });
    expect(updater.checks).toHaveLength(1);
  });
});

describe('checks', () => {
  it('checks on start and every 4 hours: not at 3:59:59, at 4:00:00', async () => {
    policy = makePolicy();
    policy.start();
    expect(updater.checks).toHaveLength(1);
    updater.lastCheck().resolve(null);
    await clock.advanceAsync(CHECK_EVERY_MS - 1000);
    expect(updater.checks).toHaveLength(1);
    await clock.advanceAsync(1000);
    expect(updater.checks).toHaveLength(2);
    updater.lastCheck().resolve(null);
    await clock.advanceAsync(CHECK_EVERY_MS);
    expect(updater.checks).toHaveLength(3);
    updater.lastCheck().resolve(null);
    await clock.advanceAsync(0);
    expect(policy.status()).toEqual({ kind: 'idle', lastCheckAt: local(20) });
  });

  it('does not start a second check while one is under way', async () => {
    policy = makePolicy();
    policy.start();
    await policy.checkNow();
    expect(updater.checks).toHaveLength(1);
    expect(policy.status()).toEqual({ kind: 'checking' });
  });

  it('gives up a check that never answers after 30 minutes and ignores its late answer', async () => {
    policy = makePolicy();
    policy.start();
    const stuck = updater.lastCheck();
    await clock.advanceAsync(CHECK_STALL_MS - 1);
    expect(policy.status().kind).toBe('checking');
    await clock.advanceAsync(1);
    expect(policy.status()).toMatchObject({ kind: 'failed', code: 'update.check-stalled', runningVersion: '0.1.0' });
    stuck.resolve({ version: '9.9.9' });
    await clock.advanceAsync(0);
    expect(updater.downloads).toHaveLength(0);
    expect(policy.status().kind).toBe('failed');
  });

  it('downloads a found update in the background at once, and installs on quit once it is downloaded', async () => {
    policy = makePolicy();
    policy.start();
    updater.lastCheck().resolve({ version: '1.2.0' });
    await clock.advanceAsync(0);
    expect(updater.downloads).toHaveLength(1);
    expect(policy.status()).toEqual({ kind: 'downloading', version: '1.2.0' });
    expect(updater.installOnQuit).toBe(false);
    updater.lastDownload().resolve();
    await clock.advanceAsync(0);
    expect(policy.status()).toEqual({ kind: 'ready', version: '1.2.0', restartRequested: false, waitingFor: [] });
    expect(updater.installOnQuit).toBe(true);
    // 12:00 is service time: nothing installs by itself.
    expect(updater.installs).toBe(0);
  });

  it('the 4-hourly check does not restart a download that is under way or done', async () => {
    await startWithDownloadedUpdate(local(12));
    await clock.advanceAsync(CHECK_EVERY_MS);
    expect(updater.checks).toHaveLength(1);
    expect(updater.downloads).toHaveLength(1);
  });

  it('a version equal to the running one is no update', async () => {
    policy = makePolicy();
    policy.start();
    updater.lastCheck().resolve({ version: '0.1.0' });
    await clock.advanceAsync(0);
    expect(updater.downloads).toHaveLength(0);
    expect(policy.status().kind).toBe('idle');
  });
});

describe('installing by itself', () => {
  it('never during service: waits for the quiet window, installs at 03:00:00 and not a second before', async () => {
    await startWithDownloadedUpdate(local(12));
    await clock.advanceAsync(local(2, 59, 59, 22) - clock.now());
    expect(updater.installs).toBe(0);
    await clock.advanceAsync(1000);
    expect(updater.installs).toBe(1);
    expect(policy.status()).toEqual({ kind: 'installing', version: '1.2.0' });
    expect(updater.installOnQuit).toBe(false);
  });

  it('installs at once when the download finishes inside the quiet window and nothing is busy', async () => {
    await startWithDownloadedUpdate(local(3, 30));
    expect(updater.installs).toBe(1);
  });

  it('waits in the quiet window while a payment is in progress, and installs within a minute of it ending', async () => {
    paymentBusy = true;
    await startWithDownloadedUpdate(local(3, 30));
    expect(updater.installs).toBe(0);
    expect(policy.status()).toMatchObject({ kind: 'ready', waitingFor: ['payment'] });
    await clock.advanceAsync(10 * QUIET_RETRY_MS);
    expect(updater.installs).toBe(0);
    paymentBusy = false;
    await clock.advanceAsync(QUIET_RETRY_MS - 1);
    expect(updater.installs).toBe(0);
    await clock.advanceAsync(1);
    expect(updater.installs).toBe(1);
  });

  it('an order in progress holds it back too, and a busy check that throws counts as busy', async () => {
    orderBusy = true;
    await startWithDownloadedUpdate(local(3, 30));
    expect(policy.status()).toMatchObject({ kind: 'ready', waitingFor: ['order'] });
    orderBusy = false;
    updater = new RecordingUpdater();
    policy.stop();
    const broken: BusyCheck = {
      name: 'orders',
      busy: () => {
        throw new Error('db gone');
      },
    };
    policy = makePolicy({ checks: [broken] });
    policy.start();
    updater.lastCheck().resolve({ version: '1.2.0' });
    await clock.advanceAsync(0);
    updater.lastDownload().resolve();
    await clock.advanceAsync(0);
    expect(policy.status()).toMatchObject({ kind: 'ready', waitingFor: ['orders'] });
    expect(updater.installs).toBe(0);
  });

  it('busy through the whole window: it does not install at 05:00 but waits for the next night', async () => {
    paymentBusy = true;
    await startWithDownloadedUpdate(local(3, 0));
    await clock.advanceAsync(local(5, 0) - clock.now());
    paymentBusy = false;
    await clock.advanceAsync(local(2, 59, 59, 22) - clock.now());
    expect(updater.installs).toBe(0);
    await clock.advanceAsync(1000);
    expect(updater.installs).toBe(1);
  });

  it('a window across midnight (23:30-01:00) installs at 23:30, and at 00:30 of the same night', async () => {
    clock.set(local(12));
    policy = makePolicy({ quietWindow: '23:30-01:00' });
    policy.start();
    updater.lastCheck().resolve({ version: '1.2.0' });
    await clock.advanceAsync(0);
    updater.lastDownload().resolve();
    await clock.advanceAsync(local(23, 29, 59) - clock.now());
    expect(updater.installs).toBe(0);
    await clock.advanceAsync(1000);
    expect(updater.installs).toBe(1);

    updater = new RecordingUpdater();
    policy.stop();
    await startWithDownloadedUpdateIn('23:30-01:00', local(0, 30, 0, 22));
    expect(updater.installs).toBe(1);
  });

  it('a new quiet window applies to an update that waits', async () => {
    await startWithDownloadedUpdate(local(12));
    policy.configure({ updateUrl: 'https://updates.example/tableside/', quietWindow: '12:00-13:00' });
    await clock.advanceAsync(0);
    expect(updater.installs).toBe(1);
    expect(updater.checks).toHaveLength(1);
  });
});

async function startWithDownloadedUpdateIn(quietWindow: string, at: number): Promise<void> {
  clock.set(at);
  policy = makePolicy({ quietWindow });
  policy.start();
  updater.lastCheck().resolve({ version: '1.2.0' });
  await clock.advanceAsync(0);
  updater.lastDownload().resolve();
  await clock.advanceAsync(0);
}

describe('"Restart now" from the tray', () => {
  it('installs at once during service when nothing is in progress (the cashier chose it)', async () => {
    await startWithDownloadedUpdate(local(12));
    expect(await policy.restartNow()).toBe('installing');
    expect(updater.installs).toBe(1);
  });

  it('never mid-payment: waits, says so, and installs within 5 s of the payment ending', async () => {
    await startWithDownloadedUpdate(local(12));
    paymentBusy = true;
    expect(await policy.restartNow()).toBe('waiting');
    expect(policy.status()).toEqual({ kind: 'ready', version: '1.2.0', restartRequested: true, waitingFor: ['payment'] });
    await clock.advanceAsync(RESTART_RETRY_MS * 3);
    expect(updater.installs).toBe(0);
    paymentBusy = false;
    await clock.advanceAsync(RESTART_RETRY_MS - 1);
    expect(updater.installs).toBe(0);
    await clock.advanceAsync(1);
    expect(updater.installs).toBe(1);
  });

  it('with nothing downloaded there is nothing to install', async () => {
    policy = makePolicy();
    policy.start();
    expect(await policy.restartNow()).toBe('nothing-to-install');
    expect(updater.installs).toBe(0);
  });
});

describe('failures leave the running version', () => {
  it('a failed check says so with the updater code, installs nothing, and the next check tries again', async () => {
    policy = makePolicy();
    policy.start();
    updater
      .lastCheck()
      .reject(Object.assign(new Error('net::ERR_NAME_NOT_RESOLVED https://user:secret@updates.example/'), { code: 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND' }));
    await clock.advanceAsync(0);
    expect(policy.status()).toEqual({
      kind: 'failed',
      code: 'update.check-failed',
      runningVersion: '0.1.0',
      version: null,
      cause: 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND',
    });
    expect(JSON.stringify(policy.status())).not.toContain('secret');
    await clock.advanceAsync(CHECK_EVERY_MS);
    expect(updater.checks).toHaveLength(2);
  });

  it('a failed download (e.g. a bad signature) installs nothing, not even on quit', async () => {
    policy = makePolicy();
    policy.start();
    updater.lastCheck().resolve({ version: '1.2.0' });
    await clock.advanceAsync(0);
    updater.lastDownload().reject(Object.assign(new Error('sha512 checksum mismatch'), { code: 'ERR_CHECKSUM_MISMATCH' }));
    await clock.advanceAsync(0);
    expect(policy.status()).toEqual({
      kind: 'failed',
      code: 'update.download-failed',
      runningVersion: '0.1.0',
      version: '1.2.0',
      cause: 'ERR_CHECKSUM_MISMATCH',
    });
    expect(updater.installOnQuit).toBe(false);
    await clock.advanceAsync(local(4, 0, 0, 22) - clock.now());
    expect(updater.installs).toBe(0);
  });

  it('an installer that cannot start leaves the app running and says so', async () => {
    updater.installThrows = Object.assign(new Error('No update filepath provided'), { code: 'ERR_UPDATER_INSTALL' });
    await startWithDownloadedUpdate(local(3, 30));
    expect(policy.status()).toEqual({ kind: 'failed', code: 'update.install-failed', runningVersion: '0.1.0', version: '1.2.0', cause: 'ERR_UPDATER_INSTALL' });
    expect(statuses.map((s) => s.kind)).toEqual(['idle', 'checking', 'downloading', 'ready', 'installing', 'failed']);
  });

  it('stop() cancels every timer and ignores a download that finishes later', async () => {
    policy = makePolicy();
    policy.start();
    updater.lastCheck().resolve({ version: '1.2.0' });
    await clock.advanceAsync(0);
    policy.stop();
    expect(clock.pending()).toBe(0);
    updater.lastDownload().resolve();
    await clock.advanceAsync(local(4, 0, 0, 22) - clock.now());
    expect(updater.installs).toBe(0);
    expect(policy.status().kind).toBe('downloading');
  });
});

describe('update channel', () => {
  it('is stable unless given, and the feed is set with it before the first check', () => {
    policy = makePolicy();
    policy.start();
    expect(updater.channels).toEqual(['stable']);
    policy.stop();
    updater = new RecordingUpdater();
    policy = makePolicy({ channel: 'beta' });
    policy.start();
    expect(updater.channels).toEqual(['beta']);
    expect(updater.checks).toHaveLength(1);
  });

  it('a new channel starts over from a check on its feed and drops the update downloaded from the other one', async () => {
    await startWithDownloadedUpdate(local(12));
    expect(updater.installOnQuit).toBe(true);
    policy.configure({ updateUrl: 'https://updates.example/tableside/', quietWindow: '03:00-05:00', channel: 'beta' });
    expect(updater.channels).toEqual(['stable', 'beta']);
    expect(updater.checks).toHaveLength(2);
    expect(policy.status()).toEqual({ kind: 'checking' });
    expect(updater.installOnQuit).toBe(false);
    updater.lastCheck().resolve(null);
    await clock.advanceAsync(local(4, 0, 0, 22) - clock.now());
    expect(updater.installs).toBe(0);
  });

  it('the same channel again (or none given) changes nothing', async () => {
    policy = makePolicy({ channel: 'beta' });
    policy.start();
    updater.lastCheck().resolve(null);
    await clock.advanceAsync(0);
    policy.configure({ updateUrl: 'https://updates.example/tableside/', quietWindow: '03:00-05:00', channel: 'beta' });
    policy.configure({ updateUrl: 'https://updates.example/tableside/', quietWindow: '03:00-05:00' });
    expect(updater.channels).toEqual(['beta']);
    expect(updater.checks).toHaveLength(1);
  });
});

describe('install reason', () => {
  it('tells the quiet window from the cashier\'s "Restart now"', async () => {
    await startWithDownloadedUpdate(local(3, 30));
    expect(updater.reasons).toEqual(['quiet-window']);
    policy.stop();
    updater = new RecordingUpdater();
    await startWithDownloadedUpdate(local(12));
    expect(await policy.restartNow()).toBe('installing');
    expect(updater.reasons).toEqual(['restart-now']);
  });
});
