import type { CommandName } from './contract.js';

/** IPC channel names, shared by the preload and main/shell so they cannot drift apart. */
export const EVENT_CHANNEL = 'companion:event';
export const SNAPSHOT_CHANNEL = 'companion:snapshot';
export const commandChannel = (name: CommandName): string => `companion:cmd:${name}`;
