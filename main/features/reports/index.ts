import type { DayReport, HistoryFilter, PaymentHistoryEntry, SettlementEntry } from '../../../preload/contract.js';
import type { ReadTx } from '../../store/index.js';
import { dayRange, daysRange } from './day-range.js';
import { reportCurrency, summarize } from './day-summary.js';
import { listPayments, listSettlements } from './payment-history.js';
import { paidLinksOfDay } from './paid-links.js';

export { DEFAULT_DAY_ENDS_AT, addDays, dayRange, daysBetween, daysRange, isCalendarDate, isDayEndsAt, restaurantDate, type TimeRange } from './day-range.js';
export { CSV_COLUMNS, csvFileName, paymentsCsv } from './payments-csv.js';
export { exactMoney, filterEntries, filterSettlements, listPayments, listSettlements } from './payment-history.js';
export { summarize } from './day-summary.js';
export { paidLinksOfDay } from './paid-links.js';

interface ReadSource {
  read: ReadTx;
}

/** Payments of restaurant days `from` to `to` (both included), filtered. */
export function paymentsOfDays({ read }: ReadSource, range: { from: string; to: string; dayEndsAt: string }, filter?: HistoryFilter): PaymentHistoryEntry[] {
  return listPayments(read, daysRange(range.from, range.to, range.dayEndsAt), filter);
}

/** Bills settled at their close on restaurant days `from` to `to` (both included), filtered. */
export function settlementsOfDays({ read }: ReadSource, range: { from: string; to: string; dayEndsAt: string }, filter?: HistoryFilter): SettlementEntry[] {
  return listSettlements(read, daysRange(range.from, range.to, range.dayEndsAt), filter);
}

/** The close-of-day report of restaurant day `date`: its payments and its settlements. */
export function dayReport({ read }: ReadSource, input: { date: string; dayEndsAt: string; currency?: string; defaultCurrency: string }): DayReport {
  const range = dayRange(input.date, input.dayEndsAt);
  const entries = listPayments(read, range);
  const settlements = listSettlements(read, range);
  const currency = reportCurrency(entries, input.currency, input.defaultCurrency, settlements);
  return { ...summarize({ date: input.date, ...range, currency, entries, settlements }), paidLinks: paidLinksOfDay(read, range, currency) };
}
