// Money of the history and the day report ("1 432,00 Kč" in Czech, "CZK 1,432.00" in English)
// through the app's one money format; percentages and days through Intl as well.
import type { Decimal } from '../../../preload/contract';
import { formatMoney } from './decimal-text';

/** The app's one money format (`formatMoney`): the history and the day report show what the cards show. */
export function formatCurrency(value: Decimal, currency: string, language: string): string {
  return formatMoney(value, currency, language);
}

/** "0.0850" → "8.5 %" (cs: "8,5 %"). */
export function formatShare(ratio: Decimal, language: string): string {
  const percent = new Intl.NumberFormat(language === 'cs' ? 'cs-CZ' : 'en-GB', { style: 'percent', maximumFractionDigits: 1 });
  return percent.format(ratio as unknown as number);
}

/** The calendar date `days` after `date` (YYYY-MM-DD), counted on the calendar (UTC arithmetic, no time zone). */
export function shiftDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** "2026-11-21" as the language writes a date ("21. 11. 2026", "21/11/2026"). */
export function formatDay(date: string, language: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(language === 'cs' ? 'cs-CZ' : 'en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}
