import { z } from 'zod';
import type { PosApiStore } from '../bills/pos-api-contract.js';
import type { DayReport, PaymentHistoryEntry, SettlementEntry } from '../../../preload/contract.js';
import { defineRoute, documented, HttpError, named, type ReportContext, type Route, type RouteContext, type TextReply } from '../../base/http-route.js';
import { Currency, Id } from '../../base/wire/index.js';
import {
  addDays,
  csvFileName,
  dayRange,
  dayReport,
  isCalendarDate,
  listPayments,
  listSettlements,
  paymentsCsv,
  restaurantDate,
  type TimeRange,
} from './index.js';

/**
 * The payment history and the day report on the local POS API. A day is a restaurant day
 * (YYYY-MM-DD, ending at the `dayEndsAt` setting in the PC's time zone); a moment is an ISO 8601
 * date-time with its offset.
 */

/** A restaurant day or a moment: `{ date }` or `{ ms }`. */
export type RangeEnd = { date: string } | { ms: number };

const CalendarDate = z.string().refine(isCalendarDate, 'must be a date YYYY-MM-DD (a real one, e.g. 2026-11-21)');

const rangeEndText = (description: string) =>
  documented(z.string(), { description, examples: ['2026-11-21', '2026-11-21T18:00:00+01:00'] }).transform((s, ctx): RangeEnd => {
    if (isCalendarDate(s)) return { date: s };
    const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(s) ? Date.parse(s) : Number.NaN;
    if (Number.isFinite(ms)) return { ms };
    ctx.addIssue({
      code: 'custom',
      message: 'must be a date YYYY-MM-DD (a restaurant day) or an ISO 8601 time with its offset, e.g. 2026-11-21T18:00:00+01:00',
    });
    return z.NEVER;
  });

export const HISTORY_STATES = ['paid', 'refunded', 'refund', 'capture_needed', 'declined', 'cancelled', 'timed_out', 'abandoned', 'pending'] as const;

/** The range and filters of GET /v1/payments (besides the older `since`). */
export const HistoryQuery = z.object({
  from: rangeEndText(
    'First restaurant day YYYY-MM-DD (from its start, the `dayEndsAt` setting, default 04:00 local time), or an ISO 8601 time with its offset. Default: `to`, else the current restaurant day.',
  ).optional(),
  to: rangeEndText(
    'Last restaurant day YYYY-MM-DD (included, to its end at `dayEndsAt` the next morning), or an ISO 8601 time (excluded). Default: `from`. At most 366 days after `from`.',
  ).optional(),
  format: documented(z.enum(['json', 'csv'], { error: 'must be json or csv' }), {
    description: 'csv or json (default: by the Accept header, else json)',
  }).optional(),
  excel: documented(z.enum(['cs', 'en'], { error: 'must be cs or en' }), {
    description:
      "CSV for a person opening it in Excel in that language (implies CSV): a UTF-8 BOM; `;` and a decimal comma for cs (its headers, states and tenders in Czech), `,` and a dot for en; times in the till's local time with their offset; a cell starting with = + - @, tab or CR gets a leading '. Without it the CSV is the machine form described above.",
  }).optional(),
  state: documented(z.string(), { description: `Comma-separated states to keep (${HISTORY_STATES.join(', ')}); refunded also keeps refund` })
    .optional()
    .transform((s, ctx) => {
      if (s === undefined || s === '') return undefined;
      const states = s.split(',');
      const bad = states.find((x) => !(HISTORY_STATES as readonly string[]).includes(x));
      if (bad === undefined) return states as (typeof HISTORY_STATES)[number][];
      ctx.addIssue({ code: 'custom', message: `"${bad}" is not a state; use ${HISTORY_STATES.join(', ')} (comma-separated)` });
      return z.NEVER;
    }),
  tableId: Id.optional(),
  search: documented(z.string().max(200), { description: 'Part of a payment id, or an amount (with or without the tip)' }).optional(),
  waiterId: documented(z.string().max(200), {
    description:
      "A waiter's id (the one the POS sent with the bill or table): their payments, and in the CSV their settlements. Empty (`waiterId=`): those under no waiter.",
  })
    .optional()
    .transform((s) => (s === undefined ? undefined : s === '' ? null : s)),
});
export type HistoryQuery = z.output<typeof HistoryQuery>;

export const DayReportQuery = z.object({
  date: documented(CalendarDate, { description: 'YYYY-MM-DD (default: the current restaurant day)', format: 'date' }).optional(),
  currency: documented(Currency, { description: "ISO 4217 (default: the currency most of the day's payments used)" }).optional(),
});

/** The widest range one request may ask for. */
export const MAX_RANGE_DAYS = 366;

// --- answers ----------------------------------------------------------------------------------

const ExactMoney = documented(z.string(), {
  pattern: '^-?\\d+\\.\\d{2,}$',
  description:
    'Money with at least 2 decimal places and never rounded (a line of 0.5 l at 40.33 keeps its third place), so listed payments sum to the report exactly',
  examples: ['125.00', '10.015'],
});
const DateTime = documented(z.string(), { format: 'date-time' });

