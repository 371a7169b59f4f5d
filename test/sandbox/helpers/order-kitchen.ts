import { Decimal } from 'decimal.js';
import type { Outcome } from './bill-book.js';

interface KitchenItem {
  id: string;
  name: string;
  price: string;
  available: boolean;
}

/**
 * A tiny in-test POS for guest orders (docs/PROTOCOL.md §5): prices from its own menu, refuses unknown
 * or sold-out items with ITEM_UNAVAILABLE, opens one bill per table, idempotent by order id, and
 * records every order call it gets (duplicates included).
 */
export class OrderKitchen {
  readonly menu: KitchenItem[] = [
    { id: 'beer', name: 'Beer 0.5 l', price: '62.50', available: true },
    { id: 'goulash', name: 'Goulash', price: '189', available: true },
    { id: 'soup', name: 'Soup', price: '79', available: true },
  ];
  readonly started = new Map<string, { order: { id: string; delivery: { type: string; idTable?: string } }; billId: string | null }>();
  readonly paid = new Map<string, unknown>();
  /** Every orderClose, in order. */
  readonly closes: { id: string; state: string }[] = [];
  paused = false;

  /** The menus as update-menus takes them. */
  wireMenus(): unknown {
    return { menus: [{ id: 'drinks', name: 'Drinks', items: this.menu.map((i) => ({ ...i, tags: [] })) }] };
  }

  handle(method: string, args: unknown[]): Outcome {
    switch (method) {
      case 'orderPrepare':
        return this.prepare(args[0] as { items: { id: string; quantity: string; note?: string }[] });
      case 'orderStart': {
        const order = args[0] as { id: string; delivery: { type: string; idTable?: string } };
        if (!this.started.has(order.id)) {
          const billId = order.delivery.type === 'byCustomer' ? null : `bill-${order.delivery.idTable}`;
          this.started.set(order.id, { order, billId });
        }
        const s = this.started.get(order.id)!;
        return { result: s.billId ? { idOrder: order.id, billId: s.billId } : { idOrder: order.id } };
      }
      case 'orderMarkAsPaid': {
        const [id, payment] = args as [string, { id: string }];
        if (!this.started.has(id)) return { error: { code: 'ORDER_NOT_FOUND', message: `no order ${id}` } };
        this.paid.set(id, payment);
        return {
          result: { receiptInfo: { billName: null, timestamp: '2026-11-22T18:00:00+01:00', serial: '1' }, items: [], receiptDeliveryType: 'QERKO_GENERATED' },
        };
      }
      case 'orderClose':
        this.closes.push({ id: String(args[0]), state: String(args[1]) });
        return { result: null };
      default:
        return { error: { code: 'METHOD_NOT_SUPPORTED', message: method } };
    }
  }

  private prepare(order: { items: { id: string; quantity: string; note?: string }[] }): Outcome {
    if (this.paused) return { error: { code: 'ORDERS_PAUSED', message: 'paused' } };
    const missing = order.items.filter((l) => !this.menu.some((m) => m.id === l.id && m.available)).map((l) => l.id);
    if (missing.length > 0) return { error: { code: 'ITEM_UNAVAILABLE', message: 'sold out', items: missing } };
    const items = order.items.map((l) => {
      const m = this.menu.find((i) => i.id === l.id)!;
      return { id: m.id, name: m.name, price: m.price, quantity: l.quantity, ...(l.note ? { note: l.note } : {}) };
    });
    const total = items.reduce((s, i) => s.plus(new Decimal(i.price).times(i.quantity)), new Decimal(0));
    return { result: { items, total: total.toFixed() } };
  }
}
