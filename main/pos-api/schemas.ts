import { z } from 'zod';
import { Currency, Id, NonNegativeDecimal } from '../wire/index.js';

/** Bodies and queries of the local POS API. Unknown fields are accepted and dropped (z.object strips). */

export const TableInput = z.object({
  name: z.string().min(1, 'must not be empty').max(200),
  area: z.string().max(200).nullable().optional(),
});

export const BillItemInput = z.object({
  id: Id,
  name: z.string().max(500),
  price: NonNegativeDecimal,
  quantity: NonNegativeDecimal,
  minQuantity: NonNegativeDecimal.optional(),
  tags: z.array(z.string().max(100)).max(50).optional(),
});

export const BillInput = z.object({
  tableId: Id,
  name: z.string().max(200).nullable().optional(),
  currency: Currency,
  items: z.array(BillItemInput).max(2000),
  allowTip: z.boolean().optional(),
  allowPartialPayment: z.boolean().optional(),
  denyDiscounts: z.boolean().optional(),
  additionalData: z.unknown().optional(),
});

export const BILLS_PAGE_DEFAULT = 200;
export const BILLS_PAGE_MAX = 1000;

/** Bills come in pages (bill-id order): `after` is the last id of the previous page. */
export const BillsQuery = z.object({
  tableId: Id.optional(),
  state: z.enum(['OPEN', 'PAID', 'CLOSED']).optional(),
  after: Id.optional(),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, `must be a number from 1 to ${BILLS_PAGE_MAX}`)
    .optional()
    .transform((s) => (s === undefined ? BILLS_PAGE_DEFAULT : Number(s)))
    .refine((n) => n >= 1 && n <= BILLS_PAGE_MAX, `must be a number from 1 to ${BILLS_PAGE_MAX}`),
});

/** An ISO 8601 time or milliseconds since the epoch. */
export const PaymentsQuery = z.object({
  since: z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (s === undefined || s === '') return 0;
      const ms = /^\d+$/.test(s) ? Number(s) : Date.parse(s);
      if (Number.isNaN(ms)) {
        ctx.addIssue({ code: 'custom', message: 'must be an ISO 8601 time or milliseconds since the epoch' });
        return z.NEVER;
      }
      return ms;
    }),
});

export const EventsQuery = z.object({
  after: z
    .string()
    .regex(/^\d{1,15}$/, 'must be a sequence number (0 or more)')
    .optional()
    .transform((s) => Number(s ?? '0')),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, 'must be a number from 1 to 1000')
    .optional()
    .transform((s) => Math.min(1000, Math.max(1, Number(s ?? '500')))),
});
