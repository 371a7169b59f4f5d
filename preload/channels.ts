import type { CommandName } from './contract.js';

/** IPC channel names, shared by the preload and main/shell so they cannot drift apart. */
export const EVENT_CHANNEL = 'companion:event';
export const SNAPSHOT_CHANNEL = 'companion:snapshot';
/** PageLink.setShown (contract.ts): the window's page is shown (true) or hidden (false). */
export const SHOWN_CHANNEL = 'companion:shown';
export const commandChannel = (name: CommandName): string => `companion:cmd:${name}`;
