import { z } from 'zod';
import { acknowledge, listAttention, MAX_NOTE_LENGTH } from '../../features/attention/index.js';
import { HttpError } from './http-io.js';
import type { Route } from './routes.js';

type Parse = <S extends z.ZodType>(schema: S, input: unknown, where: 'body' | 'query') => z.output<S>;

const KINDS = ['capture', 'unsettled-payment', 'lock-held', 'settled-bill', 'refund-refused', 'service-error', 'receipt-pending'] as const;

/** GET /v1/attention?kind= : a comma-separated list of kinds to keep. */
export const AttentionQuery = z.object({
  kind: z
    .string()
    .refine((s) => s.split(',').every((k) => (KINDS as readonly string[]).includes(k.trim())), `comma-separated kinds, each one of ${KINDS.join(', ')}`)
    .transform((s) => s.split(',').map((k) => k.trim()))
    .optional(),
});

/** POST /v1/attention/{id}/resolve: the note is optional; an empty body acknowledges without one. */
export const ResolveInput = z.object({ note: z.string().max(MAX_NOTE_LENGTH, `at most ${MAX_NOTE_LENGTH} characters`).optional() }).strict();

/** Needs attention (issue 13): the list, and acknowledging an entry that only needs a look. */
export function attentionRoutes(parse: Parse): Route[] {
  return [
    {
      method: 'GET',
      path: '/v1/attention',
      handle: (ctx) => {
        const q = parse(AttentionQuery, Object.fromEntries(ctx.query), 'query');
        const entries = listAttention(ctx.store.read, ctx.reports.now);
        return { status: 200, body: q.kind ? entries.filter((e) => q.kind!.includes(e.kind)) : entries };
      },
    },
    {
      method: 'POST',
      path: '/v1/attention/{id}/resolve',
      body: 'optional',
      handle: (ctx) => {
        const input = ctx.body === undefined ? {} : parse(ResolveInput, ctx.body, 'body');
        const result = acknowledge(ctx.store, ctx.reports.now, { entryId: ctx.params.id!, note: input.note });
        if (result.ok) return { status: 200, body: result.value };
        if (result.code === 'NOT_FOUND') throw new HttpError(404, 'NOT_FOUND', `Entry ${ctx.params.id!} is not in Needs attention (resolved already, or never was).`);
        // Captures, locks and unsettled payments are resolved by their action, in the app.
        throw new HttpError(409, 'ACTION_REQUIRED', `This entry is resolved by its action (${String(result.params?.action)}) in Tableside's Needs attention, not acknowledged.`);
      },
    },
  ];
}
