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
    throw new StoreError('ITEMS_CHANGED', { reason: 'currency', billCurrency: bill.currency, paymentCurrency: payment.currency }, 'currency');
  }
  if (payment.items.length === 0) throw new StoreError('ITEMS_CHANGED', { reason: 'no-items' }, 'items');
  const lines = new Map<string, { name: string; price: string; quantity: Decimal }>();
  payment.items.forEach((p, index) => {
    const field = `items[${index}]`;
    const q = dec(p.quantity);
    if (q.lessThanOrEqualTo(0)) throw new StoreError('INVALID', { reason: 'positive' }, `${field}.quantity`);
    const line = lines.get(p.id);
    if (line && !dec(line.price).equals(p.price)) {
      throw new StoreError('ITEMS_CHANGED', { reason: 'price-twice', itemId: p.id }, `${field}.price`);
    }
    lines.set(p.id, { name: p.name, price: p.price, quantity: line ? line.quantity.plus(q) : q });
  });

  const items = new Map(bill.items.map((i) => [i.id, i]));
  const out: PaymentItemRecord[] = [];
  for (const [id, line] of lines) {
    const item = items.get(id);
    if (!item) throw new StoreError('ITEMS_CHANGED', { reason: 'item-gone', item: line.name || id }, 'items');
    if (!dec(item.price).equals(line.price)) {
      throw new StoreError('ITEMS_CHANGED', { reason: 'price-changed', item: item.name, price: item.price, was: line.price }, 'items');
    }
    const left = remainderOf(item);
    if (line.quantity.greaterThan(left)) {
      throw new StoreError(
        'ITEMS_CHANGED',
        { reason: 'too-much', item: item.name, left: canon(left.isNegative() ? dec('0') : left), asked: canon(line.quantity) },
        'items',
      );
    }
    if (line.quantity.lessThan(item.minQuantity) && !line.quantity.equals(left)) {
      throw new StoreError('ITEMS_CHANGED', { reason: 'min-quantity', item: item.name, min: item.minQuantity }, 'items');
    }
    out.push({ itemId: id, name: item.name, price: item.price, quantity: canon(line.quantity) });
  }

  if (!bill.allowPartialPayment) {
    const missing = bill.items.find((i) => remainderOf(i).greaterThan(0) && !dec(out.find((o) => o.itemId === i.id)?.quantity ?? '0').equals(remainderOf(i)));
    if (missing) throw new StoreError('ITEMS_CHANGED', { reason: 'whole-bill', item: missing.name }, 'items');
  }
  if (!bill.allowTip && dec(payment.tipBrutto).greaterThan(0)) {
    throw new StoreError('ITEMS_CHANGED', { reason: 'no-tips' }, 'tipBrutto');
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
