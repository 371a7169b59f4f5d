import type { z } from 'zod';
import { addDays, csvFileName, dayRange, dayReport, isCalendarDate, listPayments, paymentsCsv, restaurantDate, type TimeRange } from '../../features/reports/index.js';
import { HttpError } from './http-io.js';
import { DayReportQuery, HistoryQuery, MAX_RANGE_DAYS, type RangeEnd } from './report-schemas.js';
import type { Reply, RouteContext } from './routes.js';

/** What the report routes need besides the store: the setting and the time (issue 13). */
export interface ReportContext {
  dayEndsAt: string;
  defaultCurrency: string;
  now: number;
}

const DAY_MS = 86_400_000;

function rangeOf(q: { from?: RangeEnd | undefined; to?: RangeEnd | undefined }, r: ReportContext): TimeRange {
  const today = restaurantDate(r.now, r.dayEndsAt);
  const from = q.from ?? q.to ?? { date: today };
  const to = q.to ?? q.from ?? { date: today };
  const range = {
    from: 'date' in from ? dayRange(from.date, r.dayEndsAt).from : from.ms,
    to: 'date' in to ? dayRange(to.date, r.dayEndsAt).to : to.ms,
  };
  if (range.to <= range.from) throw new HttpError(400, 'BAD_REQUEST', 'to: must not be before from', 'to');
  // A day is at most 25 hours (daylight saving); the limit is in whole days plus that slack.
  if (range.to - range.from > MAX_RANGE_DAYS * DAY_MS + 3_600_000) {
    throw new HttpError(400, 'BAD_REQUEST', `to: the range may span at most ${MAX_RANGE_DAYS} days; ask for it in parts`, 'to');
  }
  return range;
}

const dateOf = (end: RangeEnd | undefined, r: ReportContext, fallback: string) =>
  end === undefined ? fallback : 'date' in end ? end.date : restaurantDate(end.ms, r.dayEndsAt);

/**
 * GET /v1/payments with `from`/`to` (or asking for CSV): the payment history of a range, JSON or
 * CSV (`Accept: text/csv` or `format=csv`). Without them the older `since` list answers.
 */
export function historyReply(ctx: RouteContext, parse: <S extends z.ZodType>(s: S) => z.output<S>): Reply | null {
  const q = parse(HistoryQuery);
  const csv = q.format === 'csv' || (q.format === undefined && /\btext\/csv\b/.test(ctx.accept));
  if (q.from === undefined && q.to === undefined && !csv) return null;
  const r = ctx.reports;
  const entries = listPayments(ctx.store.read, rangeOf(q, r), { ...(q.state ? { states: q.state } : {}), ...(q.tableId ? { tableId: q.tableId } : {}), ...(q.search ? { search: q.search } : {}) });
  if (!csv) return { status: 200, body: entries };
  const today = restaurantDate(r.now, r.dayEndsAt);
  const first = dateOf(q.from ?? q.to, r, today);
  const last = dateOf(q.to ?? q.from, r, today);
  return {
    status: 200,
    text: paymentsCsv(entries),
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${csvFileName(first, last)}"` },
  };
}

/** GET /v1/reports/day?date=YYYY-MM-DD (default: the current restaurant day). */
export function dayReportReply(ctx: RouteContext, parse: <S extends z.ZodType>(s: S) => z.output<S>): Reply {
  const q = parse(DayReportQuery);
  const r = ctx.reports;
  const date = q.date ?? restaurantDate(r.now, r.dayEndsAt);
  if (!isCalendarDate(addDays(date, 1))) throw new HttpError(400, 'BAD_REQUEST', 'date: out of range', 'date');
  return { status: 200, body: dayReport(ctx.store, { date, dayEndsAt: r.dayEndsAt, defaultCurrency: r.defaultCurrency, ...(q.currency ? { currency: q.currency } : {}) }) };
}
