import { Decimal } from 'decimal.js';
import { z } from 'zod';
import type { BillView, PaymentView, TableView } from '../../../preload/contract.js';
import type { AttentionStore, BillsStore, EventsStore, OrdersStore, PaymentsStore, ReceiptsStore, StoreEngine, TableRecord } from '../../store/index.js';
import { documented, named } from '../../base/http-route.js';
import { Currency, Id, jsonBytes, MAX_ADDITIONAL_DATA_BYTES, MAX_BILL_BYTES, MAX_BILL_ITEMS, MAX_ITEM_NAME_CHARS, Settlement } from '../../base/wire/index.js';

/** The store domains the POS API's routes read and write (every feature's routes take this one store). */
export type PosApiStore = BillsStore & PaymentsStore & OrdersStore & ReceiptsStore & AttentionStore & EventsStore & StoreEngine;

/**
 * The POS API's contract for tables and bills: its bodies and queries (unknown fields are accepted
 * and dropped, z.object strips) and its answers, which are its own types mapped field by field from
 * the read model, so a change to a screen's view does not change /v1. Every number is checked, never
 * rounded: a value we would have to round or that a payment could not carry is refused with 400
 * naming its field, so no stored bill can break a payment later.
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
  const schema = z.string().superRefine((text, ctx) => {
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
  return documented(schema, {
    pattern: valid.source,
    description: `A decimal string, at most ${places} decimal places`,
    examples: [places === PRICE_PLACES ? '62.50' : '0.5'],
  });
}

export const Price = decimalWith(PRICE_PLACES);
export const Quantity = decimalWith(QUANTITY_PLACES);

/** Path parameter of a table's, bill's or item's id. */
export const IdParams = z.object({ id: documented(z.string(), { description: 'The id (URL-encoded)' }) });

// --- requests ---------------------------------------------------------------------------------

// A place on the floor plan, as fractions of the plan's width and height.
const PlanFraction = z.number().min(0, 'must be from 0 to 1 (a fraction of the plan)').max(1, 'must be from 0 to 1 (a fraction of the plan)');
export const PlanPosition = named(
  'PlanPosition',
  z.object({ x: PlanFraction, y: PlanFraction }),
  "The table's centre on the floor plan as fractions of the plan: x from the left edge (0) to the right edge (1), y from the top (0) to the bottom (1). Fractions, not pixels or grid units: the plan is drawn at any screen size.",
);

/** DELETE /v1/bills/{id} takes an optional body saying how an amount still due was settled. */
export const CloseBillInput = named('CloseBillInput', z.object({ settlement: Settlement.optional() }));

/** The waiter of a bill or table, as the POS knows them: the day report's sales and tips per waiter. */
export const WaiterInput = named(
  'WaiterInput',
  z.object({
    id: Id,
    name: documented(z.string().max(200), { description: 'As printed on the day report; absent: the id is shown' }).optional(),
  }),
  "The waiter serving the bill (or, on a table, the default of its bills that name none). A payment keeps the waiter it started under; a bill settled at its close keeps the bill's waiter then.",
);

export const TableInput = named(
  'TableInput',
  z.object({
    name: z.string().min(1, 'must not be empty').max(200),
    area: z.string().max(200).nullable().optional(),
    position: PlanPosition.nullable().optional(),
    waiter: documented(WaiterInput.nullable(), { description: "The default waiter of the table's bills that name none; absent or null: none" }).optional(),
  }),
);

export const BillItemInput = named(
  'BillItemInput',
  z.object({
    id: Id,
    name: z.string().max(MAX_ITEM_NAME_CHARS),
    price: Price,
    quantity: Quantity,
    minQuantity: documented(Quantity, { description: 'At most 3 decimal places', default: '1' }).optional(),
    tags: z.array(z.string().max(100)).max(50).optional(),
  }),
);

/** Digits before the decimal point of a checked decimal string. */
const integerDigits = (text: string) => {
  const dot = text.indexOf('.');
  return dot < 0 ? text.length : dot;
};
/** Lines (at most BillInput's MAX_BILL_ITEMS, 2,000 < 10^4) each below 10^11 cannot reach 10^15 together. */
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
  if (total.greaterThanOrEqualTo(WIRE_LIMIT))
    ctx.addIssue({ code: 'custom', path: ['items'], message: `the bill total must stay under 10^${WIRE_INTEGER_DIGITS}` });
}

