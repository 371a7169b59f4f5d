// Finding menu items as a cashier types: case and Czech accents do not matter ("svickova" finds
// "Svíčková"), and every word typed must appear in the name, category, description or tags.
import type { MenuEntry } from '../../../../preload/contract';

export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The words of a search, folded; none = everything matches. */
export function searchWords(query: string): string[] {
  return fold(query).split(/\s+/).filter(Boolean);
}

const haystacks = new WeakMap<MenuEntry, string>();

function haystack(entry: MenuEntry): string {
  let text = haystacks.get(entry);
  if (text === undefined) {
    text = fold([entry.name, entry.category, entry.description ?? '', ...(entry.tags ?? [])].join(' '));
    haystacks.set(entry, text);
  }
  return text;
}

export function filterMenu(menu: readonly MenuEntry[], query: string, category: string | null): MenuEntry[] {
  const words = searchWords(query);
  return menu.filter((m) => (category === null || m.category === category) && words.every((w) => haystack(m).includes(w)));
}

/** Categories in the order the menu first names them. */
export function categoriesOf(menu: readonly MenuEntry[]): string[] {
  return [...new Set(menu.map((m) => m.category))];
}

/** Entries grouped by category, in menu order. */
export function groupByCategory(entries: readonly MenuEntry[]): [string, MenuEntry[]][] {
  const groups = new Map<string, MenuEntry[]>();
  for (const e of entries) {
    const list = groups.get(e.category);
    if (list) list.push(e);
    else groups.set(e.category, [e]);
  }
  return [...groups];
}

export const isAvailable = (m: MenuEntry): boolean => m.available !== false;
