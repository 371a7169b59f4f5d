import type { UpdateChannel } from '../../../preload/contract.js';

export type { UpdateChannel } from '../../../preload/contract.js';

/** What electron-updater needs for a channel: the feed file's name and its version rules. */
export interface UpdaterChannelOptions {
  /** The generic provider's channel: `latest` reads latest.yml, `beta` reads beta.yml. */
  feedChannel: 'latest' | 'beta';
  /** Pre-release versions (1.3.0-beta.2) are offered only on the beta channel. */
  allowPrerelease: boolean;
  /** Always false: see updaterChannelOptions. */
  allowDowngrade: false;
}

/**
 * Stable follows latest.yml, beta follows beta.yml (which a stable release also writes, so beta
 * tills get stable versions too). Never a downgrade, not even from beta back to stable: an older
 * version refuses a database a newer one has migrated, so a till switched back to stable keeps its
 * beta until a stable version newer than it is published. electron-updater's `channel` setter
 * turns allowDowngrade on by itself; the shell sets the channel through setFeedURL and writes
 * allowDowngrade after it.
 */
export function updaterChannelOptions(channel: UpdateChannel): UpdaterChannelOptions {
  return channel === 'beta'
    ? { feedChannel: 'beta', allowPrerelease: true, allowDowngrade: false }
    : { feedChannel: 'latest', allowPrerelease: false, allowDowngrade: false };
}