export const BillInput = named(
  'BillInput',
  z
    .object({
      tableId: Id,
      name: z.string().max(200).nullable().optional(),
      currency: Currency,
      waiter: documented(WaiterInput.nullable(), { description: "The bill's waiter; absent or null: the table's, if it has one" }).optional(),
      items: documented(z.array(BillItemInput).max(MAX_BILL_ITEMS), {
        description: `At most ${MAX_BILL_ITEMS} lines; the bill as the payment service receives it must stay within ${MAX_BILL_BYTES} bytes of JSON (400 naming \`items\` otherwise).`,
      }),
      allowTip: documented(z.boolean(), { default: true }).optional(),
      allowPartialPayment: documented(z.boolean(), { default: true }).optional(),
      denyDiscounts: documented(z.boolean(), { default: false }).optional(),
      additionalData: documented(
        z
          .unknown()
          .refine((v) => jsonBytes(v) <= MAX_ADDITIONAL_DATA_BYTES, `must be at most ${MAX_ADDITIONAL_DATA_BYTES} bytes as JSON`)
          .optional(),
        { description: `Any JSON passed to the payment service with the bill, at most ${MAX_ADDITIONAL_DATA_BYTES} bytes serialized.` },
      ),
    })
    .superRefine((bill, ctx) => checkTotals(bill.items, ctx)),
);

export const BILLS_PAGE_DEFAULT = 200;
export const BILLS_PAGE_MAX = 1000;

/** Bills come in pages (bill-id order): `after` is the last id of the previous page. */
export const BillsQuery = z.object({
  tableId: Id.optional(),
  state: z.enum(['OPEN', 'PAID', 'CLOSED']).optional(),
  after: documented(Id, { description: 'Last bill id of the previous page' }).optional(),
  limit: documented(z.string().regex(/^\d{1,4}$/, `must be a number from 1 to ${BILLS_PAGE_MAX}`), {
    description: `Page size, 1 to ${BILLS_PAGE_MAX} (default ${BILLS_PAGE_DEFAULT})`,
  })
    .optional()
    .transform((s) => (s === undefined ? BILLS_PAGE_DEFAULT : Number(s)))
    .refine((n) => n >= 1 && n <= BILLS_PAGE_MAX, `must be a number from 1 to ${BILLS_PAGE_MAX}`),
});

// --- answers ----------------------------------------------------------------------------------

export const Money = documented(z.string(), { description: 'Money with 2 decimal places', examples: ['125.00'] });
const DecimalText = documented(z.string(), { pattern: '^\\d{1,15}(\\.\\d{1,6})?$', examples: ['62.50'] });
export const DateTime = documented(z.string(), { format: 'date-time' });

export const TableResponse = named('Table', z.object({ id: z.string(), name: z.string(), area: z.string().nullable() }));
export type TableResponse = z.infer<typeof TableResponse>;

export const TableViewResponse = named(
  'TableView',
  z.object({
    id: z.string(),
    name: z.string(),
    area: z.string().nullable(),
    state: z.enum(['free', 'open', 'in-payment', 'partly-paid', 'paid']),
    due: Money,
    currency: z.string().nullable(),
    openBillIds: z.array(z.string()),
    order: documented(z.number().int(), { description: 'The order the table was first created in (1, 2, ...); lists are sorted by it.' }),
    position: PlanPosition.nullable(),
    lastPaid: documented(z.object({ amount: Money, currency: z.string(), at: DateTime }).nullable(), {
      description: "The table's latest paid payment (also on bills since closed).",
    }),
    lockedSince: documented(DateTime.nullable(), { description: 'Start of the oldest payment still holding items of this table.' }),
    awaitingCapture: documented(z.boolean(), { description: 'A manual-capture payment on this table is authorised and waits for capture.' }),
  }),
);
export type TableViewResponse = z.infer<typeof TableViewResponse>;

export const BillItemResponse = named(
  'BillItemView',
  z.object({
    id: z.string(),
    name: z.string(),
    price: Money,
    quantity: DecimalText,
    minQuantity: DecimalText,
    paidQuantity: DecimalText,
    lockedQuantity: DecimalText,
    lineTotal: Money,
    tags: z.array(z.string()),
    owner: documented(z.enum(['pos', 'guest']), {
      description:
        "`guest`: a line a guest ordered that the POS has not taken in yet (send it back with the same id in a PUT, or POST /v1/bills/{id}/take-in); `pos`: the POS's",
    }),
  }),
);

export const WaiterResponse = named(
  'Waiter',
  z.object({ id: z.string(), name: z.string().nullable() }),
  'A waiter as the POS named them (`name` null: show the id)',
);

export const BillResponse = named(
  'BillView',
  z.object({
    id: z.string(),
    tableId: z.string(),
    name: z.string().nullable(),
    currency: z.string(),
    state: z.enum(['OPEN', 'PAID', 'CLOSED']),
    items: z.array(BillItemResponse),
    totals: z.object({ total: Money, paid: Money, due: Money, tips: Money }),
    paymentIds: z.array(z.string()),
    waiter: documented(WaiterResponse.nullable(), { description: "The bill's own waiter as the POS sent it; null: none (its table's default then counts)" }),
    created: DateTime,
    updated: DateTime,
  }),
);
export type BillResponse = z.infer<typeof BillResponse>;

