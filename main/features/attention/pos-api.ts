import { z } from 'zod';
import type { PosApiStore } from '../bills/pos-api-contract.js';
import type { AttentionEntry } from '../../../preload/contract.js';
import { defineRoute, documented, HttpError, named, type ReportContext, type Route } from '../../base/http-route.js';
import { acknowledge, MAX_NOTE_LENGTH } from './attention-actions.js';
import { listAttention } from './attention-list.js';
import { DEFAULT_UNSYNCED_AFTER_MS, type AttentionContext } from './sources/source.js';

/** Needs attention on the local POS API: the list, and acknowledging an entry that only needs a look. */

const KINDS = [
  'capture',
  'unsettled-payment',
  'lock-held',
  'settled-bill',
  'refund-refused',
  'service-error',
  'receipt-pending',
  'receipt-awaited',
  'pos-unsynced',
] as const;
const ACTIONS = ['capture', 'retry-recovery', 'release-lock', 'acknowledge'] as const;

/** GET /v1/attention?kind= : a comma-separated list of kinds to keep. */
export const AttentionQuery = z.object({
  kind: documented(z.string(), { description: `Comma-separated kinds to keep (${KINDS.join(', ')})` })
    .refine((s) => s.split(',').every((k) => (KINDS as readonly string[]).includes(k.trim())), `comma-separated kinds, each one of ${KINDS.join(', ')}`)
    .transform((s) => s.split(',').map((k) => k.trim()))
    .optional(),
});

/** POST /v1/attention/{id}/resolve: the note is optional; an empty body acknowledges without one. */
export const ResolveInput = named(
  'ResolveAttentionInput',
  z
    .object({
      note: documented(z.string().max(MAX_NOTE_LENGTH, `at most ${MAX_NOTE_LENGTH} characters`), {
        description: "The manager's note, kept with the resolution",
      }).optional(),
    })
    .strict(),
);

const ExactMoney = documented(z.string(), {
  pattern: '^-?\\d+\\.\\d{2,}$',
  description: 'Money with at least 2 decimal places, never rounded',
  examples: ['125.00', '20.165'],
});

export const AttentionEntryResponse = named(
  'AttentionEntry',
  z.object({
    id: documented(z.string(), { description: '`<kind>:<subject>`, stable while the entry lasts', examples: ['capture:p-81', 'settled-bill:b-12'] }),
    kind: z.enum(KINDS),
    since: documented(z.string(), { format: 'date-time', description: 'Since when it needs attention' }),
    tableId: z.string().nullable(),
    tableName: z.string().nullable(),
    billId: z.string().nullable(),
    billName: z.string().nullable(),
    paymentId: z.string().nullable(),
    amount: documented(ExactMoney, { description: "The payment's amount (tip apart), or what was due when the bill closed" }).nullable(),
    tip: ExactMoney.nullable(),
    currency: z.string().nullable(),
    detail: documented(z.record(z.string(), z.string()), { description: 'By kind: `state`, `method`, `note`, `code`, `message`' }),
    actions: documented(z.array(z.enum(ACTIONS)), { description: 'What resolves it, the main one first' }),
  }),
);
export type AttentionEntryResponse = z.infer<typeof AttentionEntryResponse>;

const toEntryResponse = (e: AttentionEntry): AttentionEntryResponse => ({
  id: e.id,
  kind: e.kind,
  since: e.since,
  tableId: e.tableId,
  tableName: e.tableName,
  billId: e.billId,
  billName: e.billName,
  paymentId: e.paymentId,
  amount: e.amount,
  tip: e.tip,
  currency: e.currency,
  detail: { ...e.detail },
  actions: [...e.actions],
});

/** The time and the limits of a request. */
const attentionAt = (r: ReportContext): AttentionContext => ({ now: r.now, unsyncedAfterMs: r.unsyncedAfterMs ?? DEFAULT_UNSYNCED_AFTER_MS });

const route = defineRoute<PosApiStore>();

