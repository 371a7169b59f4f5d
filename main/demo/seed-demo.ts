import type { BillStore } from '../store/index.js';
import { DEMO_BILLS, DEMO_TABLES, demoBillItems, demoMenus } from './demo-data.js';

/** Fills an empty store with the demo restaurant; a store that has tables is left alone. */
export function seedDemo(store: BillStore): void {
  // The demo menu (issue 14): what guests order from and the bill's "add item" picks from.
  if (store.menus().length === 0) store.replaceMenu(demoMenus());
  if (store.listTables().length > 0) return;
  for (const t of DEMO_TABLES) store.upsertTable(t);
  for (const b of DEMO_BILLS) store.putBill({ id: b.id, tableId: b.tableId, name: b.name, currency: 'CZK', items: demoBillItems(b.items) });
}
