import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { Currency, Id, Settlement } from '../../base/wire/index.js';

/**
 * Bodies and queries of the local POS API. Unknown fields are accepted and dropped (z.object strips).
 * Every number is checked, never rounded: a value we would have to round or that a payment could
 * not carry is refused with 400 naming its field, so no stored bill can break a payment later.
 */

/** Prices are money: 2 decimal places, as every view and receipt shows them. */
export const PRICE_PLACES = 2;
/** Quantities: 3 places (grams of a kilo, millilitres of a litre). price × quantity then has at most 5, within the wire's 6. */
export const QUANTITY_PLACES = 3;
/** The wire's decimals carry at most 15 digits before the point; a line or bill total beyond that cannot be paid. */
const WIRE_INTEGER_DIGITS = 15;
const WIRE_LIMIT = new Decimal(10).pow(WIRE_INTEGER_DIGITS);

function decimalWith(places: number) {
  // The common, valid value is recognised by one test (every line of every PUT passes here); only a refused one is taken apart to say why.
  const valid = new RegExp(`^\\d{1,${WIRE_INTEGER_DIGITS}}(?:\\.\\d{1,${places}})?$`);
  return z.string().superRefine((text, ctx) => {
    if (valid.test(text)) return;
    const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
    const problem = !m
      ? 'must be a decimal string such as "62.50"'
      : m[1]
        ? 'must not be negative'
        : (m[3]?.length ?? 0) > places
          ? `has more than ${places} decimal places; round it before sending`
          : m[2]!.length > WIRE_INTEGER_DIGITS
            ? `is too large: at most ${WIRE_INTEGER_DIGITS} digits before the decimal point`
            : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

export const Price = decimalWith(PRICE_PLACES);
export const Quantity = decimalWith(QUANTITY_PLACES);

// ui-tables (issue 12): a place on the floor plan, as fractions of the plan's width and height.
const PlanFraction = z.number().min(0, 'must be from 0 to 1 (a fraction of the plan)').max(1, 'must be from 0 to 1 (a fraction of the plan)');
// ui-actions (issue 12): DELETE /v1/bills/{id} takes an optional body saying how an amount still due was settled.
export const CloseBillInput = z.object({ settlement: Settlement.optional() });

export const TableInput = z.object({
  name: z.string().min(1, 'must not be empty').max(200),
  area: z.string().max(200).nullable().optional(),
  position: z.object({ x: PlanFraction, y: PlanFraction }).nullable().optional(),
});

export const BillItemInput = z.object({
  id: Id,
  name: z.string().max(500),
  price: Price,
  quantity: Quantity,
  minQuantity: Quantity.optional(),
  tags: z.array(z.string().max(100)).max(50).optional(),
});

/** Digits before the decimal point of a checked decimal string. */
const integerDigits = (text: string) => {
  const dot = text.indexOf('.');
  return dot < 0 ? text.length : dot;
};
/** Lines (at most BillInput's 2,000 < 10^4) each below 10^11 cannot reach 10^15 together. */
const SURELY_SMALL_DIGITS = WIRE_INTEGER_DIGITS - 4;

/**
 * Each line total and the bill total must stay a wire decimal, or the guest's payment could not
 * carry it. A line whose price and quantity have at most SURELY_SMALL_DIGITS integer digits between
 * them is below 10^11; when every line is, the bill is within the limit and no decimal is made (every
 * PUT of a bill passes here). Otherwise the exact sums decide.
 */
function checkTotals(items: { price: string; quantity: string }[], ctx: z.RefinementCtx): void {
  if (items.every((i) => integerDigits(i.price) + integerDigits(i.quantity) <= SURELY_SMALL_DIGITS)) return;
  let total = new Decimal(0);
  items.forEach((item, i) => {
    const line = new Decimal(item.price).times(item.quantity);
    total = total.plus(line);
    if (line.greaterThanOrEqualTo(WIRE_LIMIT)) {
      ctx.addIssue({ code: 'custom', path: ['items', i, 'quantity'], message: `price × quantity must stay under 10^${WIRE_INTEGER_DIGITS}` });
    }
  });
  if (total.greaterThanOrEqualTo(WIRE_LIMIT)) ctx.addIssue({ code: 'custom', path: ['items'], message: `the bill total must stay under 10^${WIRE_INTEGER_DIGITS}` });
}

export const BillInput = z
  .object({
    tableId: Id,
    name: z.string().max(200).nullable().optional(),
    currency: Currency,
    items: z.array(BillItemInput).max(2000),
    allowTip: z.boolean().optional(),
    allowPartialPayment: z.boolean().optional(),
    denyDiscounts: z.boolean().optional(),
    additionalData: z.unknown().optional(),
  })
  .superRefine((bill, ctx) => checkTotals(bill.items, ctx));

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

export const EVENTS_PAGE_DEFAULT = 500;
export const EVENTS_PAGE_MAX = 1000;

export const EventsQuery = z.object({
  after: z
    .string()
    .regex(/^\d{1,15}$/, 'must be a sequence number from 0 to 999999999999999')
    .optional()
    .transform((s) => Number(s ?? '0')),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, `must be a number from 1 to ${EVENTS_PAGE_MAX}`)
    .optional()
    .transform((s) => (s === undefined ? EVENTS_PAGE_DEFAULT : Number(s)))
    .refine((n) => n >= 1 && n <= EVENTS_PAGE_MAX, `must be a number from 1 to ${EVENTS_PAGE_MAX}`),
});