export const attentionRoutes: Route<PosApiStore>[] = [
  route({
    method: 'GET',
    path: '/v1/attention',
    summary: 'Needs attention: everything not settled, oldest first, with the action that resolves each',
    description:
      'Kinds: `capture` (a manual-capture payment authorised and not captured), `unsettled-payment` (the service said nothing about a ' +
      'running payment for 2 minutes and recovery has not settled it), `lock-held` (a payment start has locked the bill for more than ' +
      '5 minutes, the time after which recovery treats a lock as one the service can no longer close), `settled-bill` (closed with an ' +
      'amount due: `detail.method` cash / card-at-counter / written-off / walkout, `detail.note`, `amount` = what was due), `refund-refused` ' +
      '(the service refused to refund a payment: `detail.code`), `service-error` (an `error` call from the service: `detail.code`, ' +
      '`detail.message`; the newest 100), `receipt-pending` (a fiscal receipt the main POS gave that the service has not accepted yet: ' +
      '`detail.state` sending / refused, `detail.attempts`, `detail.code`), `receipt-awaited` (a paid payment whose receipt is POSTPONED and ' +
      'the main POS has not given its fiscal receipt (PUT /v1/payments/{id}/receipt) within 2 minutes of payment.paid; it leaves once given, or when acknowledged), `pos-unsynced` (a paid payment whose `payment.paid` event the POS has ' +
      'not acknowledged with POST /v1/events/ack within the `unsyncedAfterSeconds` setting, default 60 s: `detail.seq` its event, `detail.cursor` ' +
      'the committed cursor; listed only once the POS has acknowledged at least once, for payments paid since; it has no action and leaves by ' +
      'itself once acknowledged). An entry leaves the list when its action is done (captured, settled, unlocked) or, for ' +
      '`acknowledge` entries, when acknowledged (POST …/resolve). Each resolution is kept and appears in the event log as `attention.resolved`.',
    query: AttentionQuery,
    responses: { 200: { description: 'The entries', body: z.array(AttentionEntryResponse) } },
    errors: { 400: 'Unknown `kind`' },
  })((ctx, { query: q }) => {
    const entries = listAttention(ctx.store.read, attentionAt(ctx.reports));
    return { status: 200, body: (q.kind ? entries.filter((e) => q.kind!.includes(e.kind)) : entries).map(toEntryResponse) };
  }),
  route({
    method: 'POST',
    path: '/v1/attention/{id}/resolve',
    summary: 'Acknowledge an entry whose action is `acknowledge`, with an optional note',
    description: 'Captures, held locks and unsettled payments are resolved by their action in the app (409 ACTION_REQUIRED here).',
    params: z.object({ id: documented(z.string(), { description: 'The entry id, e.g. `settled-bill:b-12` (URL-encoded)' }) }),
    body: ResolveInput,
    bodyOptional: true,
    responses: { 200: { description: 'Acknowledged: the entry as it was listed', body: AttentionEntryResponse } },
    errors: {
      400: 'Bad body: `note` not a string or over 500 characters, or an unknown field; `field` names it',
      404: 'No such entry in the list (already resolved, or never was)',
      409: 'ACTION_REQUIRED: the entry is resolved by its action (or, `pos-unsynced`, by POST /v1/events/ack), not acknowledged',
    },
  })((ctx, { params, body }) => {
    const result = acknowledge(ctx.store, attentionAt(ctx.reports), { entryId: params.id!, note: body?.note });
    if (result.ok) return { status: 200, body: toEntryResponse(result.value) };
    if (result.code === 'NOT_FOUND') throw new HttpError(404, 'NOT_FOUND', `Entry ${params.id!} is not in Needs attention (resolved already, or never was).`);
    // Captures, locks and unsettled payments are resolved by their action, in the app; an unsynced payment by the POS's acknowledgement.
    const action = result.params?.action;
    throw new HttpError(
      409,
      'ACTION_REQUIRED',
      action === undefined
        ? 'This entry resolves by itself once the POS acknowledges the event (POST /v1/events/ack), not by acknowledging the entry.'
        : `This entry is resolved by its action (${String(action)}) in Tableside's Needs attention, not acknowledged.`,
    );
  }),
];
