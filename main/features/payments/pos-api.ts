import { z } from 'zod';
import type { PosApiStore } from '../bills/pos-api-contract.js';
import { defineRoute, documented, parseRequest, type Route } from '../../base/http-route.js';
import { paymentViews } from '../bills/views.js';
import { PaymentResponse, toPaymentResponse } from '../bills/pos-api-contract.js';
import { HISTORY_STATES, HistoryQuery, historyReply, PAYMENTS_CSV_EXAMPLE, PaymentHistoryEntryResponse } from '../reports/pos-api.js';
import { CSV_COLUMNS } from '../reports/payments-csv.js';

/** The latest moment a JS Date can hold (year 275760): a larger `since` is a mistake, not a filter. */
const MAX_TIME_MS = 8.64e15;

/** An ISO 8601 time (from a date on) or milliseconds since the epoch. */
export const PaymentsQuery = z.object({
  since: z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (s === undefined || s === '') return 0;
      const ms = /^\d{1,16}$/.test(s) ? Number(s) : /^\d{4}-\d{2}-\d{2}/.test(s) ? Date.parse(s) : Number.NaN;
      if (!Number.isFinite(ms) || ms > MAX_TIME_MS) {
        ctx.addIssue({ code: 'custom', message: 'must be an ISO 8601 time or milliseconds since the epoch (0 to 8640000000000000)' });
        return z.NEVER;
      }
      return ms;
    }),
});

/**
 * The query as documented and first parsed: the history's range and filters, and `since` as text,
 * checked only when no range is asked for (as the older list always did).
 */
const PaymentsListQuery = HistoryQuery.extend({
  since: documented(z.string(), { description: 'Without from/to: ISO 8601 time or ms since the epoch (0 to 8640000000000000)' }).optional(),
});

const route = defineRoute<PosApiStore>();

/** GET /v1/payments: the history of a range (JSON or CSV), or the payments created since a time. */
export const paymentRoutes: Route<PosApiStore>[] = [
  route({
    method: 'GET',
    path: '/v1/payments',
    summary: 'Payments of a range of restaurant days (JSON or CSV), or created since a time',
    description:
      "With `from`/`to`, or asking for CSV (`Accept: text/csv` or `format=csv`): every payment created, paid or refunded in the range, oldest first, in its state at the range's end " +
      '(`paid`; `refunded` = paid and refunded in the range; `refund` = refunded in the range, paid before it; `capture_needed`; `declined` = the card or the guest refused; `cancelled` = called off after the card was processed, before payment; `timed_out` = a lock the companion released; `abandoned` = the service ended it without paymentClosed; `pending`). ' +
      'The day report sums them: count, amount and tips over `paid` and `refunded`; refunded = amount + tip over `refunded` and `refund`. ' +
      `The CSV is UTF-8 with a header row, one line per payment (tender \`card\`) and per bill settled at its close (no paymentId, state \`settled\`, tender cash, card-at-counter, written-off or walkout, tip 0.00, the cashier's note; left out when \`state\` or \`search\` is given), in time order, CRLF, RFC 4180 quoting, decimals with a dot, columns \`${CSV_COLUMNS.join(',')}\`. ` +
      `Without \`from\`/\`to\` and as JSON: the older list of PaymentView created at or after \`since\`. States: ${HISTORY_STATES.join(', ')}.`,
    query: PaymentsListQuery,
    responses: {
      200: {
        description: 'The payments: PaymentHistoryEntry[] for a range, PaymentView[] for `since`, or CSV',
        body: z.union([z.array(PaymentHistoryEntryResponse), z.array(PaymentResponse)]),
        alternatives: { 'text/csv': { example: PAYMENTS_CSV_EXAMPLE } },
      },
    },
    errors: { 400: 'Bad `from`, `to` (before `from`, or over 366 days), `format`, `state`, `tableId`, `search`, `waiterId` or `since`; `field` names it' },
  })((ctx, { query }) => {
    // from/to or CSV: the history of a range; otherwise the older `since` list.
    const history = historyReply(ctx, query);
    if (history) return history;
    const q = parseRequest(PaymentsQuery, { since: query.since }, 'query');
    return { status: 200, body: paymentViews(ctx.store, { since: q.since }).map(toPaymentResponse) };
  }),
];
