/**
 * Exact sums of price × quantity in plain integers, for the common line: a price with at most
 * PRICE_PLACES decimals and a quantity with at most QUANTITY_PLACES. Every product and sum is
 * checked to stay a safe integer; anything else answers null and the caller uses Decimal. The
 * Tables grid sums every open bill's lines, and Decimal makes objects for each.
 */
const PRICE_PLACES = 4;
const QUANTITY_PLACES = 3;
/** The scale of a product: price places + quantity places. */
export const PRODUCT_PLACES = PRICE_PLACES + QUANTITY_PLACES;

const ZERO = 0x30;
const NINE = 0x39;
const DOT = 0x2e;
const MINUS = 0x2d;

/** `text` × 10^places as an integer, for plain decimal text ("62.5", "-3", "0.125"); NaN for anything else. */
export function scaledInteger(text: string, places: number): number {
  let i = 0;
  let negative = false;
  if (text.charCodeAt(0) === MINUS) {
    negative = true;
    i = 1;
  }
  let n = 0;
  let digits = 0;
  let decimals = -1;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === DOT) {
      if (decimals >= 0 || digits === 0) return Number.NaN;
      decimals = 0;
      continue;
    }
    if (c < ZERO || c > NINE) return Number.NaN;
    if (decimals >= 0 && ++decimals > places) return Number.NaN;
    n = n * 10 + (c - ZERO);
    digits++;
  }
  if (digits === 0 || decimals === 0 || digits > 15) return Number.NaN;
  for (let k = decimals < 0 ? 0 : decimals; k < places; k++) n *= 10;
  if (!Number.isSafeInteger(n)) return Number.NaN;
  return negative ? -n : n;
}

/** price × quantity at PRODUCT_PLACES, or NaN when either is not a common value or the product is not a safe integer. */
export function lineProduct(price: string, quantity: string): number {
  const p = scaledInteger(price, PRICE_PLACES);
  const q = scaledInteger(quantity, QUANTITY_PLACES);
  const product = p * q;
  return Number.isSafeInteger(product) ? product : Number.NaN;
}

/** Canonical decimal text of `n` / 10^places (no exponent, no trailing zeros, never "-0"). */
export function scaledText(n: number, places: number): string {
  if (n === 0) return '0';
  const negative = n < 0;
  const digits = String(Math.abs(n)).padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  let fraction = digits.slice(digits.length - places);
  let end = fraction.length;
  while (end > 0 && fraction.charCodeAt(end - 1) === ZERO) end--;
  fraction = fraction.slice(0, end);
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
