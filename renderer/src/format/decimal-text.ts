// Money and quantities stay decimal text end to end: the renderer only formats and validates
// them (string work, no arithmetic), main does every sum.
import type { Decimal } from '../../../preload/contract';

const DECIMAL = /^\d+(\.\d+)?$/;

/** Accepts "12.50", "12,50" (Czech keyboards) and surrounding spaces; null when not a plain number. */
export function parseDecimalInput(text: string): Decimal | null {
  const t = text.trim().replace(',', '.');
  return DECIMAL.test(t) ? t : null;
}

export function isZero(value: Decimal): boolean {
  return /^0*(\.0*)?$/.test(value.trim().replace(/^-/, ''));
}

/** The BCP 47 locale of each app language: Czech groups with a space and writes "Kč". */
const LOCALES: Record<string, string> = { cs: 'cs-CZ', en: 'en-GB' };

// One formatter per language, currency and number of decimals, built once: the renderer-burst
// bench renders thousands of amounts per second and building an Intl formatter is costly.
const formatters = new Map<string, Intl.NumberFormat | null>();

function formatter(language: string, currency: string | null, digits: number): Intl.NumberFormat | null {
  const key = `${language}|${currency ?? ''}|${digits}`;
  let cached = formatters.get(key);
  if (cached === undefined) {
    const base = { minimumFractionDigits: digits, maximumFractionDigits: digits };
    try {
      cached = new Intl.NumberFormat(LOCALES[language] ?? language, currency ? { ...base, style: 'currency', currency } : base);
    } catch {
      cached = null; // not an ISO 4217 code (or an unknown locale): plain text below
    }
    formatters.set(key, cached);
  }
  return cached;
}

/** At least two decimals; more are kept, never rounded away. */
function digitsOf(value: Decimal): number {
  const fraction = value.split('.')[1] ?? '';
  return Math.max(2, fraction.length);
}

/** Without Intl (an odd currency code): "324.00" / "324,00". */
function plainAmount(value: Decimal, language: string): string {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace(/^-/, '').split('.');
  const text = `${negative ? '-' : ''}${whole}.${fraction.padEnd(2, '0')}`;
  return language === 'cs' ? text.replace('.', ',') : text;
}

/**
 * "1432" → "1,432.00" (en) / "1 432,00" (cs). Intl formats the decimal string itself (no float
 * on the way), so "0.1" stays 0.10 and "1.125" keeps its third decimal.
 */
export function formatAmount(value: Decimal, language: string): string {
  const f = formatter(language, null, digitsOf(value));
  return f ? f.format(value as unknown as number) : plainAmount(value, language);
}

/**
 * One money format per language, Intl's currency style for it: "1 432,00 Kč" in Czech,
 * "CZK 1,432.00" in English; without a currency (or with a code Intl does not know), the amount
 * alone or followed by the code.
 */
export function formatMoney(value: Decimal, currency: string | null, language: string): string {
  if (!currency) return formatAmount(value, language);
  const f = formatter(language, currency, digitsOf(value));
  return f ? f.format(value as unknown as number) : `${plainAmount(value, language)} ${currency}`;
}

/** Quantities show as entered, without a trailing ".000". */
export function formatQuantity(value: Decimal, language: string): string {
  const text = value.includes('.') ? value.replace(/\.?0+$/, '') : value;
  return language === 'cs' ? text.replace('.', ',') : text;
}