export const PaymentResponse = named(
  'PaymentView',
  z.object({
    id: z.string(),
    billId: z.string(),
    tableId: z.string().nullable(),
    tableName: z.string().nullable(),
    billName: z.string().nullable(),
    currency: z.string(),
    amount: documented(Money, { description: 'Items paid (without tip)' }),
    tip: Money,
    provider: z.string().nullable(),
    state: z.enum(['STARTED', 'PROCESSED', 'PAID', 'CANCELLED']),
    closedState: z.string().nullable(),
    captureMode: z.enum(['auto', 'manual']),
    captured: z.boolean(),
    created: DateTime,
    closedAt: DateTime.nullable(),
    cancellableUntil: DateTime.nullable(),
    items: z.array(z.object({ id: z.string(), name: z.string(), price: Money, quantity: DecimalText })),
  }),
);
export type PaymentResponse = z.infer<typeof PaymentResponse>;

export const BillDetailResponse = named(
  'BillDetail',
  BillResponse.extend({ payments: z.array(PaymentResponse) }),
  'A bill with its items, totals and payments',
);
export type BillDetailResponse = z.infer<typeof BillDetailResponse>;

/** A guest's line a PUT left out: it stays on the bill, the guest's, until the POS takes it in. */
export const KeptGuestLine = named(
  'KeptGuestLine',
  z.object({ id: z.string(), name: z.string(), orderId: z.string() }),
  "A line a guest ordered (id `<orderId>#<n>`) that the POS has not taken in: the PUT left it out, so it was kept after the POS's lines.",
);

export const PutBillResponse = named(
  'PutBillAnswer',
  BillDetailResponse.extend({
    guestLinesKept: documented(z.array(KeptGuestLine), {
      description:
        "Guest lines this PUT left out and Tableside kept (they are not yet the POS's): take them in by sending them (same ids) in the next PUT, or with POST /v1/bills/{id}/take-in.",
    }),
    guestLinesTakenIn: documented(z.array(z.string()), { description: "Guest line ids this PUT sent back: they are the POS's from now on." }),
  }),
  "The bill as stored after the PUT, and what happened to the guests' lines",
);

export const TakeInInput = named(
  'TakeInInput',
  z.object({ lineIds: documented(z.array(Id).min(1).max(MAX_BILL_ITEMS), { description: 'Ids of guest lines (from order.created `data.lines`)' }) }),
);

export const TakeInResponse = named(
  'TakeInAnswer',
  z.object({
    takenIn: documented(z.array(z.string()), { description: "Guest lines that are the POS's from now on" }),
    alreadyPos: documented(z.array(z.string()), { description: "Lines that were the POS's already (taken in before, or its own): nothing changed" }),
    notOnBill: documented(z.array(z.string()), { description: 'Ids not on this bill (e.g. the line of a cancelled order, which left it)' }),
  }),
);

// The answers are written field by field: a field added to a view for a screen stays off /v1.

export const toTableResponse = (t: TableRecord): TableResponse => ({ id: t.id, name: t.name, area: t.area });

export const toTableViewResponse = (v: TableView): TableViewResponse => ({
  id: v.id,
  name: v.name,
  area: v.area,
  state: v.state,
  due: v.due,
  currency: v.currency,
  openBillIds: v.openBillIds,
  order: v.order,
  position: v.position === null ? null : { x: v.position.x, y: v.position.y },
  lastPaid: v.lastPaid === null ? null : { amount: v.lastPaid.amount, currency: v.lastPaid.currency, at: v.lastPaid.at },
  lockedSince: v.lockedSince,
  awaitingCapture: v.awaitingCapture,
});

/** What the POS API adds to the cashier's bill view: the bill's waiter and which lines are still a guest's. */
export interface BillOwnership {
  waiter: { id: string; name: string | null } | null;
  guestLineIds: ReadonlySet<string>;
}

export const toBillResponse = (v: BillView, own: BillOwnership): BillResponse => ({
  id: v.id,
  tableId: v.tableId,
  name: v.name,
  currency: v.currency,
  state: v.state,
  items: v.items.map((i) => ({
    id: i.id,
    name: i.name,
    price: i.price,
    quantity: i.quantity,
    minQuantity: i.minQuantity,
    paidQuantity: i.paidQuantity,
    lockedQuantity: i.lockedQuantity,
    lineTotal: i.lineTotal,
    tags: i.tags,
    owner: own.guestLineIds.has(i.id) ? 'guest' : 'pos',
  })),
  totals: { total: v.totals.total, paid: v.totals.paid, due: v.totals.due, tips: v.totals.tips },
  paymentIds: v.paymentIds,
  waiter: own.waiter === null ? null : { id: own.waiter.id, name: own.waiter.name },
  created: v.created,
  updated: v.updated,
});

export const toPaymentResponse = (v: PaymentView): PaymentResponse => ({
  id: v.id,
  billId: v.billId,
  tableId: v.tableId,
  tableName: v.tableName,
  billName: v.billName,
  currency: v.currency,
  amount: v.amount,
  tip: v.tip,
  provider: v.provider,
  state: v.state,
  closedState: v.closedState,
  captureMode: v.captureMode,
  captured: v.captured,
  created: v.created,
  closedAt: v.closedAt,
  cancellableUntil: v.cancellableUntil,
  items: v.items.map((i) => ({ id: i.id, name: i.name, price: i.price, quantity: i.quantity })),
});
