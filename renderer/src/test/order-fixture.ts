// Guest orders as main sends them, times relative to `now`.
import type { OrderDecision, OrderStatus, OrderView } from '../../../preload/contract';

const iso = (ms: number) => new Date(ms).toISOString();

/** What main sends as an order's next steps (main/store/orders-and-menu/order-rules.ts decides; this is a fixture). */
const STEPS: Record<OrderStatus, OrderDecision[]> = {
  NEW: ['ACCEPTED', 'REJECTED'],
  ACCEPTED: ['PREPARING', 'READY', 'COMPLETE'],
  PREPARING: ['READY', 'COMPLETE'],
  READY: ['COMPLETE'],
  COMPLETE: [],
  REJECTED: [],
  CANCELLED: [],
};

export function orderFixture(now: number, over: Partial<OrderView> & { id: string }): OrderView {
  const created = over.created ?? iso(now - 60_000);
  const status = over.status ?? 'NEW';
  return {
    deliveryType: 'toBill',
    tableId: 't5',
    tableName: '5',
    billId: 'b5',
    pickupAt: null,
    items: [
      { id: 'm1', name: 'Pilsner', price: '54', quantity: '2', lineTotal: '108', note: null },
      { id: 'm2', name: 'Goulash', price: '216', quantity: '1', lineTotal: '216', note: 'no onion' },
    ],
    note: 'We sit outside',
    customerName: null,
    currency: 'CZK',
    total: '324',
    status,
    rejectReason: null,
    closedState: null,
    paid: false,
    created,
    updated: created,
    overdueAt: status === 'NEW' ? iso(Date.parse(created) + 8 * 60_000) : null,
    unsentStatuses: 0,
    cancelsAt: status === 'NEW' && (over.closedState ?? null) === null ? iso(Date.parse(created) + 10 * 60_000) : null,
    nextSteps: (over.closedState ?? null) === null ? STEPS[status] : [],
    ...over,
  };
}

/** The order as main sends it after a staff decision: its next steps follow the new status. */
export function withStatus(order: OrderView, status: OrderStatus, over: Partial<OrderView> = {}): OrderView {
  return { ...order, status, cancelsAt: status === 'NEW' ? order.cancelsAt : null, nextSteps: order.closedState === null ? STEPS[status] : [], ...over };
}
