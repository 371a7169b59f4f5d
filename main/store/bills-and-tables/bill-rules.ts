import { canon, dec, isZeroText } from '../shared/decimal.js';
import { lineProduct, PRODUCT_PLACES, scaledText } from '../shared/fixed-point.js';
import { currencyCode, nonEmptyText, nonNegativeDecimal } from '../shared/input-checks.js';
import type { ItemRecord, PutBillInput } from '../shared/records.js';
import { StoreError } from '../../base/store-error.js';
import { MAX_ITEM_NAME_CHARS } from '../../base/wire/index.js';

/** A POS's item name may be empty (the wire allows it) but not longer than a guest's screen can take. */
function shortEnough(name: string, field: string): string {
  if (name.length > MAX_ITEM_NAME_CHARS) throw new StoreError('INVALID', { reason: 'too-long', max: MAX_ITEM_NAME_CHARS }, field);
  return name;
}

/** A held line (paid or in payment) a PUT tried to change: what it tried. */
export interface HeldLineChange {
  id: string;
  name: string;
  change: 'removed' | 'reduced' | 'price' | 'name';
  /** Paid + locked quantity: the least the line may keep. */
  held: string;
}

/**
 * How a replacement item list (PUT /v1/bills/{id}) merges with the stored one. Paid and locked
 * quantities belong to guests' payments, so the POS may not take them away: a line with paid or
 * locked quantity keeps its name and price, and cannot be removed or reduced below paid + locked
 * (more of it is fine). `kept`: guest lines not yet taken in that the list leaves out; they stay on
 * the bill (the caller appends them) and are not removals. Pure: throws one StoreError naming every
 * held line the list would change (their ids and names in `lines`), and changes nothing.
 */
export function mergeItems(billId: string, existing: ItemRecord[], input: PutBillInput['items'], kept: ReadonlySet<string> = new Set()): ItemRecord[] {
  const byId = new Map(existing.map((i) => [i.id, i]));
  const seen = new Set<string>();
  const refused: (HeldLineChange & { field: string })[] = [];
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
    const held = canon(dec(old.paidQuantity).plus(old.lockedQuantity));
    const line = { id, name: old.name, held };
    if (dec(item.quantity).lessThan(held)) refused.push({ ...line, change: 'reduced', field: `${field}.quantity` });
    if (!dec(old.price).equals(item.price)) refused.push({ ...line, change: 'price', field: `${field}.price` });
    if (old.name !== item.name) refused.push({ ...line, change: 'name', field: `${field}.name` });
    return { ...item, paidQuantity: old.paidQuantity, lockedQuantity: old.lockedQuantity };
  });
  for (const old of existing) {
    if (seen.has(old.id) || kept.has(old.id) || !isHeld(old)) continue;
    refused.push({ id: old.id, name: old.name, held: canon(dec(old.paidQuantity).plus(old.lockedQuantity)), change: 'removed', field: 'items' });
  }
  if (refused.length > 0) throw heldLinesError(billId, refused);
  return merged;
}

const CHANGE_WORDS: Record<HeldLineChange['change'], (held: string) => string> = {
  removed: (held) => `removed (${held} paid or in payment: keep it in the list)`,
  reduced: (held) => `reduced below ${held} paid or in payment`,
  price: () => 'repriced (the price stays while any of it is paid or in payment)',
  name: () => 'renamed (the name stays while any of it is paid or in payment)',
};

function heldLinesError(billId: string, refused: (HeldLineChange & { field: string })[]): StoreError {
  const field = refused.length === 1 ? refused[0]!.field : 'items';
  const text = refused.map((r) => `"${r.name}" (${r.id}) ${CHANGE_WORDS[r.change](r.held)}`).join('; ');
  const lines = refused.map(({ id, name, change, held }) => ({ id, name, change, held }));
  return new StoreError('CONFLICT', { reason: 'lines-held', billId, count: refused.length, lines: text }, field, undefined, lines);
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
  return integerTotals(items) ?? decimalTotals(items);
}

/** billTotals in safe integers (fixed-point.ts), or null when a line or a sum leaves them. */
function integerTotals(items: readonly PricedLine[]): { total: string; paid: string; due: string } | null {
  let total = 0;
  let paid = 0;
  for (const i of items) {
    total += lineProduct(i.price, i.quantity);
    if (i.paidQuantity !== '0') paid += lineProduct(i.price, i.paidQuantity);
    // NaN from a line, or a sum past 2^53 (checked at each step: a float past it is no longer exact), sends the bill to Decimal.
    if (!Number.isSafeInteger(total) || !Number.isSafeInteger(paid)) return null;
  }
  if (!Number.isSafeInteger(total - paid)) return null;
  const due = total - paid;
  return { total: scaledText(total, PRODUCT_PLACES), paid: scaledText(paid, PRODUCT_PLACES), due: due < 0 ? '0' : scaledText(due, PRODUCT_PLACES) };
}

function decimalTotals(items: readonly PricedLine[]): { total: string; paid: string; due: string } {
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
