import type { Clock, TimerHandle } from '../../base/clock.js';
import type { Logger } from '../../base/log.js';
import { inQuietWindow, nextQuietStart, parseQuietWindow, type QuietWindow } from './quiet-window.js';
import type { UpdateChannel } from './update-channel.js';
import type { BusyCheck, InstallReason, UpdateErrorCode, UpdateStatus, UpdaterPort } from './update-types.js';

export type { BusyCheck, InstallReason, UpdateErrorCode, UpdateStatus, UpdaterPort } from './update-types.js';

/**
 * When the app looks for, downloads and installs an update. Plain Node: the updater (electron-updater
 * in the shell), the clock and what counts as "busy" are injected, so every rule is tested on a
 * ManualClock (test/updates/). The rules:
 * - no update URL, no updates (nothing is scheduled);
 * - check on start and every 4 hours; a found update downloads in the background at once;
 * - install by itself only inside the quiet window (local time, e.g. 03:00-05:00) and only when no
 *   busy check says busy (a payment or an order in progress); otherwise on the next quit;
 * - never during service, unless the cashier chooses "Restart now" in the tray; even then it waits
 *   for the payments and orders in progress to finish (a restart mid-payment could lose the guest's
 *   money state on the POS side), and installs as soon as they have;
 * - a failed check, download or install leaves the running version as it is and says so in the
 *   status (the tray shows it); the next 4-hourly check tries again.
 */

export const CHECK_EVERY_MS = 4 * 60 * 60 * 1000;
/** How soon the install is tried again while the quiet window is open but something is busy. */
export const QUIET_RETRY_MS = 60 * 1000;
/** How soon "Restart now" tries again while a payment or order is in progress. */
export const RESTART_RETRY_MS = 5 * 1000;
/** A check that has not answered after this long is given up (its late answer is ignored). */
export const CHECK_STALL_MS = 30 * 60 * 1000;

export interface UpdatePolicyOptions {
  clock: Clock;
  updater: UpdaterPort;
  busyChecks: readonly BusyCheck[];
  /** The generic provider's URL; empty means no updates. */
  updateUrl: string;
  /** Local "HH:MM-HH:MM"; throws QuietWindowError when it is not. */
  quietWindow: string;
  /** The feed's channel; stable when not given. */
  channel?: UpdateChannel;
  log?: Logger;
  checkEveryMs?: number;
}

export type RestartAnswer = 'installing' | 'waiting' | 'nothing-to-install';

type Listener = (status: UpdateStatus) => void;

export class UpdatePolicy {
  private state: UpdateStatus = { kind: 'off' };
  private readonly listeners = new Set<Listener>();
  private url = '';
  private channel: UpdateChannel;
  private window: QuietWindow;
  private checkTimer: TimerHandle | null = null;
  private installTimer: TimerHandle | null = null;
  private stallTimer: TimerHandle | null = null;
  /** Bumped by every check and by stop/configure: a late answer of an older one is ignored. */
  private generation = 0;
  private started = false;

  constructor(private readonly options: UpdatePolicyOptions) {
    this.window = parseQuietWindow(options.quietWindow);
    this.url = options.updateUrl.trim();
    this.channel = options.channel ?? 'stable';
  }

  status(): UpdateStatus {
    return this.state;
  }

