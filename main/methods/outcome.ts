import { isStoreError, type StoreErrorCode } from '../store/index.js';
import { METHOD_ERROR, type MethodErrorCode } from '../wire/index.js';
import type { MethodOutcome } from './types.js';

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
};

/** A store refusal becomes the method error of PROTOCOL.md §2; anything else is not ours to explain. */
export function fromError(e: unknown): MethodOutcome | null {
  return isStoreError(e) ? fail(CODES[e.code], e.message) : null;
}
