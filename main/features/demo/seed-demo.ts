import type { Language } from '../../../preload/contract.js';
import type { BillsStore, OrdersStore } from '../../store/index.js';
import { demoBills, demoMenus, demoTables } from './demo-data.js';

/**
 * Fills an empty store with the demo restaurant in the cashier's language (the settings' at the
 * first start of demo mode); a store that has tables is left alone (`relabelDemo` follows a later
 * change of language).
 */
export function seedDemo(store: BillsStore & OrdersStore, language: Language = 'en'): void {
  // The demo menu: what guests order from and the bill's "add item" picks from.
  if (store.menus().length === 0) store.replaceMenu(demoMenus(language));
  if (store.listTables().length > 0) return;
  for (const t of demoTables(language)) store.upsertTable(t);
  for (const b of demoBills(language)) store.putBill({ id: b.id, tableId: b.tableId, name: b.name, currency: 'CZK', items: b.items });
}

const LANGUAGES: Language[] = ['en', 'cs'];

/**
 * The cashier switched the language in demo mode: what is still the demo's own words in another
 * language takes the new one's. Tables keep their place, waiter and bills; an open demo bill is
 * re-labelled only while nothing on it is paid or in payment (a paid line's name is on a receipt);
 * the menu only while it is the demo's whole. Names the cashier or the POS gave stay as they are.
 */
export function relabelDemo(store: BillsStore & OrdersStore, language: Language): void {
  const others = LANGUAGES.filter((l) => l !== language);
  const wanted = new Map(demoTables(language).map((t) => [t.id, t]));
  const demoLabels = new Set(others.flatMap((l) => demoTables(l).map((t) => `${t.id}\u0000${t.name}\u0000${t.area}`)));
  for (const table of store.listTables()) {
    const next = wanted.get(table.id);
    if (next && demoLabels.has(`${table.id}\u0000${table.name}\u0000${table.area}`)) store.relabelTable(table.id, next.name, next.area);
  }
  const stored = store.menus();
  // Compared by words and amounts (the store keeps prices canonical: "62", not "62.00").
  const shape = (list: { id: string; name: string; items: { id: string; name: string; price: string; category?: string | null }[] }[]) =>
    JSON.stringify(list.map((m) => ({ id: m.id, name: m.name, items: m.items.map((i) => [i.id, i.name, Number(i.price), i.category ?? null]) })));
  const menus = shape(stored);
  if (others.some((l) => shape(demoMenus(l)) === menus)) {
    // Sold-out marks stay.
    const available = new Map(stored.flatMap((m) => m.items.map((i) => [i.id, i.available] as const)));
    store.replaceMenu(demoMenus(language).map((m) => ({ ...m, items: m.items.map((i) => ({ ...i, available: available.get(i.id) ?? true })) })));
  }
  for (const bill of demoBills(language)) {
    const open = store.getBill(bill.id);
    if (!open || open.state !== 'OPEN') continue;
    const untouched = open.items.every((i) => Number(i.paidQuantity) === 0 && Number(i.lockedQuantity) === 0);
    const asSeeded = others.some((l) => {
      const seeded = demoBills(l).find((b) => b.id === bill.id);
      return (
        seeded?.name === open.name &&
        seeded.items.length === open.items.length &&
        seeded.items.every((i, n) => open.items[n]?.id === i.id && open.items[n]?.name === i.name)
      );
    });
    if (!untouched || !asSeeded) continue;
    store.putBill({
      id: open.id,
      tableId: open.tableId,
      name: bill.name,
      currency: open.currency,
      items: open.items.map((i, n) => ({
        id: i.id,
        name: bill.items[n]!.name,
        price: i.price,
        quantity: i.quantity,
        minQuantity: i.minQuantity,
        tags: i.tags,
      })),
    });
  }
}
