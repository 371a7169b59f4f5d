import electronUpdater, { type AppUpdater, type UpdateCheckResult } from 'electron-updater';
import { systemClock, type Clock } from '../base/clock.js';
import type { Logger } from '../base/log.js';
import {
  QuietWindowError,
  createUpdatePolicy,
  parseQuietWindow,
  removeRestartMarker,
  updaterChannelOptions,
  writeRestartMarker,
  type BusyCheck,
  type UpdateChannel,
  type UpdatePolicy,
  type UpdateStatus,
  type UpdaterPort,
} from '../features/updates/index.js';
import type { CompanionApi } from '../../preload/contract.js';

/**
 * The shell's side of updates: electron-updater's autoUpdater (generic provider, NSIS differential
 * downloads) adapted to the policy's UpdaterPort. Every decision (when to check, when to install)
 * is the policy's, in main/updates/ (plain Node, tested on a ManualClock); this file only calls
 * electron-updater. Tests replace `electron-updater` with test/shell/fixtures/fake-electron-updater.mjs.
 */

export interface ShellUpdatesOptions {
  /** The generic feed (a folder holding latest.yml); empty: no updates. settings.json's updateUrl. */
  updateUrl: string;
  /** Local "HH:MM-HH:MM" when an update may install by itself. settings.json's quietWindow. */
  quietWindow: string;
  /** stable (latest.yml) or beta (beta.yml). settings.json's updateChannel; stable when not given. */
  channel?: UpdateChannel;
  /**
   * The data folder: an install in the quiet window leaves the restart marker there, so the app
   * comes back in the tray (features/updates/restart-marker.ts). Without it no marker is written.
   */
  dataDir?: string;
  busyChecks: readonly BusyCheck[];
  log: Logger;
  clock?: Clock;
  /** The updater; electron-updater's autoUpdater unless a test passes its own. */
  updater?: AppUpdater;
  /** Hears every status, the first ones included (the tray). */
  onStatus?: (status: UpdateStatus) => void;
}

export const DEFAULT_QUIET_WINDOW = '03:00-05:00';

/** A bad quiet window must not keep the till from starting: log it and use the default. */
function usableQuietWindow(text: string, log: Logger): string {
  try {
    parseQuietWindow(text);
    return text;
  } catch (e) {
    if (!(e instanceof QuietWindowError)) throw e;
    log.warn({ mod: 'updates', code: e.code, value: text, used: DEFAULT_QUIET_WINDOW }, 'bad quiet window: using the default');
    return DEFAULT_QUIET_WINDOW;
  }
}

