import type { MenuEntry, OrderDecision, OrderView } from '../../../preload/contract.js';
import { canMove, dec, money, type MenuRecord, type OrderRecord, type ReadTx } from '../../store/index.js';

/** A NEW order shows as overdue this long after it came: 2 minutes before the service's 10-minute cancel. */
export const ORDER_OVERDUE_MS = 8 * 60 * 1000;

/** The service closes an order nobody answered this long after it came (PROTOCOL.md §5, the sandbox's clock). */
export const SERVICE_CANCELS_AFTER_MS = 10 * 60 * 1000;

/** Every staff decision in the order the inbox shows its buttons; the store's rules say which apply. */
const DECISIONS: readonly OrderDecision[] = ['ACCEPTED', 'PREPARING', 'READY', 'COMPLETE', 'REJECTED'];

/** The decisions the staff may take next: none once the service has closed the order. */
function nextSteps(o: OrderRecord): OrderDecision[] {
  return o.closedState === null ? DECISIONS.filter((d) => canMove(o.status, d)) : [];
}

interface ReadSource {
  read: ReadTx;
}

export function toOrderView(o: OrderRecord, tableName: string | null, unsent: number): OrderView {
  return {
    id: o.id,
    deliveryType: o.deliveryType,
    tableId: o.tableId,
    tableName,
    billId: o.billId,
    pickupAt: o.pickupAt,
    items: o.items.map((l) => ({
      id: l.id,
      name: l.name,
      price: money(l.price),
      quantity: l.quantity,
      lineTotal: money(dec(l.price).times(l.quantity)),
      note: l.note,
    })),
    note: o.note,
    customerName: o.customerName,
    currency: o.currency,
    total: money(o.total),
    status: o.status,
    rejectReason: o.rejectReason,
    closedState: o.closedState,
    paid: o.receipt !== null,
    created: o.created,
    updated: o.updated,
    overdueAt: o.status === 'NEW' ? new Date(Date.parse(o.created) + ORDER_OVERDUE_MS).toISOString() : null,
    cancelsAt: o.status === 'NEW' && o.closedState === null ? new Date(Date.parse(o.created) + SERVICE_CANCELS_AFTER_MS).toISOString() : null,
    nextSteps: nextSteps(o),
    unsentStatuses: unsent,
  };
}

function unsentByOrder(read: ReadTx): Map<string, number> {
  const counts = new Map<string, number>();
  for (const p of read.orders.pendingPushes()) counts.set(p.orderId, (counts.get(p.orderId) ?? 0) + 1);
  return counts;
}

export function orderView({ read }: ReadSource, id: string): OrderView | null {
  const o = read.orders.get(id);
  if (!o) return null;
  const table = o.tableId === null ? null : read.tables.get(o.tableId);
  return toOrderView(o, table?.name ?? null, unsentByOrder(read).get(id) ?? 0);
}

/** Orders in arrival order, optionally of one status. */
export function orderViews({ read }: ReadSource, filter: { status?: OrderRecord['status'] | undefined } = {}): OrderView[] {
  const unsent = unsentByOrder(read);
  const names = new Map<string, string>();
  return read.orders.list(filter).map((o) => {
    let name: string | null = null;
    if (o.tableId !== null) {
      name = names.get(o.tableId) ?? read.tables.get(o.tableId)?.name ?? null;
      if (name !== null) names.set(o.tableId, name);
    }
    return toOrderView(o, name, unsent.get(o.id) ?? 0);
  });
}

/** The inbox: open orders, and closed ones of the last `sinceMs` (the day's history). */
export function inboxViews(source: ReadSource, sinceIso: string): OrderView[] {
  return orderViews(source).filter((o) => (o.closedState === null && !['COMPLETE', 'REJECTED', 'CANCELLED'].includes(o.status)) || o.updated >= sinceIso);
}

/** The store's menu as the bill's "add item" list (and the Menu view): one entry per item. */
export function menuEntries(menus: MenuRecord[]): MenuEntry[] {
  return menus.flatMap((m) =>
    m.items.map((i): MenuEntry => ({
      id: i.id,
      name: i.name,
      price: money(i.price),
      category: i.category ?? m.name,
      available: i.available,
      menuId: m.id,
      description: i.description,
      tags: i.tags,
    })),
  );
}

export function menuEntry({ read }: ReadSource, id: string): MenuEntry | null {
  const item = read.menu.item(id);
  if (!item) return null;
  const menu = read.menu.menus().find((m) => m.id === item.menuId);
  return menuEntries([{ id: item.menuId, name: menu?.name ?? '', items: [item] }])[0] ?? null;
}
