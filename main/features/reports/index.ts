import type { DayReport, HistoryFilter, PaymentHistoryEntry } from '../../../preload/contract.js';
import type { ReadTx } from '../../store/index.js';
import { dayRange, daysRange } from './day-range.js';
import { reportCurrency, summarize } from './day-summary.js';
import { listPayments } from './payment-history.js';
import { paidLinksOfDay } from './paid-links.js';

export { DEFAULT_DAY_ENDS_AT, addDays, dayRange, daysBetween, daysRange, isCalendarDate, isDayEndsAt, restaurantDate, type TimeRange } from './day-range.js';
export { CSV_COLUMNS, csvFileName, paymentsCsv } from './payments-csv.js';
export { exactMoney, filterEntries, listPayments } from './payment-history.js';
export { summarize } from './day-summary.js';
export { paidLinksOfDay } from './paid-links.js';

interface ReadSource {
  read: ReadTx;
}

/** Payments of restaurant days `from` to `to` (both included), filtered. */
export function paymentsOfDays({ read }: ReadSource, range: { from: string; to: string; dayEndsAt: string }, filter?: HistoryFilter): PaymentHistoryEntry[] {
  return listPayments(read, daysRange(range.from, range.to, range.dayEndsAt), filter);
}

/** The close-of-day report of restaurant day `date`. */
export function dayReport({ read }: ReadSource, input: { date: string; dayEndsAt: string; currency?: string; defaultCurrency: string }): DayReport {
  const range = dayRange(input.date, input.dayEndsAt);
  const entries = listPayments(read, range);
  const currency = reportCurrency(entries, input.currency, input.defaultCurrency);
  return { ...summarize({ date: input.date, ...range, currency, entries }), paidLinks: paidLinksOfDay(read, range, currency) };
}