/** Feed URLs may carry a token in their query or user part: logs get neither. */
export function redactUrls(text: string): string {
  return text.replace(/(https?:\/\/)(?:[^\s/@]*@)?([^\s/?#]+)([^\s?#]*)(?:[?#]\S*)?/g, '$1$2$3');
}

function updaterLogger(log: Logger): AppUpdater['logger'] {
  const line = (level: 'info' | 'warn' | 'error' | 'debug') => (message?: unknown) => log[level]({ mod: 'updater' }, redactUrls(String(message)));
  return { info: line('info'), warn: line('warn'), error: line('error'), debug: line('debug') };
}

/**
 * electron-updater behind the policy's port. The installer's signature check is electron-updater's
 * own (NsisUpdater verifies the Authenticode signer against app-update.yml's publisherName): this
 * never sets verifyUpdateCodeSignature, so a packaged app with a publisherName refuses an update
 * signed by anyone else.
 */
export function electronUpdaterPort(updater: AppUpdater, log: Logger, restart: { dataDir?: string; clock?: Clock } = {}): UpdaterPort {
  // The policy starts the download itself from the check's answer (it awaits it to know when the
  // update is ready); autoDownload lets electron-updater start it at once, in the background.
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = false;
  updater.autoRunAppAfterInstall = true;
  updater.allowDowngrade = false;
  updater.logger = updaterLogger(log);
  // An 'error' event without a listener would throw in the main process: the policy reports
  // failures from the promises below, so this only logs the updater's code.
  updater.on('error', (e: Error & { code?: string }) => log.warn({ mod: 'updater', code: e.code ?? null }, 'updater error'));
  let lastCheck: UpdateCheckResult | null = null;
  return {
    get currentVersion() {
      return updater.currentVersion.version;
    },
    setFeedUrl: (url, channel) => {
      const rules = updaterChannelOptions(channel);
      updater.setFeedURL({ provider: 'generic', url, channel: rules.feedChannel });
      updater.allowPrerelease = rules.allowPrerelease;
      updater.allowDowngrade = rules.allowDowngrade;
    },
    check: async () => {
      // null when the app is not packaged (a dev checkout never updates itself).
      lastCheck = await updater.checkForUpdates();
      // Marked handled: when the policy has moved on (stopped, new URL) nobody awaits this download,
      // and an unhandled rejection would reach the main process's crash handling.
      lastCheck?.downloadPromise?.catch(() => undefined);
      if (lastCheck === null || !lastCheck.isUpdateAvailable) return null;
      return { version: lastCheck.updateInfo.version };
    },
    download: async () => {
      await (lastCheck?.downloadPromise ?? updater.downloadUpdate());
    },
    quitAndInstall: (reason) => {
      const { dataDir, clock = systemClock } = restart;
      // Written before the quit: the installer starts the new version without our arguments.
      const marked = reason === 'quiet-window' && dataDir !== undefined;
      if (marked) writeRestartMarker(dataDir, { at: clock.now(), version: lastCheck?.updateInfo.version ?? '' });
      // electron-updater reports "nothing to install" as a synchronous 'error' event, not a throw.
      let failure: Error | null = null;
      const onError = (e: Error) => (failure = e);
      updater.once('error', onError);
      try {
        updater.quitAndInstall(true, true);
      } finally {
        updater.removeListener('error', onError);
      }
      if (failure !== null) {
        // No restart is coming: the cashier's next start must show the window.
        if (marked) removeRestartMarker(dataDir);
        throw failure;
      }
    },
    setInstallOnQuit: (enabled) => {
      updater.autoInstallOnAppQuit = enabled;
    },
  };
}

/** Builds the policy on electron-updater and starts it (a check now, then every 4 hours). */
export function startUpdates(options: ShellUpdatesOptions): UpdatePolicy {
  const updater = options.updater ?? electronUpdater.autoUpdater;
  const clock = options.clock ?? systemClock;
  const policy = createUpdatePolicy({
    clock,
    updater: electronUpdaterPort(updater, options.log, { clock, ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }) }),
    busyChecks: options.busyChecks,
    updateUrl: options.updateUrl,
    quietWindow: usableQuietWindow(options.quietWindow, options.log),
    channel: options.channel ?? 'stable',
    log: options.log,
  });
  if (options.onStatus) policy.onStatus(options.onStatus);
  policy.start();
  return policy;
}

/**
 * A manager's change of the update channel in Settings applies at once (a check on the new feed);
 * the feed URL and the quiet window are IT's, read from settings.json at start.
 */
export function followChannelSetting(
  policy: UpdatePolicy,
  api: Pick<CompanionApi, 'onEvent'>,
  fixed: { updateUrl: string; quietWindow: string; channel: UpdateChannel },
  log: Logger,
): void {
  let channel = fixed.channel;
  const quietWindow = usableQuietWindow(fixed.quietWindow, log);
  api.onEvent(
    (event) => {
      if (event.type !== 'settings' || event.settings.updateChannel === channel) return;
      channel = event.settings.updateChannel;
      log.info({ mod: 'updates', channel }, 'update channel changed');
      policy.configure({ updateUrl: fixed.updateUrl, quietWindow, channel });
    },
    ['settings'],
  );
}
