/**
 * The store's refusals. `code` is either a generic kind (INVALID, NOT_FOUND, CONFLICT) or one of
 * the method error codes of docs/PROTOCOL.md §2, so the method layer and the POS API map it without
 * guessing. Messages are shown to cashiers and integrators: they say what to do next and never
 * carry secrets.
 */
export type StoreErrorCode =
  | 'INVALID'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'BILL_NOT_FOUND'
  | 'BILL_CLOSED'
  | 'BILL_LOCKED'
  | 'ITEMS_CHANGED'
  | 'PAYMENT_NOT_FOUND'
  | 'SCHEMA_TOO_NEW'
  // menu-orders (issue 14)
  | 'ITEM_UNAVAILABLE'
  | 'ORDERS_PAUSED'
  | 'TABLE_NOT_FOUND'
  | 'ORDER_NOT_FOUND'
  | 'ORDER_CLOSED'
  // receipts (issue 13, POSTPONED flow)
  | 'NOT_POSTPONED'
  | 'RECEIPT_ALREADY_GIVEN'
  | 'PAYMENT_NOT_PAID';

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

export class StoreError extends Error {
  override readonly name = 'StoreError';
  constructor(
    readonly code: StoreErrorCode,
    message: string,
    /** The input field at fault, e.g. "items[2].quantity". */
    readonly field: string | null = null,
    /** ITEM_UNAVAILABLE: the menu item ids at fault (docs/PROTOCOL.md §5). */
    readonly items?: string[],
  ) {
    super(message);
  }

  /** The HTTP status the local POS API answers with. */
  get status(): 400 | 404 | 409 | 500 {
    return STATUS[this.code];
  }
}

export function isStoreError(e: unknown): e is StoreError {
  return e instanceof StoreError;
}
