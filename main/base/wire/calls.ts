import { z } from 'zod';
import { ErrorBody, Id } from './primitives.js';
import { Order, ORDER_CLOSE_STATES } from './orders.js';
import { Payment } from './records.js';

/** Service -> POS (and POS -> service over WebSocket). uuid null = no answer expected. */
export const MethodCallRequest = z.object({
  uuid: z.string().nullable(),
  method: z.string().min(1),
  args: z.array(z.unknown()).optional().default([]),
});
export type MethodCallRequest = z.infer<typeof MethodCallRequest>;

/** `items`: the menu item ids at fault of ITEM_UNAVAILABLE (docs/PROTOCOL.md §5). */
export const MethodError = z.object({ code: z.string(), message: z.string(), items: z.array(z.string()).optional() });
export type MethodError = z.infer<typeof MethodError>;

/** MethodCallResponse (ours for the error form): exactly one of result / error. */
export const MethodCallResponse = z.union([
  z.object({ uuid: z.string().nullable(), error: MethodError }),
  z.object({ uuid: z.string().nullable(), result: z.unknown() }).transform((r) => ({ uuid: r.uuid, result: r.result ?? null })),
]);
export type MethodCallResponse = { uuid: string | null; result: unknown } | { uuid: string | null; error: MethodError };

export const KEEPALIVE: MethodCallRequest = { uuid: null, method: 'noop', args: [] };

/** Error codes of method calls: doc codes and ours (docs/PROTOCOL.md §2). */
export const METHOD_ERROR = {
  BILL_NOT_FOUND: 'BILL_NOT_FOUND',
  BILL_CLOSED: 'BILL_CLOSED',
  BILL_LOCKED: 'BILL_LOCKED',
  ITEMS_CHANGED: 'ITEMS_CHANGED',
  PAYMENT_NOT_FOUND: 'PAYMENT_NOT_FOUND',
  METHOD_NOT_SUPPORTED: 'METHOD_NOT_SUPPORTED',
  INVALID_ARGUMENTS: 'INVALID_ARGUMENTS',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  TIMEOUT: 'TIMEOUT',
  // See docs/PROTOCOL.md §5.
  ITEM_UNAVAILABLE: 'ITEM_UNAVAILABLE',
  TABLE_NOT_FOUND: 'TABLE_NOT_FOUND',
  ORDERS_PAUSED: 'ORDERS_PAUSED',
  ORDER_NOT_FOUND: 'ORDER_NOT_FOUND',
  ORDER_CLOSED: 'ORDER_CLOSED',
  // getPostponedReceipt before the main POS gave the fiscal receipt (ours)
  RECEIPT_NOT_READY: 'RECEIPT_NOT_READY',
} as const;
export type MethodErrorCode = (typeof METHOD_ERROR)[keyof typeof METHOD_ERROR];

/** Arguments of every POS method, tolerant of extra trailing arguments. idCustomer is deprecated and usually null. */
const customer = z.string().nullable().optional().default(null);
export const METHOD_ARGS = {
  noop: z.tuple([]).rest(z.unknown()),
  getTableList: z.tuple([]).rest(z.unknown()),
  getTableContents: z.tuple([Id, customer]).rest(z.unknown()),
  getBill: z.tuple([Id, customer]).rest(z.unknown()),
  paymentStart: z.tuple([Payment]).rest(z.unknown()),
  paymentProcessed: z.tuple([Id]).rest(z.unknown()),
  paymentClosed: z.tuple([Id, z.string().min(1)]).rest(z.unknown()),
  getPostponedReceipt: z.tuple([Id]).rest(z.unknown()),
  error: z.tuple([ErrorBody.or(z.unknown())]).rest(z.unknown()),
  // See docs/PROTOCOL.md §5.
  getMealMenus: z.tuple([]).rest(z.unknown()),
  orderPrepare: z.tuple([Order]).rest(z.unknown()),
  orderStart: z.tuple([Order]).rest(z.unknown()),
  orderMarkAsPaid: z.tuple([Id, Payment]).rest(z.unknown()),
  orderClose: z.tuple([Id, z.enum(ORDER_CLOSE_STATES)]).rest(z.unknown()),
} as const;
export type PosMethod = keyof typeof METHOD_ARGS;
export const POS_METHODS = Object.keys(METHOD_ARGS) as PosMethod[];
export type MethodArgs<M extends PosMethod> = z.infer<(typeof METHOD_ARGS)[M]>;
