import type { Order, OrderItem, Payment, Receipt } from '../../main/base/wire/index.js';
import type { GuestStep } from './guest-schemas.js';

/**
 * What the sandbox keeps of guest orders (docs/PROTOCOL.md §5): the staff statuses the POS sent for
 * each order id, counted (an order's status is sent once: a test reads the counts), and for the
 * orders a simulated guest placed, the guest's side of the flow.
 */
export const STAFF_STATUSES = ['ACCEPTED', 'PREPARING', 'READY', 'COMPLETE', 'REJECTED'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

/** An order not accepted or rejected this long after orderStart is cancelled (ours, docs/PROTOCOL.md §5). */
export const ORDER_DECISION_MS = 10 * 60_000;

export interface ReceivedStatus {
  status: StaffStatus;
  reason: string | null;
  /** Sandbox clock, ISO. */
  at: string;
}

/** Why the service closed the order. */
export type CloseCause =
  | 'COMPLETE' // the staff said COMPLETE
  | 'REJECTED' // the staff rejected it
  | 'NO_DECISION' // neither accepted nor rejected within ORDER_DECISION_MS
  | 'POS_FAILED' // orderStart or orderMarkAsPaid failed or went unanswered
  | 'DECLINED'; // the guest's card was declined (pickup)

/** A guest order placed through POST /sandbox/guest/order. */
export interface GuestOrder {
  /** The order as sent in orderStart (priced by the POS's orderPrepare answer). */
  order: Order;
  /** orderPrepare's answer: the lines and total the POS priced. */
  prepared: { items: OrderItem[]; total: string; message?: string } | null;
  billId: string | null;
  /** placed: started, waiting for the staff; accepted: the staff said ACCEPTED (or later); closed: orderClose sent. */
  phase: 'placed' | 'accepted' | 'closed';
  /** Prepaid (pickup) orders: the guest's payment; its state becomes REFUNDED when the order is cancelled. */
  payment: Payment | null;
  receipt: Receipt | null;
  closed: { state: 'COMPLETED' | 'CANCELLED'; cause: CloseCause; at: string } | null;
  /** Sandbox clock ms of orderStart and the decision deadline. */
  startedMs: number;
  decideByMs: number;
  steps: GuestStep[];
  /** The `repeat-order-calls` fault was taken for this order: orderStart, orderMarkAsPaid and orderClose go twice. */
  repeatCalls: boolean;
}

export interface ServiceOrder {
  idOrder: string;
  restaurantId: string;
  /** The last status the POS sent; null before any. */
  status: StaffStatus | null;
  /** Every status the service accepted, in order (a duplicate shows twice). */
  received: ReceivedStatus[];
  /** How many times each status arrived. */
  counts: Partial<Record<StaffStatus, number>>;
  /** Present when a simulated guest placed the order. */
  guest: GuestOrder | null;
}

export function newServiceOrder(idOrder: string, restaurantId: string, guest: GuestOrder | null = null): ServiceOrder {
  return { idOrder, restaurantId, status: null, received: [], counts: {}, guest };
}
