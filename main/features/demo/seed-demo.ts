import type { Language } from '../../../preload/contract.js';
import type { BillsStore, OrdersStore } from '../../store/index.js';
import { demoBills, demoMenus, demoTables } from './demo-data.js';

/**
 * Fills an empty store with the demo restaurant in the cashier's language (the settings' at the
 * first start of demo mode); a store that has tables is left alone, so switching the language
 * later does not rename what the cashier has already worked with.
 */
export function seedDemo(store: BillsStore & OrdersStore, language: Language = 'en'): void {
  // The demo menu: what guests order from and the bill's "add item" picks from.
  if (store.menus().length === 0) store.replaceMenu(demoMenus(language));
  if (store.listTables().length > 0) return;
  for (const t of demoTables(language)) store.upsertTable(t);
  for (const b of demoBills(language)) store.putBill({ id: b.id, tableId: b.tableId, name: b.name, currency: 'CZK', items: b.items });
}