export const PaymentHistoryEntryResponse = named(
  'PaymentHistoryEntry',
  z.object({
    paymentId: z.string(),
    time: documented(DateTime, { description: 'When it reached its state (paid, refunded, closed), or was created when still pending' }),
    tableId: z.string().nullable(),
    table: z.string().nullable(),
    area: z.string().nullable(),
    billId: z.string(),
    bill: z.string().nullable(),
    state: z.enum(HISTORY_STATES),
    amount: ExactMoney,
    tip: ExactMoney,
    currency: z.string(),
    provider: documented(z.string().nullable(), { description: "Card brand or provider name from the payment's first part" }),
    waiterId: documented(z.string().nullable(), { description: "The waiter the payment started under (the bill's, else its table's); null: no waiter" }),
    waiter: documented(z.string().nullable(), { description: "The waiter's name as the POS gave it; null: none given" }),
  }),
);
export type PaymentHistoryEntryResponse = z.infer<typeof PaymentHistoryEntryResponse>;

const split = <K extends 'provider' | 'area'>(key: K) =>
  z.object({ [key]: z.string().nullable(), count: z.number().int(), amount: ExactMoney, tips: ExactMoney } as { [P in K]: z.ZodNullable<z.ZodString> } & {
    count: z.ZodNumber;
    amount: typeof ExactMoney;
    tips: typeof ExactMoney;
  });

const TENDERS = ['card', 'cash', 'card-at-counter', 'written-off', 'walkout'] as const;
const SETTLEMENT_TENDERS = ['cash', 'card-at-counter', 'written-off', 'walkout'] as const;

export const SettlementEntryResponse = named(
  'SettlementEntry',
  z.object({
    billId: z.string(),
    time: documented(DateTime, { description: 'When the bill was closed' }),
    tableId: z.string().nullable(),
    table: z.string().nullable(),
    area: z.string().nullable(),
    bill: z.string().nullable(),
    tender: z.enum(SETTLEMENT_TENDERS),
    amount: documented(ExactMoney, { description: 'What was due at the close' }),
    currency: z.string(),
    note: z.string().nullable(),
    waiterId: documented(z.string().nullable(), { description: "The bill's waiter at the close; null: no waiter" }),
    waiter: z.string().nullable(),
  }),
  'A bill closed with an amount still due, settled at the close (DELETE /v1/bills/{id} with a settlement): a line of the day of its own.',
);

export const DayReportResponse = named(
  'DayReport',
  z.object({
    date: documented(z.string(), { format: 'date' }),
    from: DateTime,
    to: DateTime,
    currency: z.string(),
    count: documented(z.number().int(), { description: 'Payments paid that day' }),
    amount: ExactMoney,
    tips: ExactMoney,
    refunded: ExactMoney,
    net: ExactMoney,
    tipShare: documented(z.string().nullable(), { description: 'tips ÷ amount, 4 decimal places; null when nothing was paid', examples: ['0.0850'] }),
    byProvider: z.array(split('provider')),
    byArea: z.array(split('area')),
    posNotified: documented(z.object({ notified: z.number().int(), notYet: z.number().int() }), {
      description: "Of the day's paid payments: how many the POS has acknowledged (POST /v1/events/ack), how many not yet; both 0 while it never acknowledged",
    }),
    paidLinks: documented(z.object({ count: z.number().int(), amount: ExactMoney }), {
      description: 'Payment links paid that day in `currency` (GET /v1/payment-links): their own line, apart from count and amount',
    }),
    settled: documented(ExactMoney, { description: 'What bills settled at their close that day took, in every settlement tender' }),
    billed: documented(ExactMoney, { description: 'amount + settled: what the day took in every tender, tips apart' }),
    byTender: documented(z.array(z.object({ tender: z.enum(TENDERS), count: z.number().int(), amount: ExactMoney, tips: ExactMoney })), {
      description: '`card`: the payments counted in `amount`; the others: the settlements. Sums to `billed` and `tips`.',
    }),
    byWaiter: documented(
      z.array(z.object({ waiterId: z.string().nullable(), waiter: z.string().nullable(), count: z.number().int(), amount: ExactMoney, tips: ExactMoney })),
      { description: 'Payments and settlements per waiter (`waiterId` null: no waiter), largest amount first. Sums to `billed` and `tips`.' },
    ),
    settlements: z.array(SettlementEntryResponse),
  }),
);
export type DayReportResponse = z.infer<typeof DayReportResponse>;

export const toHistoryEntryResponse = (e: PaymentHistoryEntry): PaymentHistoryEntryResponse => ({
  paymentId: e.paymentId,
  time: e.time,
  tableId: e.tableId,
  table: e.table,
  area: e.area,
  billId: e.billId,
  bill: e.bill,
  state: e.state,
  amount: e.amount,
  tip: e.tip,
  currency: e.currency,
  provider: e.provider,
  waiterId: e.waiterId,
  waiter: e.waiter,
});

