import { priceOrder, type OrdersStore, type EventsStore, type StoreEngine, type MenuItemRecord, type OrderLine, type PriceSource } from '../../store/index.js';
import type { Order } from '../../base/wire/index.js';

/**
 * orderPrepare's view of the menu, in memory: a guest's phone calls it after every change, so
 * each line is a Map lookup instead of a query. Built on first use from the committed menu and
 * dropped by any commit that changes the menu or the pause switch (listeners run right after the
 * commit, before any later call is handled), so it never answers from an old menu.
 */
export function createMenuCache(store: OrdersStore & EventsStore & StoreEngine) {
  let items: Map<string, MenuItemRecord> | null = null;
  let paused: string | null | undefined;
  const off = store.onCommit((events) => {
    for (const e of events) {
      if (e.kind === 'menu.updated') items = null;
      if (e.kind === 'orders.paused') paused = undefined;
    }
  });
  const source: PriceSource = {
    menu: {
      item(id) {
        items ??= new Map(store.menus().flatMap((m) => m.items.map((i) => [i.id, i] as const)));
        return items.get(id) ?? null;
      },
      flag(name) {
        if (name !== 'ordersPaused') return store.read.menu.flag(name);
        if (paused === undefined) paused = store.read.menu.flag(name);
        return paused;
      },
    },
    tables: { get: (id) => store.read.tables.get(id) },
  };
  return {
    price: (order: Order): { items: OrderLine[]; total: string } => priceOrder(source, order),
    close: off,
  };
}
