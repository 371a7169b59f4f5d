/**
 * Every code a command's refusal can carry (CommandFailure.code): the core sends a code and its
 * parameters, never a sentence, and the renderer words each one in English and Czech (a renderer
 * test holds every code here to a text in both). A leaf: main, the preload and the renderer load it.
 */

/** The store's refusals (main/base/store-error.ts): generic kinds and the method error codes. */
export const STORE_ERROR_CODES = [
  'INVALID',
  'NOT_FOUND',
  'CONFLICT',
  'BILL_NOT_FOUND',
  'BILL_CLOSED',
  'BILL_LOCKED',
  'ITEMS_CHANGED',
  'PAYMENT_NOT_FOUND',
  'SCHEMA_TOO_NEW',
  'ITEM_UNAVAILABLE',
  'ORDERS_PAUSED',
  'TABLE_NOT_FOUND',
  'ORDER_NOT_FOUND',
  'ORDER_CLOSED',
  'NOT_POSTPONED',
  'RECEIPT_ALREADY_GIVEN',
  'PAYMENT_NOT_PAID',
] as const;

/** The payment service's failures as the REST client reports them (main/base/service). */
export const SERVICE_ERROR_CODES = [
  'NETWORK_ERROR',
  'TIMEOUT',
  'INVALID_INPUT',
  'INVALID_RESPONSE',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'GONE',
  'TOO_LARGE',
  'SERVICE_RESTARTING',
  'SERVICE_ERROR',
  'HTTP_ERROR',
] as const;

/** The demo sandbox's refusals of a simulated guest (sandbox/core/errors.ts). */
export const SANDBOX_ERROR_CODES = [
  'BAD_REQUEST',
  'RESTAURANT_NOT_FOUND',
  'API_KEY_TAKEN',
  'NO_POS_CONNECTION',
  'POS_CALL_FAILED',
  'BILL_NOT_FOUND',
  'NO_OPEN_BILL',
  'NOTHING_TO_PAY',
  'NOT_ON_MENU',
] as const;

/** The commands' own refusals. */
export const COMMAND_ERROR_CODES = [
  // The bridges' input check, and a defect.
  'BAD_INPUT',
  'INTERNAL',
  'INTERNAL_ERROR',
  // Desktop only, demo only.
  'UNSUPPORTED',
  'DEMO_ONLY',
  // Payments, the menu, receipts, reports, links.
  'NOT_CAPTURABLE',
  'MENU_ITEM_NOT_FOUND',
  'RECEIPT_NOT_FOUND',
  'BAD_RANGE',
  'RANGE_TOO_LONG',
  'LINK_NOT_FOUND',
  'INVALID_AMOUNT',
  'INVALID_CURRENCY',
  'DESCRIPTION_TOO_LONG',
  'LINK_PAID',
  // Needs attention.
  'ACTION_REQUIRED',
  'NOT_PENDING',
  'AWAITING_CAPTURE',
  'LOCK_NOT_STALE',
  // Settings and the manager PIN.
  'KEY_REQUIRED_FOR_NEW_URL',
  'KEY_MISSING',
  'SETTINGS_DAMAGED',
  'PORT_IN_USE',
  'NATIVE_BINDING_MISSING',
  'PIN_REQUIRED',
  'PIN_WRONG',
  'PIN_LOCKED',
  'PIN_NOT_SET',
  'PIN_ALREADY_SET',
  'PIN_FORMAT',
  'PIN_UNAVAILABLE',
  // Waiters' phones: pairing while they are off; no network to listen on.
  'STAFF_OFF',
  'NO_LAN_ADDRESS',
  // The bill database: its start, its backups and their restore.
  'DATABASE_MISSING',
  'DATABASE_LOCKED',
  'DATABASE_IN_USE',
  // A write another program's lock refused while running: nothing changed, try again.
  'DATABASE_BUSY',
  'BACKUP_NOT_FOUND',
  'BACKUP_DAMAGED',
  'BACKUP_FAILED',
  // Printing and files (the desktop shell).
  'NO_PRINTER',
  'PRINT_CANCELLED',
  'PRINT_FAILED',
  'PRINT_NOT_READY',
  'SAVE_FAILED',
  'DIAGNOSTICS_NOT_WRITTEN',
  'LOGS_NOT_OPENED',
] as const;

/** The one list of every code the core can send; a code outside it does not compile at a `fail`. */
export const ERROR_CODES = [...new Set([...STORE_ERROR_CODES, ...SERVICE_ERROR_CODES, ...SANDBOX_ERROR_CODES, ...COMMAND_ERROR_CODES])] as readonly ErrorCode[];

export type StoreErrorCode = (typeof STORE_ERROR_CODES)[number];
export type ErrorCode = StoreErrorCode | (typeof SERVICE_ERROR_CODES)[number] | (typeof SANDBOX_ERROR_CODES)[number] | (typeof COMMAND_ERROR_CODES)[number];

const known: ReadonlySet<string> = new Set(ERROR_CODES);

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && known.has(code);
}
