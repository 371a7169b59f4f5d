// Money as a cashier types it, read in the app's language: never guessed, never rounded. A text
// that two readings fit ("1.250" in Czech: a thousands dot or a decimal point) is asked about.
import type { Decimal } from '../../../preload/contract';

export type AmountReading =
  | { kind: 'empty' }
  | { kind: 'amount'; value: Decimal }
  /** Two readings fit: the larger (the mark groups thousands) and the smaller (it is the decimal point). */
  | { kind: 'ambiguous'; grouped: Decimal; decimal: Decimal }
  /** More decimal places than the currency has ("12,345" Kč): refused, never rounded. */
  | { kind: 'too-precise'; places: number }
  | { kind: 'invalid' };

/** Spaces a cashier or Intl puts between groups: space, no-break space, narrow no-break space. */
const SPACES = /[ \u00a0\u202f]/g;
const HAS_SPACE = /[ \u00a0\u202f]/;

/** The marks of each language: its decimal mark, its grouping mark, and the other one it tolerates. */
const MARKS: Record<string, { decimal: string; other: string }> = {
  cs: { decimal: ',', other: '.' },
  en: { decimal: '.', other: ',' },
};

const placesCache = new Map<string, number>();

/** Decimal places of a currency (Intl: 2 for CZK and EUR, 0 for JPY); 2 when unknown. */
export function currencyPlaces(currency: string | null): number {
  if (!currency) return 2;
  let places = placesCache.get(currency);
  if (places === undefined) {
    try {
      places = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      places = 2;
    }
    placesCache.set(currency, places);
  }
  return places;
}

/** "0012.50" → "12.50"; the text already holds only digits and at most one dot. */
function canonical(whole: string, fraction: string): Decimal {
  const w = whole.replace(/^0+(?=\d)/, '') || '0';
  return fraction ? `${w}.${fraction}` : w;
}

/** Digits grouped by threes after a first group of one to three: "1.250.000" with mark ".". */
function groupedDigits(text: string, mark: string): string | null {
  const parts = text.split(mark);
  if (parts.length < 2) return null;
  const [first, ...rest] = parts as [string, ...string[]];
  if (!/^\d{1,3}$/.test(first) || !rest.every((p) => /^\d{3}$/.test(p))) return null;
  return parts.join('');
}

/** The whole part: plain digits, or digits grouped by the language's grouping mark (or spaces). */
function wholePart(text: string, groupMark: string): string | null {
  if (/^\d+$/.test(text)) return text;
  return groupedDigits(text, groupMark);
}

function amountOf(whole: string, fraction: string, places: number): AmountReading {
  if (fraction.length > places) return { kind: 'too-precise', places };
  return { kind: 'amount', value: canonical(whole, fraction) };
}

/**
 * Reads a typed amount in `language` ("cs": "1 250,50", "1250,5", "1.250,50"; "en": "1,250.50",
 * "1 250.50"). The other mark alone is read where only one reading fits ("12.5" in Czech is
 * 12,50; "12,50" in English is 12.50); with exactly three digits after it ("1.250" in Czech,
 * "1,250" in English) both fit, and the reading is ambiguous. A currency code or symbol after
 * the amount ("1 250 Kč") is allowed.
 */
export function readAmount(text: string, language: string, currency: string | null = null): AmountReading {
  const marks = MARKS[language] ?? MARKS.en!;
  const places = currencyPlaces(currency);
  let t = text.trim();
  if (t === '') return { kind: 'empty' };
  t = t.replace(/\s*(kč|czk|€|eur|\$|usd|£|gbp)\.?$/i, '').trim();
  // Spaces only group digits: "1 250" but never "12 50".
  if (HAS_SPACE.test(t)) {
    const [head, ...tail] = t.split(/[.,]/);
    if (tail.length > 1) return { kind: 'invalid' };
    const whole = groupedDigits(head!.replace(SPACES, ' '), ' ');
    if (whole === null) return { kind: 'invalid' };
    const fraction = tail[0] ?? '';
    if (!/^\d*$/.test(fraction) || (tail.length === 1 && fraction === '')) return { kind: 'invalid' };
    return amountOf(whole, fraction, places);
  }
  if (!/^[\d.,]+$/.test(t)) return { kind: 'invalid' };
  const decimalAt = t.lastIndexOf(marks.decimal);
  const hasOther = t.includes(marks.other);
  if (decimalAt >= 0) {
    // The language's own decimal mark, once: anything before it is the whole part, grouped by the other mark.
    if (t.indexOf(marks.decimal) !== decimalAt) return { kind: 'invalid' };
    const fraction = t.slice(decimalAt + 1);
    const whole = wholePart(t.slice(0, decimalAt), marks.other);
    if (whole === null || !/^\d+$/.test(fraction)) return { kind: 'invalid' };
    return amountOf(whole, fraction, places);
  }
  if (!hasOther) return amountOf(t, '', places);
  // Only the other mark. Several of it can only group thousands.
  const parts = t.split(marks.other);
  if (parts.length > 2) {
    const whole = groupedDigits(t, marks.other);
    return whole === null ? { kind: 'invalid' } : amountOf(whole, '', places);
  }
  const [whole = '', fraction = ''] = parts;
  if (!/^\d+$/.test(whole) || !/^\d+$/.test(fraction)) return { kind: 'invalid' };
  // Three digits after it and a short whole part: a thousands group or a decimal point; ask.
  // Trailing zeros past the currency's places do not count against the decimal reading ("1.250" may be 1,25).
  if (fraction.length === 3 && whole.length <= 3 && whole !== '0') {
    const short = fraction.replace(/0+$/, '');
    const grouped = canonical(whole + fraction, '');
    return short.length <= places ? { kind: 'ambiguous', grouped, decimal: canonical(whole, short) } : { kind: 'amount', value: grouped };
  }
  return amountOf(whole, fraction, places);
}
