import { Decimal } from 'decimal.js';

/**
 * Exact decimals for money and quantities. The store keeps canonical text (no exponent, no
 * trailing zeros: "62.5", "1") so equal values compare equal as text; views format money with 2 places.
 */
export { Decimal };

export function dec(text: string): Decimal {
  return new Decimal(text);
}

/** Canonical text of a decimal: plain notation, never "-0". */
export function canon(value: Decimal | string): string {
  const d = typeof value === 'string' ? new Decimal(value) : value;
  return d.isZero() ? '0' : d.toFixed();
}

/** Money for display: always 2 decimal places. */
export function money(value: Decimal | string): string {
  const d = typeof value === 'string' ? new Decimal(value) : value;
  return d.isZero() ? '0.00' : d.toFixed(2);
}

export function sum(values: Iterable<Decimal>): Decimal {
  let total = new Decimal(0);
  for (const v of values) total = total.plus(v);
  return total;
}

/** quantity − paid − locked: what a guest can still pay on a line. */
export function remainderOf(item: { quantity: string; paidQuantity: string; lockedQuantity: string }): Decimal {
  // Fast path for the common untouched line: getTableContents runs on every QR scan.
  if (item.paidQuantity === '0' && item.lockedQuantity === '0') return new Decimal(item.quantity);
  return new Decimal(item.quantity).minus(item.paidQuantity).minus(item.lockedQuantity);
}
