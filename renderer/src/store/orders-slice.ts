// Guest orders by id, the "pause orders" switch, and the menu's live updates
// (the menu itself lives in the bills slice, which the bill's "add item" reads).
import type { CompanionEvent, MenuEntry, OrderView, Snapshot } from '../../../preload/contract';

export interface OrdersSlice {
  orders: Record<string, OrderView>;
  ordersPaused: boolean;
}

export const initialOrders: OrdersSlice = { orders: {}, ordersPaused: false };

export function ordersFromSnapshot(s: Snapshot): OrdersSlice {
  return { orders: Object.fromEntries((s.orders ?? []).map((o) => [o.id, o])), ordersPaused: s.ordersPaused ?? false };
}

export function applyOrdersEvent(state: OrdersSlice, e: CompanionEvent): (Partial<OrdersSlice> & { menu?: MenuEntry[] }) | null {
  if (e.type === 'order') {
    const known = state.orders[e.order.id];
    // A late copy of an older state must not undo a newer one.
    if (known && known.updated > e.order.updated) return null;
    return { orders: { ...state.orders, [e.order.id]: e.order } };
  }
  if (e.type === 'menu') return { menu: e.menu, ordersPaused: e.ordersPaused };
  return null;
}

/** Orders waiting for Accept or Reject: the Orders tab's count. */
export function newOrderCount(orders: Record<string, OrderView>): number {
  let n = 0;
  for (const o of Object.values(orders)) if (o.status === 'NEW' && o.closedState === null) n += 1;
  return n;
}
