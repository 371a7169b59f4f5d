import type { Payment as WirePayment } from '../../base/wire/index.js';
import { canon, dec, remainderOf, type Decimal } from '../shared/decimal.js';
import type { BillWithItems, PaymentItemRecord } from '../shared/records.js';
import { StoreError } from '../../base/store-error.js';

/**
 * paymentStart's checks (docs/PROTOCOL.md §2): the guest pays for what the bill says right now.
 * Pure: returns the lines to lock or throws ITEMS_CHANGED naming the item and what to do.
 */
export function paymentLines(bill: BillWithItems, payment: WirePayment): PaymentItemRecord[] {
  if (payment.currency !== bill.currency) {
    throw new StoreError('ITEMS_CHANGED', `The bill is in ${bill.currency}, the payment in ${payment.currency}; scan the table again.`, 'currency');
  }
  if (payment.items.length === 0) throw new StoreError('ITEMS_CHANGED', 'The payment has no items; choose items to pay.', 'items');
  const lines = new Map<string, { name: string; price: string; quantity: Decimal }>();
  payment.items.forEach((p, index) => {
    const field = `items[${index}]`;
    const q = dec(p.quantity);
    if (q.lessThanOrEqualTo(0)) throw new StoreError('INVALID', `${field}.quantity: must be greater than zero`, `${field}.quantity`);
    const line = lines.get(p.id);
    if (line && !dec(line.price).equals(p.price)) {
      throw new StoreError('ITEMS_CHANGED', `Item ${p.id} appears twice with different prices; scan the table again.`, `${field}.price`);
    }
    lines.set(p.id, { name: p.name, price: p.price, quantity: line ? line.quantity.plus(q) : q });
  });

  const items = new Map(bill.items.map((i) => [i.id, i]));
  const out: PaymentItemRecord[] = [];
  for (const [id, line] of lines) {
    const item = items.get(id);
    if (!item) throw new StoreError('ITEMS_CHANGED', `Item "${line.name || id}" is no longer on the bill; scan the table again.`, 'items');
    if (!dec(item.price).equals(line.price)) {
      throw new StoreError('ITEMS_CHANGED', `The price of "${item.name}" is now ${item.price}, not ${line.price}; scan the table again.`, 'items');
    }
    const left = remainderOf(item);
    if (line.quantity.greaterThan(left)) {
      throw new StoreError(
        'ITEMS_CHANGED',
        `Only ${canon(left.isNegative() ? dec('0') : left)} of "${item.name}" is left to pay (${canon(line.quantity)} asked); scan the table again.`,
        'items',
      );
    }
    if (line.quantity.lessThan(item.minQuantity) && !line.quantity.equals(left)) {
      throw new StoreError('ITEMS_CHANGED', `"${item.name}" can be paid in parts of at least ${item.minQuantity}; choose a larger share.`, 'items');
    }
    out.push({ itemId: id, name: item.name, price: item.price, quantity: canon(line.quantity) });
  }

  if (!bill.allowPartialPayment) {
    const missing = bill.items.find((i) => remainderOf(i).greaterThan(0) && !dec(out.find((o) => o.itemId === i.id)?.quantity ?? '0').equals(remainderOf(i)));
    if (missing) throw new StoreError('ITEMS_CHANGED', `This bill must be paid whole; "${missing.name}" is missing from the payment.`, 'items');
  }
  if (!bill.allowTip && dec(payment.tipBrutto).greaterThan(0)) {
    throw new StoreError('ITEMS_CHANGED', 'This bill does not accept tips; pay without a tip.', 'tipBrutto');
  }
  return out;
}

/** Same payment id, same lines: a repeated paymentStart (a retry) is answered as a success. */
export function sameLines(a: PaymentItemRecord[], b: PaymentItemRecord[]): boolean {
  if (a.length !== b.length) return false;
  const byId = new Map(a.map((i) => [i.itemId, i]));
  return b.every((i) => {
    const o = byId.get(i.itemId);
    return o !== undefined && dec(o.quantity).equals(i.quantity) && dec(o.price).equals(i.price);
  });
}

/** Sum of price × quantity, kept to 6 places so it stays a wire decimal. */
export function linesAmount(lines: PaymentItemRecord[]): string {
  let total = dec('0');
  for (const l of lines) total = total.plus(dec(l.price).times(l.quantity));
  return canon(total.toDecimalPlaces(6));
}
