import type { MenuEntry } from '../../preload/contract.js';

/** What a demo restaurant starts with, so a guest can pay at once. Prices in CZK, tax included. */
export const DEMO_TABLES: { id: string; name: string; area: string }[] = [
  ...[1, 2, 3, 4, 5, 6].map((n) => ({ id: `t${n}`, name: `Table ${n}`, area: 'Hall' })),
  ...[7, 8, 9, 10].map((n) => ({ id: `t${n}`, name: `Table ${n}`, area: 'Terrace' })),
  ...[11, 12].map((n) => ({ id: `t${n}`, name: `Bar ${n - 10}`, area: 'Bar' })),
];

export const LOCAL_MENU: MenuEntry[] = [
  { id: 'm-pilsner', name: 'Pilsner 0.5 l', price: '62.00', category: 'Drinks' },
  { id: 'm-lemonade', name: 'Homemade lemonade', price: '55.00', category: 'Drinks' },
  { id: 'm-espresso', name: 'Espresso', price: '49.00', category: 'Drinks' },
  { id: 'm-water', name: 'Still water 0.75 l', price: '69.00', category: 'Drinks' },
  { id: 'm-goulash', name: 'Beef goulash', price: '229.00', category: 'Mains' },
  { id: 'm-schnitzel', name: 'Pork schnitzel', price: '245.00', category: 'Mains' },
  { id: 'm-svickova', name: 'Svíčková', price: '259.00', category: 'Mains' },
  { id: 'm-soup', name: 'Garlic soup', price: '79.00', category: 'Starters' },
  { id: 'm-fries', name: 'Fries', price: '65.00', category: 'Sides' },
  { id: 'm-strudel', name: 'Apple strudel', price: '99.00', category: 'Desserts' },
];

type SeedItem = { menu: string; quantity: string };

/** Open bills on a few tables: one large shared one to split, a couple of small ones. */
export const DEMO_BILLS: { id: string; tableId: string; name: string; items: SeedItem[] }[] = [
  { id: 'b-t1', tableId: 't1', name: 'Table 1', items: [{ menu: 'm-pilsner', quantity: '4' }, { menu: 'm-goulash', quantity: '2' }, { menu: 'm-schnitzel', quantity: '2' }, { menu: 'm-strudel', quantity: '1' }] },
  { id: 'b-t2', tableId: 't2', name: 'Table 2', items: [{ menu: 'm-lemonade', quantity: '2' }, { menu: 'm-svickova', quantity: '2' }] },
  { id: 'b-t3', tableId: 't3', name: 'Table 3', items: [{ menu: 'm-espresso', quantity: '2' }, { menu: 'm-strudel', quantity: '2' }] },
  { id: 'b-t7', tableId: 't7', name: 'Table 7', items: [{ menu: 'm-pilsner', quantity: '6' }, { menu: 'm-fries', quantity: '3' }] },
  { id: 'b-t11', tableId: 't11', name: 'Bar 1', items: [{ menu: 'm-pilsner', quantity: '2' }] },
];

export function demoBillItems(items: SeedItem[]) {
  return items.map((it, i) => {
    const m = LOCAL_MENU.find((e) => e.id === it.menu);
    if (!m) throw new Error(`demo menu has no ${it.menu}`);
    return { id: `${it.menu}-${i + 1}`, name: m.name, price: m.price, quantity: it.quantity, minQuantity: '1', tags: [m.category.toLowerCase()] };
  });
}

/** LOCAL_MENU as the store's menus, one per category (seeded into the store in demo mode). */
export function demoMenus(): { id: string; name: string; items: { id: string; name: string; price: string; category: string }[] }[] {
  const byCategory = new Map<string, { id: string; name: string; price: string; category: string }[]>();
  for (const m of LOCAL_MENU) byCategory.set(m.category, [...(byCategory.get(m.category) ?? []), { id: m.id, name: m.name, price: m.price, category: m.category }]);
  return [...byCategory].map(([name, items]) => ({ id: `menu-${name.toLowerCase()}`, name, items }));
}
