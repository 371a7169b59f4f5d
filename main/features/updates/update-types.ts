import type { UpdateChannel } from './update-channel.js';

/** The update policy's borders: the updater port, busy checks and the status it reports. */

/** What the policy needs from the updater; the shell adapts electron-updater's autoUpdater to it. */
export interface UpdaterPort {
  /** The running version, e.g. "0.1.0". */
  readonly currentVersion: string;
  /** Points the updater at the feed (generic provider) and its channel. Called before the first check. */
  setFeedUrl(url: string, channel: UpdateChannel): void;
  /** Asks the feed; resolves with the newer version found, or null when there is none. */
  check(): Promise<{ version: string } | null>;
  /** Downloads the version the last check found; resolves once it is verified on disk. */
  download(): Promise<void>;
  /**
   * Quits the app and runs the installer, which starts the app again. Throws when it cannot.
   * `reason` tells the cashier's "Restart now" from an install in the quiet window (the app then
   * starts again in the tray, not in front of the cashier).
   */
  quitAndInstall(reason: InstallReason): void;
  /** Whether the downloaded update installs when the app quits for any other reason. */
  setInstallOnQuit(enabled: boolean): void;
}

/** Why the update installs now: the quiet window came, or the cashier chose "Restart now". */
export type InstallReason = 'quiet-window' | 'restart-now';

/** One thing that may keep an update from installing: payments in progress, orders in progress, ... */
export interface BusyCheck {
  readonly name: string;
  busy(): boolean | Promise<boolean>;
}

export type UpdateErrorCode = 'update.check-failed' | 'update.check-stalled' | 'update.download-failed' | 'update.install-failed';

export type UpdateStatus =
  | { kind: 'off' }
  | { kind: 'idle'; lastCheckAt: number | null }
  | { kind: 'checking' }
  | { kind: 'downloading'; version: string }
  /** Downloaded and verified; `waitingFor` names the busy checks that held the last try back. */
  | { kind: 'ready'; version: string; restartRequested: boolean; waitingFor: string[] }
  | { kind: 'installing'; version: string }
  /** The running version is untouched; `cause` is the updater's own error code when it had one. */
  | { kind: 'failed'; code: UpdateErrorCode; runningVersion: string; version: string | null; cause: string | null };
