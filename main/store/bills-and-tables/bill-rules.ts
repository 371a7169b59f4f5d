import { canon, dec, isZeroText } from '../shared/decimal.js';
import { currencyCode, nonEmptyText, nonNegativeDecimal } from '../shared/input-checks.js';
import type { ItemRecord, PutBillInput } from '../shared/records.js';
import { StoreError } from '../../base/store-error.js';
import { MAX_ITEM_NAME_CHARS } from '../../base/wire/index.js';

/** A POS's item name may be empty (the wire allows it) but not longer than a guest's screen can take. */
function shortEnough(name: string, field: string): string {
  if (name.length > MAX_ITEM_NAME_CHARS) throw new StoreError('INVALID', { reason: 'too-long', max: MAX_ITEM_NAME_CHARS }, field);
  return name;
}

/**
 * How a replacement item list (PUT /v1/bills/{id}) merges with the stored one. Paid and locked
 * quantities belong to guests' payments, so the POS may not take them away: an item with paid or
 * locked quantity cannot be removed or reduced below paid + locked, and a locked item's price is
 * frozen while its payment runs. Pure: throws a StoreError naming the item, changes nothing.
 */
export function mergeItems(billId: string, existing: ItemRecord[], input: PutBillInput['items']): ItemRecord[] {
  const byId = new Map(existing.map((i) => [i.id, i]));
  const seen = new Set<string>();
  const merged = input.map((raw, position): ItemRecord => {
    const field = `items[${position}]`;
    const id = nonEmptyText(raw.id, `${field}.id`);
    if (seen.has(id)) throw new StoreError('INVALID', { reason: 'duplicate-id', id }, `${field}.id`);
    seen.add(id);
    const item: ItemRecord = {
      id,
      position,
      name: typeof raw.name === 'string' ? shortEnough(raw.name, `${field}.name`) : nonEmptyText(raw.name, `${field}.name`),
      price: canon(nonNegativeDecimal(raw.price, `${field}.price`)),
      quantity: canon(nonNegativeDecimal(raw.quantity, `${field}.quantity`)),
      minQuantity: canon(raw.minQuantity === undefined ? '1' : nonNegativeDecimal(raw.minQuantity, `${field}.minQuantity`)),
      tags: raw.tags ?? [],
      paidQuantity: '0',
      lockedQuantity: '0',
    };
    const old = byId.get(id);
    // Nothing paid or locked: nothing to keep.
    if (!old || !isHeld(old)) return item;
    const held = dec(old.paidQuantity).plus(old.lockedQuantity);
    if (dec(item.quantity).lessThan(held)) {
      throw new StoreError('CONFLICT', { reason: 'quantity-held', item: old.name, itemId: id, held: canon(held) }, `${field}.quantity`);
    }
    if (!dec(old.lockedQuantity).isZero() && !dec(old.price).equals(item.price)) {
      throw new StoreError('CONFLICT', { reason: 'price-locked', item: old.name, itemId: id }, `${field}.price`);
    }
    return { ...item, paidQuantity: old.paidQuantity, lockedQuantity: old.lockedQuantity };
  });
  for (const old of existing) {
    if (seen.has(old.id)) continue;
    if (isHeld(old)) {
      throw new StoreError('CONFLICT', { reason: 'item-held', item: old.name, itemId: old.id, billId }, 'items');
    }
  }
  return merged;
}

/**
 * The line as stored already, field for field (its tags in order): a PUT that re-sends a bill with
 * one line changed, the POS's most frequent write, rewrites only that line's row.
 */
export function sameLine(a: ItemRecord, b: ItemRecord): boolean {
  return (
    a.position === b.position &&
    a.name === b.name &&
    a.price === b.price &&
    a.quantity === b.quantity &&
    a.minQuantity === b.minQuantity &&
    a.paidQuantity === b.paidQuantity &&
    a.lockedQuantity === b.lockedQuantity &&
    a.tags.length === b.tags.length &&
    a.tags.every((tag, i) => tag === b.tags[i])
  );
}

export function checkBillHeader(input: PutBillInput): void {
  nonEmptyText(input.id, 'id');
  nonEmptyText(input.tableId, 'tableId');
  currencyCode(input.currency, 'currency');
  if (!Array.isArray(input.items)) throw new StoreError('INVALID', { reason: 'list' }, 'items');
}

/** A bill is settled when every line is fully paid and something was paid at all. */
export function isSettled(items: readonly Pick<ItemRecord, 'quantity' | 'paidQuantity'>[]): boolean {
  let anyPaid = false;
  for (const i of items) {
    // Canonical text: "0" paid settles only a line of quantity "0" (the common unpaid line makes no decimal).
    if (i.paidQuantity === '0') {
      if (i.quantity !== '0') return false;
      continue;
    }
    if (dec(i.paidQuantity).lessThan(i.quantity)) return false;
    if (!dec(i.paidQuantity).isZero()) anyPaid = true;
  }
  return anyPaid;
}

/** A bill's lines as totals need them. */
export type PricedLine = Pick<ItemRecord, 'price' | 'quantity' | 'paidQuantity'>;

/**
 * A bill's total, paid and due (never below zero), as canonical decimal text. One pass, each price
 * parsed once and a line with nothing paid skipped: every "paid" payment computes this.
 */
export function billTotals(items: readonly PricedLine[]): { total: string; paid: string; due: string } {
  let total = dec('0');
  let paid = dec('0');
  for (const i of items) {
    const price = dec(i.price);
    total = total.plus(price.times(i.quantity));
    if (i.paidQuantity !== '0') paid = paid.plus(price.times(i.paidQuantity));
  }
  const due = total.minus(paid);
  return { total: canon(total), paid: canon(paid), due: canon(due.isNegative() ? dec('0') : due) };
}

/** Some of the line is paid or locked. */
const isHeld = (i: Pick<ItemRecord, 'paidQuantity' | 'lockedQuantity'>) => !isZeroText(i.paidQuantity) || !isZeroText(i.lockedQuantity);

export function hasHeldQuantity(items: ItemRecord[]): boolean {
  return items.some(isHeld);
}
