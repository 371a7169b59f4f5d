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
  if (typeof value === 'string') {
    const plain = canonPlain(value);
    if (plain !== null) return plain;
  }
  const d = typeof value === 'string' ? new Decimal(value) : value;
  return d.isZero() ? '0' : d.toFixed();
}

const ZERO = 0x30;
const NINE = 0x39;
const DOT = 0x2e;

/**
 * canon() of plain digits with at most one inner point ("62.50", "007", "1.000"), by trimming the
 * text as Decimal's toFixed() would (leading zeros, trailing fractional zeros, a bare point), with
 * no decimal made: every line of every bill passes here. Null for any other text (Decimal decides).
 */
function canonPlain(text: string): string | null {
  let dot = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === DOT && dot < 0 && i > 0 && i < text.length - 1) dot = i;
    else if (c < ZERO || c > NINE) return null;
  }
  if (text.length === 0) return null;
  const intEnd = dot < 0 ? text.length : dot;
  let start = 0;
  while (start < intEnd - 1 && text.charCodeAt(start) === ZERO) start++;
  let end = text.length;
  if (dot >= 0) {
    while (end > dot + 1 && text.charCodeAt(end - 1) === ZERO) end--;
    if (end === dot + 1) end = dot;
  }
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** Whether decimal text is zero; "0", the canonical zero the store keeps, is answered without making a decimal. */
export function isZeroText(text: string): boolean {
  return text === '0' || new Decimal(text).isZero();
}

/** Plain decimal text with at most 2 places and no leading zeros ("62.5", "-3", "0.25"). */
const PLAIN_MONEY = /^-?(0|[1-9]\d*)(\.\d{1,2})?$/;

/** Money for display: always 2 decimal places. */
export function money(value: Decimal | string): string {
  // Text that needs no rounding is padded as it is, with no decimal made: every line of every view passes here.
  if (typeof value === 'string' && PLAIN_MONEY.test(value)) {
    const dot = value.indexOf('.');
    const padded = dot < 0 ? `${value}.00` : value.length - dot === 2 ? `${value}0` : value;
    return /[1-9]/.test(padded) ? padded : '0.00';
  }
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
