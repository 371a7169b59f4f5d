import type { Logger } from '../../base/log.js';
import { StoreError, type OrdersStore, type MenuRecord, type OrderLine } from '../../store/index.js';
import type { MethodArgs, MenuItem } from '../../base/wire/index.js';
import { ok } from '../bills/method-outcome.js';
import type { MethodOutcome } from '../../base/method-types.js';

/**
 * The menu and order methods (docs/PROTOCOL.md §5). Store refusals (ITEM_UNAVAILABLE with the item ids,
 * ORDERS_PAUSED, TABLE_NOT_FOUND, ORDER_NOT_FOUND) become method errors in the dispatcher; every
 * write is idempotent by order id, so a retried call applies once.
 */

/** A stored menu in the wire's shape (also the body of update-menus). */
export function wireMenus(menus: MenuRecord[]): { id: string; name: string; items: MenuItem[] }[] {
  return menus.map((m) => ({
    id: m.id,
    name: m.name,
    items: m.items.map((i) => {
      const item: MenuItem = { id: i.id, name: i.name, price: i.price, tags: i.tags, available: i.available };
      if (i.category !== null) item.category = i.category;
      if (i.description !== null) item.description = i.description;
      return item;
    }),
  }));
}

export function getMealMenus(store: OrdersStore): MethodOutcome {
  return ok({ menus: wireMenus(store.menus()) });
}

/** The restaurant has one currency: an order in another is refused before anything is priced or stored. */
function checkCurrency(order: { currency: string }, currency: string): void {
  if (order.currency !== currency) throw new StoreError('INVALID', { reason: 'order-currency', currency: order.currency, expected: currency }, 'currency');
}

export function orderPrepare(
  price: (order: MethodArgs<'orderPrepare'>[0]) => { items: OrderLine[]; total: string },
  currency: string,
  [order]: MethodArgs<'orderPrepare'>,
): MethodOutcome {
  checkCurrency(order, currency);
  const { items, total } = price(order);
  return ok({ items: items.map((l) => (l.note === null ? { id: l.id, name: l.name, price: l.price, quantity: l.quantity } : l)), total });
}

export function orderStart(store: OrdersStore, log: Logger, currency: string, [order]: MethodArgs<'orderStart'>): MethodOutcome {
  checkCurrency(order, currency);
  const { order: o, repeated } = store.startOrder(order);
  log.info(
    { orderId: o.id, billId: o.billId, tableId: o.tableId, delivery: o.deliveryType, total: o.total, repeated },
    repeated ? 'order start repeated' : 'order started',
  );
  return ok(o.billId === null ? { idOrder: o.id } : { idOrder: o.id, billId: o.billId });
}

export function orderMarkAsPaid(store: OrdersStore, log: Logger, [orderId, payment]: MethodArgs<'orderMarkAsPaid'>): MethodOutcome {
  const { receipt, repeated } = store.markOrderPaid(orderId, payment);
  log.info({ orderId, paymentId: payment.id, serial: receipt.receiptInfo.serial, repeated }, repeated ? 'order paid repeated' : 'order paid: receipt answered');
  return ok(receipt);
}

export function orderClose(store: OrdersStore, log: Logger, [orderId, state]: MethodArgs<'orderClose'>): MethodOutcome {
  const { changed, order } = store.closeOrder(orderId, state);
  if (!order) log.warn({ orderId, state }, 'orderClose for an unknown order: nothing to change');
  else log.info({ orderId, state, changed, billId: order.billId }, changed ? 'order closed' : 'orderClose repeated: nothing changed');
  return ok(null);
}
