import type { Order } from '../../base/wire/index.js';
import { canon, dec, sum } from '../shared/decimal.js';
import { positiveDecimal } from '../shared/input-checks.js';
import type { OrderLine, OrderState, StaffState } from '../shared/menu-order-records.js';
import { ORDERS_PAUSED } from './menu-ops.js';
import { StoreError } from '../../base/store-error.js';
import type { MenuReader } from '../repos/menu-repo.js';
import type { TablesReader } from '../repos/tables-repo.js';

/**
 * orderPrepare's checks, shared with orderStart: the kitchen is open, the table exists (toBill /
 * toTable), every line names an available menu item; each line is priced from the menu (the
 * guest's price is ignored: the POS decides). Reads only: it runs on every change a guest makes.
 */
/** What pricing reads: the store's readers, or a cache of them (main/features/orders/menu-cache.ts). */
export interface PriceSource {
  menu: Pick<MenuReader, 'flag' | 'item'>;
  tables: Pick<TablesReader, 'get'>;
}

export function priceOrder(read: PriceSource, order: Order): { items: OrderLine[]; total: string } {
  if (read.menu.flag(ORDERS_PAUSED) === 'true') throw new StoreError('ORDERS_PAUSED');
  const { type, idTable } = order.delivery;
  if (type !== 'byCustomer') {
    if (!idTable) throw new StoreError('TABLE_NOT_FOUND', { reason: 'missing', type }, 'delivery.idTable');
    if (!read.tables.get(idTable)) throw new StoreError('TABLE_NOT_FOUND', { tableId: idTable }, 'delivery.idTable');
  }
  const missing: string[] = [];
  const items: OrderLine[] = [];
  order.items.forEach((line, i) => {
    const item = read.menu.item(line.id);
    if (!item || !item.available) {
      if (!missing.includes(line.id)) missing.push(line.id);
      return;
    }
    const quantity = canon(positiveDecimal(line.quantity, `items[${i}].quantity`));
    items.push({ id: item.id, name: item.name, price: item.price, quantity, note: line.note ?? null });
  });
  if (missing.length > 0) {
    throw new StoreError('ITEM_UNAVAILABLE', { count: missing.length, items: missing.join(', ') }, 'items', missing);
  }
  return { items, total: canon(sum(items.map((l) => dec(l.price).times(l.quantity)))) };
}

const NEXT: Record<OrderState, readonly StaffState[]> = {
  NEW: ['ACCEPTED', 'REJECTED'],
  ACCEPTED: ['PREPARING', 'READY', 'COMPLETE'],
  PREPARING: ['READY', 'COMPLETE'],
  READY: ['COMPLETE'],
  COMPLETE: [],
  REJECTED: [],
  CANCELLED: [],
};

/** Whether the staff may move an order from `from` to `to` (the same status again is a no-op, checked before). */
export function canMove(from: OrderState, to: StaffState): boolean {
  return NEXT[from].includes(to);
}

export const isFinal = (s: OrderState): boolean => s === 'COMPLETE' || s === 'REJECTED' || s === 'CANCELLED';
