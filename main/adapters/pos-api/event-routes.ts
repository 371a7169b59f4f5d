import { z } from 'zod';
import type { PosApiStore } from '../../features/bills/pos-api-contract.js';
import type { EventKind } from '../../store/index.js';
import { defineRoute, documented, named, type Route } from '../../base/http-route.js';

/** GET /v1/events: the store's event log as JSON pages, or live as Server-Sent Events (event-stream.ts). */

export const EVENTS_PAGE_DEFAULT = 500;
export const EVENTS_PAGE_MAX = 1000;

export const EventsQuery = z.object({
  after: documented(z.string().regex(/^\d{1,15}$/, 'must be a sequence number from 0 to 999999999999999'), {
    default: '0',
    description: 'The last sequence number already seen',
  })
    .optional()
    .transform((s) => Number(s ?? '0')),
  limit: documented(z.string().regex(/^\d{1,4}$/, `must be a number from 1 to ${EVENTS_PAGE_MAX}`), {
    default: String(EVENTS_PAGE_DEFAULT),
    description: `JSON mode only, 1..${EVENTS_PAGE_MAX} (anything else is a 400)`,
  })
    .optional()
    .transform((s) => (s === undefined ? EVENTS_PAGE_DEFAULT : Number(s)))
    .refine((n) => n >= 1 && n <= EVENTS_PAGE_MAX, `must be a number from 1 to ${EVENTS_PAGE_MAX}`),
});

/** Every kind the event log holds; `satisfies` and the check below keep it equal to the store's. */
const EVENT_KINDS = [
  'table.upserted',
  'table.deleted',
  'bill.updated',
  'bill.paid',
  'bill.closed',
  'payment.started',
  'payment.processed',
  'payment.paid',
  'payment.cancelled',
  'payment.refunded',
  'payment.captured',
  'service.error',
  'payment.receipt',
  'menu.updated',
  'orders.paused',
  'order.created',
  'order.status',
  'order.paid',
  'order.closed',
  'order.sent',
  'attention.resolved',
  'refund.refused',
] as const satisfies readonly EventKind[];
// A kind the store adds and this list misses fails to compile here.
const allKinds: Exclude<EventKind, (typeof EVENT_KINDS)[number]> extends never ? true : never = true;
void allKinds;

export const EventResponse = named(
  'Event',
  z.object({
    seq: z.number().int(),
    at: documented(z.string(), { format: 'date-time' }),
    kind: z.enum(EVENT_KINDS),
    tableId: z.string().nullable(),
    billId: z.string().nullable(),
    paymentId: z.string().nullable(),
    data: documented(z.record(z.string(), z.unknown()), {
      description:
        'By kind; order events carry orderId and status. order.created of a toBill / toTable order carries `lines` ' +
        "([{id, name, price, quantity, menuItemId}]): the guest lines it put on the bill (billId, tableId), which stay Tableside's until the POS " +
        'takes them in (PUT /v1/bills/{id} with the same line ids, or POST /v1/bills/{id}/take-in). bill.updated carries `guestLines` ' +
        '(ids an order added), `takenIn`, `guestLinesKept` (left out of a PUT and kept), and for a cancelled or rejected order `removedLines` ' +
        'and `reducedLines` ([{id, quantity}]); bill.closed with `emptiedBy` (an order id) closed a bill that order opened and left empty.',
    }),
  }),
);

const route = defineRoute<PosApiStore>();

export const eventRoute: Route<PosApiStore> = route({
  method: 'GET',
  path: '/v1/events',
  summary: 'Events after a sequence number: JSON, or a Server-Sent Events stream with Accept: text/event-stream',
  description:
    'The stream replays from `after` (or the Last-Event-ID header), then stays open with live events. Each SSE message has ' +
    '`id` = seq, `event` = kind, `data` = the Event as JSON. A comment line arrives every 15 s as a heartbeat. ' +
    'When the token is regenerated every open stream ends; reconnect with the new token and Last-Event-ID.',
  query: EventsQuery,
  requestHeaders: { 'Last-Event-ID': 'Stream only: resume after this sequence number (instead of `after`)' },
  responses: {
    200: {
      description: 'Events in order',
      body: z.array(EventResponse),
      alternatives: { 'text/event-stream': { example: 'id: 1\nevent: table.upserted\ndata: {"seq":1,…}\n\n' } },
    },
  },
  errors: { 400: 'Bad `after` or `limit`' },
})((ctx, { query: q }) => {
  if (ctx.wantsStream) {
    ctx.openStream(q.after);
    return 'stream';
  }
  // The log's own records: each field listed, so a field the store adds stays off /v1.
  const events = ctx.store
    .eventsAfter(q.after, q.limit)
    .map((e) => ({ seq: e.seq, at: e.at, kind: e.kind, tableId: e.tableId, billId: e.billId, paymentId: e.paymentId, data: e.data }));
  return { status: 200, body: events };
});