  /** Hears every status change; returns the unsubscribe. */
  onStatus(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Checks now (on start) and every 4 hours, unless there is no update URL. */
  start(): void {
    this.started = true;
    this.arm();
  }

  /**
   * Cancels every timer; a check or download still running is ignored when it answers. The status
   * stays, so a downloaded update still installs on quit.
   */
  stop(): void {
    this.started = false;
    this.disarm();
  }

  /**
   * New settings: an empty URL turns updates off; a new URL or channel starts over from a check (an
   * update downloaded from the other channel's feed is dropped); a new window only moves the install.
   */
  configure(settings: { updateUrl: string; quietWindow: string; channel?: UpdateChannel }): void {
    const window = parseQuietWindow(settings.quietWindow);
    const url = settings.updateUrl.trim();
    const channel = settings.channel ?? this.channel;
    const feedChanged = url !== this.url || channel !== this.channel;
    this.window = window;
    this.url = url;
    this.channel = channel;
    if (!this.started) return;
    if (feedChanged) {
      this.disarm();
      this.arm();
    } else if (this.state.kind === 'ready') {
      void this.tryInstall();
    }
  }

  /** The tray's "Restart now": installs now, or as soon as no payment or order is in progress. */
  async restartNow(): Promise<RestartAnswer> {
    if (this.state.kind !== 'ready') return 'nothing-to-install';
    this.setState({ ...this.state, restartRequested: true });
    await this.tryInstall();
    // Re-read: tryInstall changed the status while this function awaited it.
    return this.status().kind === 'installing' ? 'installing' : 'waiting';
  }

  /** Checks now (a support action); ignored while a check, download or install is under way. */
  checkNow(): Promise<void> {
    return this.runCheck();
  }

  private arm(): void {
    if (this.url === '') {
      this.setState({ kind: 'off' });
      return;
    }
    this.options.updater.setFeedUrl(this.url, this.channel);
    this.setState({ kind: 'idle', lastCheckAt: null });
    const every = this.options.checkEveryMs ?? CHECK_EVERY_MS;
    this.checkTimer = this.options.clock.setInterval(() => void this.runCheck(), every);
    void this.runCheck();
  }

  private disarm(): void {
    const { clock } = this.options;
    clock.clearTimeout(this.checkTimer);
    clock.clearTimeout(this.installTimer);
    clock.clearTimeout(this.stallTimer);
    this.checkTimer = this.installTimer = this.stallTimer = null;
    this.generation++;
  }

  private async runCheck(): Promise<void> {
    const kind = this.state.kind;
    if (!this.started || kind === 'off' || kind === 'checking' || kind === 'downloading' || kind === 'ready' || kind === 'installing') {
      this.options.log?.debug({ mod: 'updates', state: kind }, 'update check skipped');
      return;
    }
    const generation = ++this.generation;
    const { clock, updater, log } = this.options;
    this.setState({ kind: 'checking' });
    this.stallTimer = clock.setTimeout(() => this.onStall(generation), CHECK_STALL_MS);
    let found: { version: string } | null;
    try {
      found = await updater.check();
    } catch (e) {
      if (generation === this.generation) this.fail('update.check-failed', null, e);
      return;
    } finally {
      if (generation === this.generation) clock.clearTimeout(this.stallTimer);
    }
    if (generation !== this.generation) return;
    if (found === null || found.version === updater.currentVersion) {
      log?.info({ mod: 'updates', running: updater.currentVersion }, 'no update available');
      this.setState({ kind: 'idle', lastCheckAt: clock.now() });
      return;
    }
    await this.runDownload(found.version, generation);
  }

  private onStall(generation: number): void {
    if (generation !== this.generation || this.state.kind !== 'checking') return;
    this.generation++;
    this.fail('update.check-stalled', null, null);
  }

  private async runDownload(version: string, generation: number): Promise<void> {
    const { updater, log } = this.options;
    log?.info({ mod: 'updates', version, running: updater.currentVersion }, 'update found: downloading in the background');
    this.setState({ kind: 'downloading', version });
    try {
      await updater.download();
    } catch (e) {
      if (generation === this.generation) this.fail('update.download-failed', version, e);
      return;
    }
    if (generation !== this.generation) return;
    log?.info({ mod: 'updates', version }, 'update downloaded: waiting for the quiet window or the next quit');
    this.setState({ kind: 'ready', version, restartRequested: false, waitingFor: [] });
    await this.tryInstall();
  }

  /** Installs when allowed now; otherwise sets the timer for the next try. */
  private async tryInstall(): Promise<void> {
    this.options.clock.clearTimeout(this.installTimer);
    this.installTimer = null;
    if (this.state.kind !== 'ready') return;
    const { clock } = this.options;
    const requested = this.state.restartRequested;
    const quiet = inQuietWindow(clock.now(), this.window);
    if (!requested && !quiet) {
      this.scheduleInstall(nextQuietStart(clock.now(), this.window) - clock.now());
      return;
    }
    const generation = this.generation;
    const waitingFor = await this.busyNames();
    // The world may have moved while the busy checks answered (stop, a new URL, another try).
    if (generation !== this.generation || this.state.kind !== 'ready') return;
    if (waitingFor.length > 0) {
      this.setState({ ...this.state, waitingFor });
      this.scheduleInstall(this.state.restartRequested ? RESTART_RETRY_MS : QUIET_RETRY_MS);
      return;
    }
    this.install(this.state.version, this.state.restartRequested ? 'restart-now' : 'quiet-window');
  }

  private scheduleInstall(delayMs: number): void {
    this.options.clock.clearTimeout(this.installTimer);
    this.installTimer = this.options.clock.setTimeout(() => void this.tryInstall(), delayMs);
  }

  /** Names of the busy checks that say busy; one that throws counts as busy (the safe side). */
  private async busyNames(): Promise<string[]> {
    const answers = await Promise.all(
      this.options.busyChecks.map(async (check) => {
        try {
          return (await check.busy()) ? check.name : null;
        } catch (e) {
          this.options.log?.warn({ mod: 'updates', check: check.name, err: (e as Error).message }, 'busy check failed: counted as busy');
          return check.name;
        }
      }),
    );
    return answers.filter((name): name is string => name !== null);
  }

  private install(version: string, reason: InstallReason): void {
    const { updater, log } = this.options;
    log?.info({ mod: 'updates', version, running: updater.currentVersion, reason }, 'installing the update: the app restarts');
    this.setState({ kind: 'installing', version });
    try {
      updater.quitAndInstall(reason);
    } catch (e) {
      this.fail('update.install-failed', version, e);
    }
  }

  private fail(code: UpdateErrorCode, version: string | null, error: unknown): void {
    const { updater, log } = this.options;
    const cause = errorCode(error);
    // The message may carry the feed URL (which can hold a token): only the code is kept and logged.
    log?.warn({ mod: 'updates', code, cause, version, running: updater.currentVersion }, 'update failed: the running version stays');
    this.setState({ kind: 'failed', code, runningVersion: updater.currentVersion, version, cause });
  }

  private setState(next: UpdateStatus): void {
    this.state = next;
    // Install on quit only what is downloaded and verified; a failed or missing update never.
    this.options.updater.setInstallOnQuit(next.kind === 'ready');
    for (const listener of this.listeners) listener(next);
  }
}

function errorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : null;
}

export function createUpdatePolicy(options: UpdatePolicyOptions): UpdatePolicy {
  return new UpdatePolicy(options);
}
