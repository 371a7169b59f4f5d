import { canon, remainderOf } from '../shared/decimal.js';
import type { BillWithItems } from '../shared/records.js';
import type { Bill as WireBill, Item as WireItem } from '../../base/wire/index.js';

/**
 * A stored bill as the service sees it (docs/PROTOCOL.md §2 "Bill"): only what a guest can still pay,
 * i.e. each line's quantity − paid − locked, and lines with nothing left are left out. It lives in
 * the store because the store refuses a bill whose answer would be too large (bill-size.ts).
 */
/** Canonical decimal text of a value ≥ 1. */
const WHOLE_OR_MORE = /^[1-9]\d*(\.\d+)?$/;

export function toWireBill(bill: BillWithItems): WireBill {
  const items: WireItem[] = [];
  for (const i of bill.items) {
    // Untouched whole-piece lines (the common case) need no decimal arithmetic at all.
    if (i.paidQuantity === '0' && i.lockedQuantity === '0' && i.minQuantity === '1' && WHOLE_OR_MORE.test(i.quantity)) {
      items.push({ id: i.id, name: i.name, price: i.price, quantity: i.quantity, minQuantity: '1', tags: i.tags });
      continue;
    }
    const left = remainderOf(i);
    if (left.lessThanOrEqualTo(0)) continue;
    // A remainder smaller than the line's minimum can still be paid whole: say so to the guest app.
    const min = left.lessThan(i.minQuantity) ? canon(left) : i.minQuantity;
    items.push({ id: i.id, name: i.name, price: i.price, quantity: canon(left), minQuantity: min, tags: i.tags });
  }
  const bill_: WireBill = {
    id: bill.id,
    currency: bill.currency,
    items,
    name: bill.name,
    created: bill.created,
    allowTip: bill.allowTip,
    allowPartialPayment: bill.allowPartialPayment,
    denyDiscounts: bill.denyDiscounts,
  };
  if (bill.additionalData !== null && bill.additionalData !== undefined) bill_.additionalData = bill.additionalData;
  return bill_;
}
