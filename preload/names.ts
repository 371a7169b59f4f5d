import { COMMANDS, type CommandName } from './commands.js';
import type { CompanionEvent } from './views.js';

/**
 * The contract's names as values: the preload object, main's IPC handlers, the browser-mode
 * bridge (both ends) and the event filter are all derived from these lists. It loads the command
 * tables (plain zod, no Node), so the preload bundle, main and the renderer can all load it.
 */

export type EventType = CompanionEvent['type'];

/** Compiles only when `Listed` covers `Union`; otherwise the error names what is missing. */
type Complete<Union, Listed> = [Exclude<Union, Listed>] extends [never] ? true : { missing: Exclude<Union, Listed> };

/** Every command, in the order of the domain tables (commands.ts): written nowhere else. */
export const COMMAND_NAMES: readonly CommandName[] = Object.keys(COMMANDS) as CommandName[];

export const EVENT_TYPES = [
  'connection',
  'table',
  'table-removed',
  'bill',
  'payment',
  'notice',
  'settings',
  // The menu and the order inbox.
  'order',
  'menu',
  // Needs attention.
  'attention',
  // Free space of the data folder's volume.
  'disk',
  // The bill database's write lock held by another program.
  'database',
  // A payment link's new state at the service.
  'payment-link',
  // The main POS's acknowledged cursor.
  'pos-cursor',
  // Waiters' phones.
  'staff',
] as const satisfies readonly EventType[];

// An event type added to the contract but not to the list above fails to compile here.
export const EVENTS_COMPLETE: Complete<EventType, (typeof EVENT_TYPES)[number]> = true;

/** Logs and diagnostics: browser mode's downloads (main/ui-server serves them, Settings links to them). */
export const DIAGNOSTICS_PATHS = { latestLog: '/diagnostics/latest.log', bundle: '/diagnostics/support.zip' } as const;

/** The browser-mode bridge's WebSocket path (main/ui-server serves it, the renderer opens it). */
export const BRIDGE_PATH = '/bridge';

const commandSet: ReadonlySet<string> = new Set(COMMAND_NAMES);
const eventSet: ReadonlySet<string> = new Set(EVENT_TYPES);

export function isCommandName(name: unknown): name is CommandName {
  return typeof name === 'string' && commandSet.has(name);
}

export function isEventType(type: unknown): type is EventType {
  return typeof type === 'string' && eventSet.has(type);
}

/** A record with one entry per command, built from the list (so none can be forgotten). */
export function commandRecord<V>(make: (name: CommandName) => V): Record<CommandName, V> {
  return Object.fromEntries(COMMAND_NAMES.map((name) => [name, make(name)])) as Record<CommandName, V>;
}
