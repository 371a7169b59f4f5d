import { isStoreError, type StoreErrorCode } from '../../store/index.js';
import { METHOD_ERROR, type MethodErrorCode } from '../../base/wire/index.js';
import type { MethodOutcome } from '../../base/method-types.js';
import { storeErrorMessage } from '../../base/store-error-english.js';

export const ok = (result: unknown): MethodOutcome => ({ result });

export const fail = (code: MethodErrorCode, message: string): MethodOutcome => ({ error: { code, message } });

const CODES: Record<StoreErrorCode, MethodErrorCode> = {
  BILL_NOT_FOUND: METHOD_ERROR.BILL_NOT_FOUND,
  BILL_CLOSED: METHOD_ERROR.BILL_CLOSED,
  BILL_LOCKED: METHOD_ERROR.BILL_LOCKED,
  ITEMS_CHANGED: METHOD_ERROR.ITEMS_CHANGED,
  PAYMENT_NOT_FOUND: METHOD_ERROR.PAYMENT_NOT_FOUND,
  INVALID: METHOD_ERROR.INVALID_ARGUMENTS,
  NOT_FOUND: METHOD_ERROR.BILL_NOT_FOUND,
  CONFLICT: METHOD_ERROR.ITEMS_CHANGED,
  SCHEMA_TOO_NEW: METHOD_ERROR.INTERNAL_ERROR,
  ITEM_UNAVAILABLE: METHOD_ERROR.ITEM_UNAVAILABLE,
  TABLE_NOT_FOUND: METHOD_ERROR.TABLE_NOT_FOUND,
  ORDERS_PAUSED: METHOD_ERROR.ORDERS_PAUSED,
  ORDER_NOT_FOUND: METHOD_ERROR.ORDER_NOT_FOUND,
  ORDER_CLOSED: METHOD_ERROR.ORDER_CLOSED,
  // Refusals of the POS API only; no method makes them.
  NOT_POSTPONED: METHOD_ERROR.INVALID_ARGUMENTS,
  RECEIPT_ALREADY_GIVEN: METHOD_ERROR.INVALID_ARGUMENTS,
  PAYMENT_NOT_PAID: METHOD_ERROR.INVALID_ARGUMENTS,
};

/** A store refusal becomes the method error of docs/PROTOCOL.md §2; anything else is not ours to explain. */
export function fromError(e: unknown): MethodOutcome | null {
  if (!isStoreError(e)) return null;
  // ITEM_UNAVAILABLE names the menu items at fault, so the service can refresh them (docs/PROTOCOL.md §5).
  // The service shows its message to guests and staff: the same English the POS API words refusals in.
  const message = storeErrorMessage(e);
  return e.items ? { error: { code: CODES[e.code], message, items: e.items } } : fail(CODES[e.code], message);
}
