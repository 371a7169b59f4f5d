import { jsonBytes, MAX_ADDITIONAL_DATA_BYTES, MAX_BILL_BYTES, MAX_BILL_ITEMS } from '../../base/wire/index.js';
import { StoreError } from '../../base/store-error.js';
import type { BillWithItems } from '../shared/records.js';
import { toWireBill } from './wire-bill.js';

/**
 * The limits of base/wire/bill-limits.ts, for every door a bill comes through (POS API PUT, the
 * cashier's open/add/quantity, demo): a bill whose answer to the service could not be sent is
 * refused before it is kept, naming the field, instead of failing every guest's scan later.
 */
export function checkBillSize(bill: BillWithItems): void {
  if (bill.items.length > MAX_BILL_ITEMS) {
    throw new StoreError('INVALID', { reason: 'too-many-items', max: MAX_BILL_ITEMS, count: bill.items.length }, 'items');
  }
  const extra = bill.additionalData === null || bill.additionalData === undefined ? 0 : jsonBytes(bill.additionalData);
  if (extra > MAX_ADDITIONAL_DATA_BYTES) {
    throw new StoreError('INVALID', { reason: 'too-large', max: MAX_ADDITIONAL_DATA_BYTES, bytes: extra }, 'additionalData');
  }
  if (atMostBytes(bill, extra) <= MAX_BILL_BYTES) return;
  const bytes = jsonBytes(toWireBill(bill));
  if (bytes > MAX_BILL_BYTES) throw new StoreError('INVALID', { reason: 'bill-too-large', max: MAX_BILL_BYTES, bytes }, 'items');
}

/** JSON of n UTF-16 units takes at most 6n bytes (\u0000 escapes; 3 UTF-8 bytes per unit otherwise). */
const text = (s: string | null): number => 6 * (s?.length ?? 0) + 2;
/** A line's remaining quantity is at most 15 digits, a point and 6 places. */
const DECIMAL_BYTES = 24;

/**
 * An upper bound of the wire bill's size without building it: every bill of ordinary size is
 * let through by this sum alone, and only a large one is serialized to be measured.
 */
function atMostBytes(bill: BillWithItems, extra: number): number {
  let bytes = 256 + text(bill.id) + text(bill.name) + text(bill.currency) + text(bill.created) + extra;
  for (const i of bill.items) {
    bytes += 96 + text(i.id) + text(i.name) + i.price.length + 2 * DECIMAL_BYTES;
    for (const t of i.tags) bytes += text(t) + 1;
  }
  return bytes;
}
