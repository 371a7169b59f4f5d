import electronUpdater, { type AppUpdater, type UpdateCheckResult } from 'electron-updater';
import { systemClock, type Clock } from '../base/clock.js';
import type { Logger } from '../base/log.js';
import {
  QuietWindowError,
  createUpdatePolicy,
  parseQuietWindow,
  type BusyCheck,
  type UpdatePolicy,
  type UpdateStatus,
  type UpdaterPort,
} from '../features/updates/index.js';

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

/** electron-updater behind the policy's port. */
export function electronUpdaterPort(updater: AppUpdater, log: Logger): UpdaterPort {
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
    setFeedUrl: (url) => updater.setFeedURL({ provider: 'generic', url, channel: 'latest' }),
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
    quitAndInstall: () => {
      // electron-updater reports "nothing to install" as a synchronous 'error' event, not a throw.
      let failure: Error | null = null;
      const onError = (e: Error) => (failure = e);
      updater.once('error', onError);
      try {
        updater.quitAndInstall(true, true);
      } finally {
        updater.removeListener('error', onError);
      }
      if (failure !== null) throw failure;
    },
    setInstallOnQuit: (enabled) => {
      updater.autoInstallOnAppQuit = enabled;
    },
  };
}

/** Builds the policy on electron-updater and starts it (a check now, then every 4 hours). */
export function startUpdates(options: ShellUpdatesOptions): UpdatePolicy {
  const updater = options.updater ?? electronUpdater.autoUpdater;
  const policy = createUpdatePolicy({
    clock: options.clock ?? systemClock,
    updater: electronUpdaterPort(updater, options.log),
    busyChecks: options.busyChecks,
    updateUrl: options.updateUrl,
    quietWindow: usableQuietWindow(options.quietWindow, options.log),
    log: options.log,
  });
  if (options.onStatus) policy.onStatus(options.onStatus);
  policy.start();
  return policy;
}