const toSettlementResponse = (s: SettlementEntry): z.infer<typeof SettlementEntryResponse> => ({
  billId: s.billId,
  time: s.time,
  tableId: s.tableId,
  table: s.table,
  area: s.area,
  bill: s.bill,
  tender: s.tender,
  amount: s.amount,
  currency: s.currency,
  note: s.note,
  waiterId: s.waiterId,
  waiter: s.waiter,
});

export const toDayReportResponse = (r: DayReport): DayReportResponse => ({
  date: r.date,
  from: r.from,
  to: r.to,
  currency: r.currency,
  count: r.count,
  amount: r.amount,
  tips: r.tips,
  refunded: r.refunded,
  net: r.net,
  tipShare: r.tipShare,
  byProvider: r.byProvider.map((s) => ({ provider: s.provider, count: s.count, amount: s.amount, tips: s.tips })),
  byArea: r.byArea.map((s) => ({ area: s.area, count: s.count, amount: s.amount, tips: s.tips })),
  posNotified: { notified: r.posNotified.notified, notYet: r.posNotified.notYet },
  paidLinks: { count: r.paidLinks.count, amount: r.paidLinks.amount },
  settled: r.settled,
  billed: r.billed,
  byTender: r.byTender.map((s) => ({ tender: s.tender, count: s.count, amount: s.amount, tips: s.tips })),
  byWaiter: r.byWaiter.map((s) => ({ waiterId: s.waiterId, waiter: s.waiter, count: s.count, amount: s.amount, tips: s.tips })),
  settlements: r.settlements.map(toSettlementResponse),
});

// --- handlers ---------------------------------------------------------------------------------

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

/** The CSV alternative of GET /v1/payments, for its contract. */
export const PAYMENTS_CSV_EXAMPLE =
  'paymentId,time,table,bill,state,amount,tip,currency,provider,tender,waiterId,waiter,billId,note,posNotified\r\n' +
  'p-1,2026-11-21T18:02:11.000Z,Table 4,Window,paid,125.00,10.00,CZK,Visa,card,w-7,Jana,b-12,,yes\r\n' +
  ',2026-11-21T21:40:00.000Z,Table 2,,settled,310.00,0.00,CZK,,walkout,w-7,Jana,b-15,left without paying,\r\n';

/**
 * GET /v1/payments with `from`/`to` (or asking for CSV): the payment history of a range, JSON or
 * CSV (`Accept: text/csv` or `format=csv`). Without them (null) the older `since` list answers.
 */
export function historyReply(ctx: RouteContext<PosApiStore>, q: HistoryQuery): { status: 200; body: PaymentHistoryEntryResponse[] } | TextReply | null {
  const csv = q.excel !== undefined || q.format === 'csv' || (q.format === undefined && /\btext\/csv\b/.test(ctx.accept));
  if (q.from === undefined && q.to === undefined && !csv) return null;
  const r = ctx.reports;
  const range = rangeOf(q, r);
  const filter = {
    ...(q.state ? { states: q.state } : {}),
    ...(q.tableId ? { tableId: q.tableId } : {}),
    ...(q.search ? { search: q.search } : {}),
    ...(q.waiterId !== undefined ? { waiterId: q.waiterId } : {}),
  };
  const entries = listPayments(ctx.store.read, range, filter);
  if (!csv) return { status: 200, body: entries.map(toHistoryEntryResponse) };
  const today = restaurantDate(r.now, r.dayEndsAt);
  const first = dateOf(q.from ?? q.to, r, today);
  const last = dateOf(q.to ?? q.from, r, today);
  return {
    status: 200,
    text: paymentsCsv(entries, listSettlements(ctx.store.read, range, filter), q.excel ? `excel-${q.excel}` : 'machine'),
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${csvFileName(first, last)}"` },
  };
}

const route = defineRoute<PosApiStore>();

export const reportRoutes: Route<PosApiStore>[] = [
  route({
    method: 'GET',
    path: '/v1/reports/day',
    summary: 'The close-of-day (Z) report of one restaurant day',
    description:
      "A restaurant day runs from the `dayEndsAt` setting (default 04:00, the PC's local time) to the same time the next morning, 23 or 25 hours across a daylight-saving change. " +
      '`amount` is what payments paid that day paid for items (tips apart), `tips` their tips, `refunded` the amount plus tip of the payments refunded that day (whenever they were paid), ' +
      '`net` = amount + tips − refunded. It equals the sums of `GET /v1/payments?from=<date>&to=<date>` to the last decimal.',
    query: DayReportQuery,
    responses: { 200: { description: 'The report', body: DayReportResponse } },
    errors: { 400: 'Bad `date` or `currency`; `field` names it' },
  })((ctx, { query: q }) => {
    const r = ctx.reports;
    const date = q.date ?? restaurantDate(r.now, r.dayEndsAt);
    if (!isCalendarDate(addDays(date, 1))) throw new HttpError(400, 'BAD_REQUEST', 'date: out of range', 'date');
    const report = dayReport(ctx.store, { date, dayEndsAt: r.dayEndsAt, defaultCurrency: r.defaultCurrency, ...(q.currency ? { currency: q.currency } : {}) });
    return { status: 200, body: toDayReportResponse(report) };
  }),
];
