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

/** "324" → "324.00", "0.5" → "0.50"; more than two decimals are kept, never rounded away. */
export function formatAmount(value: Decimal, language: string): string {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace(/^-/, '').split('.');
  const text = `${negative ? '-' : ''}${whole}.${fraction.padEnd(2, '0')}`;
  return language === 'cs' ? text.replace('.', ',') : text;
}

export function formatMoney(value: Decimal, currency: string | null, language: string): string {
  const amount = formatAmount(value, language);
  return currency ? `${amount} ${currency}` : amount;
}

/** Quantities show as entered, without a trailing ".000". */
export function formatQuantity(value: Decimal, language: string): string {
  const text = value.includes('.') ? value.replace(/\.?0+$/, '') : value;
  return language === 'cs' ? text.replace('.', ',') : text;
}
