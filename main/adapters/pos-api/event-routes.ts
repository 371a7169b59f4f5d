import { z } from 'zod';
import type { PosApiStore } from '../../features/bills/pos-api-contract.js';
import type { EventKind, PosCursorState } from '../../store/index.js';
import { defineRoute, documented, HttpError, named, type Route } from '../../base/http-route.js';

/**
 * GET /v1/events: the store's event log as JSON pages, or live as Server-Sent Events (event-stream.ts).
 * POST /v1/events/ack: the POS's cursor, what it has stored of the log. Reading is never taken as one.
 */

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
  'staff.paired',
  'staff.revoked',
  'staff.action',
  'staff.call',
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

/** POST /v1/events/ack: the last event the POS has stored. */
export const AckInput = named(
  'EventsAckInput',
  z.object({
    seq: documented(z.number().int('must be a whole number').min(0, 'must be 0 or more').max(Number.MAX_SAFE_INTEGER), {
      description: 'The sequence number of the last event the POS has stored (every event up to it is taken in)',
      examples: [1042],
    }),
  }),
);

export const EventsCursorResponse = named(
  'EventsCursor',
  z.object({
    seq: documented(z.number().int().nullable(), { description: 'The committed cursor: the last event the POS acknowledged; null when it never did' }),
    at: documented(z.string().nullable(), { format: 'date-time', description: 'When the cursor last moved forward' }),
    lastSeq: documented(z.number().int(), { description: 'The last event in the log (the highest seq a reader can get)' }),
    behind: documented(z.number().int(), { description: 'lastSeq − seq: events not acknowledged yet' }),
  }),
);
export type EventsCursorResponse = z.infer<typeof EventsCursorResponse>;

export const toCursorResponse = (c: PosCursorState): EventsCursorResponse => ({
  seq: c.seq,
  at: c.at,
  lastSeq: c.lastSeq,
  behind: Math.max(0, c.lastSeq - (c.seq ?? 0)),
});

export const ackRoute: Route<PosApiStore> = route({
  method: 'POST',
  path: '/v1/events/ack',
  summary: 'Acknowledge the events the POS has stored: commit its cursor',
  description:
    'Call it after the POS has stored (committed in its own database) every event up to `seq`, never merely on reading: ' +
    'reading `GET /v1/events` (JSON or the stream) acknowledges nothing. The cursor only moves forward: a `seq` at or below ' +
    'it changes nothing and answers the cursor as it is; a `seq` past the last event is a 400. It is stored durably with its ' +
    'time before the answer. Each paid payment whose `payment.paid` event is at or below the cursor shows as "POS notified" ' +
    'in Tableside; once the POS has acknowledged at least once, a payment not acknowledged within the `unsyncedAfterSeconds` ' +
    'setting (default 60 s) becomes `pos-unsynced` in Needs attention until it is. `GET /v1/health` shows the cursor too.',
  body: AckInput,
  responses: { 200: { description: 'The cursor after this call (moved, or as it was)', body: EventsCursorResponse } },
  errors: { 400: 'Bad body, or `seq` past the last event (`field`: seq)' },
})((ctx, { body }) => {
  const result = ctx.store.commitPosCursor(body.seq);
  if (!result.ok) {
    throw new HttpError(400, 'BAD_REQUEST', `seq: ${body.seq} is past the last event (${result.lastSeq}); acknowledge only events you have read`, 'seq');
  }
  return { status: 200, body: toCursorResponse(result.cursor) };
});
