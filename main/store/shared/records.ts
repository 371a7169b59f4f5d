import type { Receipt } from '../../base/wire/index.js';

/**
 * Rows as the store hands them out. Decimals are canonical text (see decimal.ts), times ISO 8601 UTC.
 * These are the store's own shapes: wire shapes are mapped at the edges (methods, POS API, views).
 */
export type BillState = 'OPEN' | 'PAID' | 'CLOSED';
export type PaymentState = 'STARTED' | 'PROCESSED' | 'PAID' | 'CANCELLED';

/** The waiter a bill, a table or a payment is under, as the POS names them (migration 016). */
export interface Waiter {
  id: string;
  name: string | null;
}

export interface TableRecord {
  id: string;
  name: string;
  area: string | null;
}

export interface ItemRecord {
  id: string;
  position: number;
  name: string;
  price: string;
  quantity: string;
  minQuantity: string;
  tags: string[];
  paidQuantity: string;
  lockedQuantity: string;
}

/** A bill line as a payment moves it, settles the bill and totals it: no name, tags or position. */
export type LineCounts = Pick<ItemRecord, 'id' | 'price' | 'quantity' | 'paidQuantity' | 'lockedQuantity'>;
/** A bill with only its lines' counts: all a table's state and due need (the Tables grid reads every active bill). */
export type BillWithCounts = BillRecord & { items: LineCounts[] };

export interface BillRecord {
  id: string;
  tableId: string;
  name: string | null;
  currency: string;
  state: BillState;
  allowTip: boolean;
  allowPartialPayment: boolean;
  denyDiscounts: boolean;
  additionalData: unknown;
  /** The waiter the POS named for the bill; null: the table's (its default), if any. */
  waiter: Waiter | null;
  created: string;
  updated: string;
}

export interface BillWithItems extends BillRecord {
  items: ItemRecord[];
}

export interface PaymentItemRecord {
  itemId: string;
  name: string;
  quantity: string;
  price: string;
}

/**
 * How a payment that was not paid ended (migration 019): the guest's card or the guest refused
 * (declined), it was called off after the card was processed (cancelled), we released a lock the
 * service never closed (timed_out), the service ended it without telling us (abandoned), or it
 * was paid and then refunded.
 */
export type PaymentEnding = 'declined' | 'cancelled' | 'timed_out' | 'abandoned' | 'refunded';

/** How a close reached the store: the service's paymentClosed, or our own look-up of a payment it never closed with us. */
export type CloseRoute = 'paymentClosed' | 'lookup';

export interface PaymentRecord {
  id: string;
  billId: string;
  state: PaymentState;
  /** The service's final state text when it was not PAID ("CANCELLED", "DECLINED", ...), or ours ("LOCK_EXPIRED"). */
  closedState: string | null;
  /** Our word for how it ended when not paid (migration 019); null while open or once paid. */
  ending: PaymentEnding | null;
  captureMode: 'auto' | 'manual';
  captured: boolean;
  /** Written at paymentProcessed (or for a postponed receipt), as answered to the service. */
  receipt: Receipt | null;
  amount: string;
  tip: string;
  currency: string;
  provider: string | null;
  created: string;
  processedAt: string | null;
  closedAt: string | null;
  lockedAt: string | null;
  items: PaymentItemRecord[];
}

/** One entry of the append-only event log: the outbox of the renderer and the local POS API. */
export interface StoreEvent {
  seq: number;
  at: string;
  kind: EventKind;
  tableId: string | null;
  billId: string | null;
  paymentId: string | null;
  data: Record<string, unknown>;
}

export type EventKind =
  | 'table.upserted'
  | 'table.deleted'
  | 'bill.updated'
  | 'bill.paid'
  | 'bill.closed'
  | 'payment.started'
  | 'payment.processed'
  | 'payment.paid'
  | 'payment.cancelled'
  | 'payment.refunded'
  | 'payment.captured'
  | 'service.error'
  // The POS gave a payment's fiscal receipt; data.delivery pending | delivered | refused
  | 'payment.receipt'
  // Data carries orderId / status
  | 'menu.updated'
  | 'orders.paused'
  | 'order.created'
  | 'order.status'
  | 'order.paid'
  | 'order.closed'
  // The service accepted a queued staff decision (data.sent = its status).
  | 'order.sent'
  // Needs attention: data carries entryId, kind, action / code
  | 'attention.resolved'
  | 'refund.refused'
  // Waiters' phones: data carries deviceId, deviceName (and role / action / kind); never a secret
  | 'staff.paired'
  | 'staff.revoked'
  | 'staff.action'
  | 'staff.call';

export type NewEvent = Omit<StoreEvent, 'seq' | 'at'>;

export interface PutBillInput {
  id: string;
  tableId: string;
  name?: string | null;
  currency: string;
  items: { id: string; name: string; price: string; quantity: string; minQuantity?: string; tags?: string[] }[];
  allowTip?: boolean;
  allowPartialPayment?: boolean;
  denyDiscounts?: boolean;
  additionalData?: unknown;
  /** Absent or null: none named (the table's applies). */
  waiter?: { id: string; name?: string | null | undefined } | null | undefined;
}

/** Closed payment states: repeated calls for these change nothing. */
export function isPending(state: PaymentState): boolean {
  return state === 'STARTED' || state === 'PROCESSED';
}
