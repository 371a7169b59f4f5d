import { z } from 'zod';
import { isCalendarDate } from '../../features/reports/index.js';
import { Currency, Id } from '../../base/wire/index.js';

/**
 * Queries of the history and day-report endpoints (issue 13). A day is a restaurant day
 * (YYYY-MM-DD, ending at the `dayEndsAt` setting in the PC's time zone); a moment is an ISO 8601
 * date-time with its offset.
 */

/** A restaurant day or a moment: `{ date }` or `{ ms }`. */
export type RangeEnd = { date: string } | { ms: number };

const CalendarDate = z.string().refine(isCalendarDate, 'must be a date YYYY-MM-DD (a real one, e.g. 2026-11-21)');

const RangeEndText = z.string().transform((s, ctx): RangeEnd => {
  if (isCalendarDate(s)) return { date: s };
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(s) ? Date.parse(s) : Number.NaN;
  if (Number.isFinite(ms)) return { ms };
  ctx.addIssue({ code: 'custom', message: 'must be a date YYYY-MM-DD (a restaurant day) or an ISO 8601 time with its offset, e.g. 2026-11-21T18:00:00+01:00' });
  return z.NEVER;
});

export const HISTORY_STATES = ['paid', 'refunded', 'refund', 'capture_needed', 'declined', 'cancelled', 'pending'] as const;

/** The range and filters of GET /v1/payments (besides the older `since`). */
export const HistoryQuery = z.object({
  from: RangeEndText.optional(),
  to: RangeEndText.optional(),
  format: z.enum(['json', 'csv'], { error: 'must be json or csv' }).optional(),
  state: z
    .string()
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
  search: z.string().max(200).optional(),
});

export const DayReportQuery = z.object({
  date: CalendarDate.optional(),
  currency: Currency.optional(),
});

/** The widest range one request may ask for. */
export const MAX_RANGE_DAYS = 366;
