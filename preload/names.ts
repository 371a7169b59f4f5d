import type { CommandName, CompanionEvent } from './contract.js';

/**
 * The contract's names as values, written once: the preload object, main's IPC handlers, the
 * browser-mode bridge (both ends) and the event filter are all derived from these lists. A leaf
 * module: it imports only types, so the preload bundle, main and the renderer can all load it.
 */

export type EventType = CompanionEvent['type'];

/** Compiles only when `Listed` covers `Union`; otherwise the error names what is missing. */
type Complete<Union, Listed> = [Exclude<Union, Listed>] extends [never] ? true : { missing: Exclude<Union, Listed> };

export const COMMAND_NAMES = [
  'openBill',
  'addItem',
  'setItemQuantity',
  'removeItem',
  'closeBill',
  'cancelPayment',
  'capturePayment',
  'acknowledgeNotice',
  'listQrCodes',
  'createQrCodes',
  'deleteQrCode',
  'printQrSheet',
  'testPrint',
  'listPrinters',
  'saveSettings',
  'checkApiKey',
  'regeneratePosApiToken',
  'reconnect',
  'guestPay',
  // Payment history and the day report (issue 13).
  'listPayments',
  'dayReport',
  'exportPaymentsCsv',
  'printDayReport',
  // Logs and diagnostics (issue 15).
  'exportDiagnostics',
  'openLogs',
  // ui-tables (issue 12)
  'setTablePosition',
  // The menu and the order inbox (issue 14).
  'setMenuItemAvailable',
  'setOrderStatus',
  'setOrdersPaused',
  'getServiceOrderStatus',
  // orders-ui (issue 14): the kitchen ticket.
  'printTicket',
  // Needs attention (issue 13).
  'listAttention',
  'resolveAttention',
  'releaseLock',
  'retryRecovery',
  // orders-sandbox (issue 14): the demo guest orders.
  'guestOrder',
  // Receipts from the main POS (issue 13).
  'getPaymentReceipt',
  'printReceipt',
  // Payment links (issue 13).
  'createPaymentLink',
  'listPaymentLinks',
  'getPaymentLink',
  'deletePaymentLink',
  'printPaymentLink',
  // ui-safety (issue 12): the manager PIN.
  'setManagerPin',
  'unlockSettings',
  'lockSettings',
] as const satisfies readonly CommandName[];

export const EVENT_TYPES = [
  'session',
  'table',
  'table-removed',
  'bill',
  'payment',
  'notice',
  'settings',
  // The menu and the order inbox (issue 14).
  'order',
  'menu',
  // Needs attention (issue 13).
  'attention',
] as const satisfies readonly EventType[];

// A command or event type added to the contract but not to the lists above fails to compile here.
export const COMMANDS_COMPLETE: Complete<CommandName, (typeof COMMAND_NAMES)[number]> = true;
export const EVENTS_COMPLETE: Complete<EventType, (typeof EVENT_TYPES)[number]> = true;

/** Logs and diagnostics (issue 15): browser mode's downloads (main/ui-server serves them, Settings links to them). */
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
