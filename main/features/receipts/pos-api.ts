import { z } from 'zod';
import type { PosApiStore } from '../bills/pos-api-contract.js';
import type { PaymentReceiptView } from '../../../preload/contract.js';
import { isStoreError } from '../../store/index.js';
import { storeErrorMessage } from '../../base/store-error-english.js';
import { defineRoute, documented, HttpError, named, type Route } from '../../base/http-route.js';
import { Id } from '../../base/wire/index.js';
import { DateTime, Price, Quantity } from '../bills/pos-api-contract.js';
import { receiptMismatch } from './receipt-match.js';
import { receiptView } from './receipt-view.js';

/**
 * The fiscal receipt the main POS gives for a POSTPONED payment (PUT /v1/payments/{id}/receipt),
 * in the interface document's Receipt shape. Checked like every POS API body: money with at most
 * 2 places, quantities 3, never rounded; a bad field is a 400 naming it. Unknown fields are dropped.
 */
const ReceiptLine = z.object({
  id: Id,
  name: z.string().min(1, 'must not be empty').max(500),
  price: Price,
  quantity: Quantity,
  tags: z.array(z.string().max(100)).max(50).optional().default([]),
});

const Timestamp = documented(
  z
    .string()
    .max(64)
    .refine((s) => /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(s) && !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 time such as "2026-11-22T21:15:00+01:00"'),
  { format: 'date-time' },
);

export const ReceiptInput = named(
  'ReceiptInput',
  z.object({
    receiptInfo: z.object({
      billName: z.string().max(500).nullable().optional(),
      timestamp: Timestamp,
      serial: z.string().min(1, 'must not be empty').max(100),
    }),
    items: z.array(ReceiptLine).min(1, 'must list at least one item').max(1000),
    taxInfo: z.array(z.unknown()).max(100).optional().default([]),
    /** The fiscal authority's data (signature codes, numbers): kept and sent as given. */
    fiscalInfo: documented(z.unknown(), { description: 'The fiscal data (codes, signatures), kept and sent as given' }).optional().default(null),
    receiptDeliveryType: z.enum(['QERKO_GENERATED', 'EMAIL', 'POSTPONED']).optional().default('POSTPONED'),
    finalPrice: Price.optional(),
  }),
);

export const PaymentReceiptResponse = named(
  'PaymentReceiptView',
  z.object({
    paymentId: z.string(),
    tableName: z.string().nullable(),
    billName: z.string().nullable(),
    source: documented(z.enum(['companion', 'pos']), { description: 'pos: the fiscal receipt the main POS gave' }),
    receiptDeliveryType: documented(z.string(), { description: 'What paymentProcessed answered: QERKO_GENERATED or POSTPONED' }),
    serial: z.string(),
    timestamp: z.string(),
    currency: z.string(),
    items: z.array(z.object({ name: z.string(), price: z.string(), quantity: z.string(), lineTotal: z.string() })),
    total: documented(z.string(), { description: 'What the items cost, tip apart (decimal string)' }),
    tip: z.string(),
    paid: documented(z.string(), { description: 'total + tip' }),
    fiscalInfo: z.unknown(),
    delivery: z.object({
      state: z.enum(['service', 'waiting-for-pos', 'sending', 'delivered', 'refused']),
      attempts: z.number().int(),
      lastError: documented(z.string().nullable(), { description: 'The last failed attempt: an HTTP status or NETWORK' }),
      receivedAt: DateTime.nullable(),
      deliveredAt: DateTime.nullable(),
    }),
  }),
);
export type PaymentReceiptResponse = z.infer<typeof PaymentReceiptResponse>;

export const toReceiptResponse = (v: PaymentReceiptView): PaymentReceiptResponse => ({
  paymentId: v.paymentId,
  tableName: v.tableName,
  billName: v.billName,
  source: v.source,
  receiptDeliveryType: v.receiptDeliveryType,
  serial: v.serial,
  timestamp: v.timestamp,
  currency: v.currency,
  items: v.items.map((i) => ({ name: i.name, price: i.price, quantity: i.quantity, lineTotal: i.lineTotal })),
  total: v.total,
  tip: v.tip,
  paid: v.paid,
  fiscalInfo: v.fiscalInfo,
  delivery: {
    state: v.delivery.state,
    attempts: v.delivery.attempts,
    lastError: v.delivery.lastError,
    receivedAt: v.delivery.receivedAt,
    deliveredAt: v.delivery.deliveredAt,
  },
});

/** The store's refusals keep their own code (NOT_POSTPONED, RECEIPT_ALREADY_GIVEN, PAYMENT_NOT_PAID): the POS acts on it. */
function refusal(e: unknown): never {
  if (!isStoreError(e)) throw e;
  const code = e.code === 'PAYMENT_NOT_FOUND' ? 'NOT_FOUND' : e.code;
  throw new HttpError(e.status, code, storeErrorMessage(e), e.field);
}

function requireReceipt(store: PosApiStore, id: string): PaymentReceiptResponse {
  const view = receiptView(store, id);
  if (!view) throw new HttpError(404, 'NOT_FOUND', `Payment ${id} does not exist or has no receipt yet.`);
  return toReceiptResponse(view);
}

const PaymentIdParams = z.object({ id: documented(z.string(), { description: "The payment id (PaymentView.id, the event's paymentId)" }) });

const route = defineRoute<PosApiStore>();

/** Receipts from the main POS: the POSTPONED flow's endpoint, and any payment's receipt. */
export const receiptRoutes: Route<PosApiStore>[] = [
  route({
    method: 'GET',
    path: '/v1/payments/{id}/receipt',
    summary: "A payment's receipt: the main POS's fiscal receipt when it gave one, else the companion's",
    params: PaymentIdParams,
    responses: { 200: { description: 'The receipt and its delivery', body: PaymentReceiptResponse } },
    errors: { 404: 'No such payment, or it has no receipt yet (not processed)' },
  })(({ store }, { params }) => ({ status: 200, body: requireReceipt(store, params.id!) })),
  route({
    method: 'PUT',
    path: '/v1/payments/{id}/receipt',
    summary: 'Give the fiscal receipt of a POSTPONED payment (receiptMode POSTPONED)',
    description:
      'With the setting receiptMode = POSTPONED, paymentProcessed answers the service a receipt with receiptDeliveryType POSTPONED and the ' +
      'main POS makes the fiscal receipt. The POS learns of the payment from GET /v1/events: a `payment.processed` event with ' +
      '`data.receiptDeliveryType` = "POSTPONED" (then `payment.paid`). It PUTs the receipt here; the companion stores it, answers the ' +
      "service's getPostponedReceipt with it, and sends it with provide-payment-receipt, retried with backoff (1 s doubling to 60 s) until the " +
      'service accepts it, also across restarts. Each step is a `payment.receipt` event (`data.delivery`: pending, delivered, refused). ' +
      'The same receipt again is answered 200 and changes nothing.',
    params: PaymentIdParams,
    body: ReceiptInput,
    responses: {
      201: { description: 'Stored; on its way to the service', body: PaymentReceiptResponse },
      200: { description: 'The same receipt was already stored: nothing changed', body: PaymentReceiptResponse },
    },
    errors: {
      400: 'Bad input; `field` names it (e.g. items[0].price)',
      404: 'No such payment: code NOT_FOUND',
      422:
        "RECEIPT_MISMATCH: the receipt is not this payment's: a line names an item the payment did not pay, by neither id nor name (`field` items[i].id), or the " +
        "lines (`field` items) or finalPrice add up to other than the payment's amount, tip apart, to the last decimal; the message names " +
        'the difference. Nothing is stored or sent',
      409:
        'NOT_POSTPONED: the payment does not wait for a receipt from the POS (its receipt is QERKO_GENERATED, or it is not processed yet); ' +
        'RECEIPT_ALREADY_GIVEN: another receipt was given for it; PAYMENT_NOT_PAID: it ended unpaid',
    },
  })(({ store }, { params, body: receipt }) => {
    // Checked only where the POS's receipt is awaited: the store's own refusals (409) keep their codes.
    const payment = store.getPayment(params.id!);
    const mismatch = payment?.receipt?.receiptDeliveryType === 'POSTPONED' ? receiptMismatch(payment, receipt) : null;
    if (mismatch) throw new HttpError(422, 'RECEIPT_MISMATCH', mismatch.message, mismatch.field);
    let repeated: boolean;
    try {
      repeated = store.giveReceipt(params.id!, receipt).repeated;
    } catch (e) {
      refusal(e);
    }
    const body = requireReceipt(store, params.id!);
    return repeated ? { status: 200, body } : { status: 201, body };
  }),
];
