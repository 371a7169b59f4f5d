import type { MenuInput, BillsStore, OrdersStore } from '../../main/store/index.js';
import type { Order } from '../../main/base/wire/index.js';

/** Drinks (beer 62.50, lemonade 45) and Food (goulash 189, sold-out schnitzel 220). */
export const MENU: MenuInput[] = [
  {
    id: 'drinks',
    name: 'Drinks',
    items: [
      { id: 'beer', name: 'Beer 0.5 l', price: '62.50', tags: ['alcohol'] },
      { id: 'lemonade', name: 'Lemonade', price: '45', description: 'Home-made' },
    ],
  },
  {
    id: 'food',
    name: 'Food',
    items: [
      { id: 'goulash', name: 'Goulash', price: '189', category: 'Mains' },
      { id: 'schnitzel', name: 'Schnitzel', price: '220', available: false },
    ],
  },
];

/** Table t5 and the menu above. */
export function seedMenu(store: BillsStore & OrdersStore): void {
  store.upsertTable({ id: 't5', name: 'Table 5' });
  store.replaceMenu(MENU);
}

/** A guest order: two beers onto table 5's bill unless told otherwise. */
export function order(id: string, extra: Partial<Order> = {}): Order {
  return {
    id,
    currency: 'CZK',
    delivery: { type: 'toBill', idTable: 't5' },
    items: [{ id: 'beer', name: 'Beer', quantity: '2' }],
    ...extra,
  };
}

export function pickupOrder(id: string, pickupAt = '2026-11-22T19:30:00+01:00'): Order {
  return order(id, {
    delivery: { type: 'byCustomer', pickupAt },
    items: [{ id: 'goulash', name: 'Goulash', quantity: '1', note: 'no onion' }],
    customer: { name: 'Eva' },
  });
}
