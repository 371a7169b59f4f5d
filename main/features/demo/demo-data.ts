import type { Language, MenuEntry } from '../../../preload/contract.js';

/**
 * What a demo restaurant starts with, so a guest can pay at once, in the cashier's language
 * (demo data follows the language). Ids and prices are the same in every language, so
 * a guest's payment of `m-pilsner-1` means the same item whatever the cashier reads. Prices in
 * CZK, tax included.
 */
type Category = 'drinks' | 'mains' | 'starters' | 'sides' | 'desserts';

interface DemoWords {
  table(n: number): string;
  bar(n: number): string;
  areas: { hall: string; terrace: string; bar: string };
  categories: Record<Category, string>;
  items: Record<string, string>;
}

const WORDS: Record<Language, DemoWords> = {
  en: {
    table: (n) => `Table ${n}`,
    bar: (n) => `Bar ${n}`,
    areas: { hall: 'Hall', terrace: 'Terrace', bar: 'Bar' },
    categories: { drinks: 'Drinks', mains: 'Mains', starters: 'Starters', sides: 'Sides', desserts: 'Desserts' },
    items: {
      'm-pilsner': 'Pilsner 0.5 l',
      'm-lemonade': 'Homemade lemonade',
      'm-espresso': 'Espresso',
      'm-water': 'Still water 0.75 l',
      'm-goulash': 'Beef goulash',
      'm-schnitzel': 'Pork schnitzel',
      'm-svickova': 'Svíčková',
      'm-soup': 'Garlic soup',
      'm-fries': 'Fries',
      'm-strudel': 'Apple strudel',
    },
  },
  cs: {
    table: (n) => `Stůl ${n}`,
    bar: (n) => `Bar ${n}`,
    areas: { hall: 'Sál', terrace: 'Terasa', bar: 'Bar' },
    categories: { drinks: 'Nápoje', mains: 'Hlavní jídla', starters: 'Předkrmy', sides: 'Přílohy', desserts: 'Dezerty' },
    items: {
      'm-pilsner': 'Plzeň 0,5 l',
      'm-lemonade': 'Domácí limonáda',
      'm-espresso': 'Espresso',
      'm-water': 'Neperlivá voda 0,75 l',
      'm-goulash': 'Hovězí guláš',
      'm-schnitzel': 'Vepřový řízek',
      'm-svickova': 'Svíčková na smetaně',
      'm-soup': 'Česnečka',
      'm-fries': 'Hranolky',
      'm-strudel': 'Jablečný štrúdl',
    },
  },
};

const MENU: { id: string; price: string; category: Category }[] = [
  { id: 'm-pilsner', price: '62.00', category: 'drinks' },
  { id: 'm-lemonade', price: '55.00', category: 'drinks' },
  { id: 'm-espresso', price: '49.00', category: 'drinks' },
  { id: 'm-water', price: '69.00', category: 'drinks' },
  { id: 'm-goulash', price: '229.00', category: 'mains' },
  { id: 'm-schnitzel', price: '245.00', category: 'mains' },
  { id: 'm-svickova', price: '259.00', category: 'mains' },
  { id: 'm-soup', price: '79.00', category: 'starters' },
  { id: 'm-fries', price: '65.00', category: 'sides' },
  { id: 'm-strudel', price: '99.00', category: 'desserts' },
];

type SeedItem = { menu: string; quantity: string };

/** Open bills on a few tables: one large shared one to split, a couple of small ones. */
const BILLS: { tableId: string; items: SeedItem[] }[] = [
  {
    tableId: 't1',
    items: [
      { menu: 'm-pilsner', quantity: '4' },
      { menu: 'm-goulash', quantity: '2' },
      { menu: 'm-schnitzel', quantity: '2' },
      { menu: 'm-strudel', quantity: '1' },
    ],
  },
  {
    tableId: 't2',
    items: [
      { menu: 'm-lemonade', quantity: '2' },
      { menu: 'm-svickova', quantity: '2' },
    ],
  },
  {
    tableId: 't3',
    items: [
      { menu: 'm-espresso', quantity: '2' },
      { menu: 'm-strudel', quantity: '2' },
    ],
  },
  {
    tableId: 't7',
    items: [
      { menu: 'm-pilsner', quantity: '6' },
      { menu: 'm-fries', quantity: '3' },
    ],
  },
  { tableId: 't11', items: [{ menu: 'm-pilsner', quantity: '2' }] },
];

export interface DemoTable {
  id: string;
  name: string;
  area: string;
}

/** Six tables in the hall, four on the terrace, two at the bar, in that (the POS's) order. */
export function demoTables(language: Language = 'en'): DemoTable[] {
  const w = WORDS[language];
  return [
    ...[1, 2, 3, 4, 5, 6].map((n) => ({ id: `t${n}`, name: w.table(n), area: w.areas.hall })),
    ...[7, 8, 9, 10].map((n) => ({ id: `t${n}`, name: w.table(n), area: w.areas.terrace })),
    ...[11, 12].map((n) => ({ id: `t${n}`, name: w.bar(n - 10), area: w.areas.bar })),
  ];
}

export function localMenu(language: Language = 'en'): MenuEntry[] {
  const w = WORDS[language];
  return MENU.map((m) => ({ id: m.id, name: w.items[m.id] ?? m.id, price: m.price, category: w.categories[m.category] }));
}

/** The English demo (the default language), as the tests of the menu read it. */
export const DEMO_TABLES: DemoTable[] = demoTables('en');
export const LOCAL_MENU: MenuEntry[] = localMenu('en');

export interface DemoBill {
  id: string;
  tableId: string;
  name: string;
  items: { id: string; name: string; price: string; quantity: string; minQuantity: string; tags: string[] }[];
}

/** The seeded open bills, named after their table; item ids `<menu id>-<n>` in every language. */
export function demoBills(language: Language = 'en'): DemoBill[] {
  const tables = new Map(demoTables(language).map((t) => [t.id, t.name]));
  const menu = localMenu(language);
  return BILLS.map((b) => ({
    id: `b-${b.tableId}`,
    tableId: b.tableId,
    name: tables.get(b.tableId) ?? b.tableId,
    items: b.items.map((it, i) => {
      const m = menu.find((e) => e.id === it.menu);
      const key = MENU.find((e) => e.id === it.menu);
      if (!m || !key) throw new Error(`demo menu has no ${it.menu}`);
      // The tag is the category's key, the same in every language (a machine reads tags, not people).
      return { id: `${it.menu}-${i + 1}`, name: m.name, price: m.price, quantity: it.quantity, minQuantity: '1', tags: [key.category] };
    }),
  }));
}

type DemoMenu = { id: string; name: string; items: { id: string; name: string; price: string; category: string }[] };

/** The menu as the store's menus, one per category (seeded into the store in demo mode). Menu ids are the category keys' (`menu-drinks`). */
export function demoMenus(language: Language = 'en'): DemoMenu[] {
  const w = WORDS[language];
  const byCategory = new Map<Category, DemoMenu['items']>();
  for (const m of MENU) {
    const item = { id: m.id, name: w.items[m.id] ?? m.id, price: m.price, category: w.categories[m.category] };
    byCategory.set(m.category, [...(byCategory.get(m.category) ?? []), item]);
  }
  return [...byCategory].map(([key, items]) => ({ id: `menu-${key}`, name: w.categories[key], items }));
}
