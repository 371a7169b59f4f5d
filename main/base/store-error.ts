import type { ErrorParams } from '../../preload/contract.js';
import type { StoreErrorCode } from '../../preload/error-codes.js';

export type { StoreErrorCode };

/**
 * The store's refusals, as a code and its parameters: never a sentence. `code` is either a generic
 * kind (INVALID, NOT_FOUND, CONFLICT) or one of the method error codes of PROTOCOL.md §2, so the
 * method layer and the POS API map it without guessing; `params.reason` tells apart the variants
 * of one code (INVALID: `decimal`, `empty`, ...). The renderer words code and params for the
 * cashier, the POS API adapter in English for integrators; `message` is only for logs.
 */
const STATUS: Record<StoreErrorCode, 400 | 404 | 409 | 500> = {
  INVALID: 400,
  NOT_FOUND: 404,
  CONFLICT: 409,
  BILL_NOT_FOUND: 404,
  BILL_CLOSED: 409,
  BILL_LOCKED: 409,
  ITEMS_CHANGED: 409,
  PAYMENT_NOT_FOUND: 404,
  SCHEMA_TOO_NEW: 500,
  ITEM_UNAVAILABLE: 409,
  ORDERS_PAUSED: 409,
  TABLE_NOT_FOUND: 404,
  ORDER_NOT_FOUND: 404,
  ORDER_CLOSED: 409,
  NOT_POSTPONED: 409,
  RECEIPT_ALREADY_GIVEN: 409,
  PAYMENT_NOT_PAID: 409,
};

/** The log line of a refusal: its code, field and parameters (never shown to anyone). */
export function technicalMessage(code: string, params: ErrorParams, field: string | null): string {
  const facts = Object.keys(params).length > 0 ? ` ${JSON.stringify(params)}` : '';
  return `${code}${field ? ` at ${field}` : ''}${facts}`;
}

export class StoreError extends Error {
  override readonly name = 'StoreError';
  constructor(
    readonly code: StoreErrorCode,
    /** What the wording needs: names, amounts, limits, and `reason` for a code's variant. */
    readonly params: ErrorParams = {},
    /** The input field at fault, e.g. "items[2].quantity". */
    readonly field: string | null = null,
    /** ITEM_UNAVAILABLE: the menu item ids at fault (docs/PROTOCOL.md §5). */
    readonly items?: string[],
    /** CONFLICT lines-held: every bill line at fault, with what the change would have done to it. */
    readonly lines?: { id: string; name: string; change: string; held: string }[],
  ) {
    super(technicalMessage(code, params, field));
  }

  /** The HTTP status the local POS API answers with. */
  get status(): 400 | 404 | 409 | 500 {
    return STATUS[this.code];
  }
}

export function isStoreError(e: unknown): e is StoreError {
  return e instanceof StoreError;
}

/**
 * SQLite refused a write because another connection holds the database's write lock (a backup
 * tool, an antivirus, a second Tableside) past the busy timeout. Nothing was written: the caller
 * answers "try again" (the service retries, the POS API says 503, the cashier sees DATABASE_BUSY).
 */
export function isDatabaseBusy(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code);
}
