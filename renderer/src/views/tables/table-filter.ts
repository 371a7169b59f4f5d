// Which tables the grid shows: a state filter and "needs attention", plus the type-to-jump match.
import type { TableView } from '../../../../preload/contract';

export const TABLE_FILTERS = ['all', 'open', 'in-payment', 'partly-paid', 'paid', 'attention'] as const;
export type TableFilter = (typeof TABLE_FILTERS)[number];

/** A payment holding a table's items longer than this is worth a look (a guest stuck at paying). */
export const LOCK_TOO_LONG_MS = 5 * 60_000;

/** A payment waits for capture, or a lock is held too long: what the read model can tell. */
export function needsAttention(table: TableView, now: number): boolean {
  if (table.awaitingCapture) return true;
  return table.lockedSince !== null && now - Date.parse(table.lockedSince) >= LOCK_TOO_LONG_MS;
}

export function matchesFilter(table: TableView, filter: TableFilter, now: number): boolean {
  if (filter === 'all') return true;
  if (filter === 'attention') return needsAttention(table, now);
  return table.state === filter;
}

const folded = (text: string) => text.toLocaleLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The table that typed text points at: the exact number or name first ("4" is table 4, not 42),
 * then a name starting with it, then a name with a word starting with it ("3" finds "Bar 3").
 */
export function findTable(tables: readonly TableView[], typed: string): TableView | null {
  const text = folded(typed);
  if (!text) return null;
  return (
    tables.find((t) => folded(t.name) === text) ??
    tables.find((t) => folded(t.name).startsWith(text)) ??
    tables.find((t) =>
      folded(t.name)
        .split(' ')
        .some((word) => word === text),
    ) ??
    tables.find((t) =>
      folded(t.name)
        .split(' ')
        .some((word) => word.startsWith(text)),
    ) ??
    null
  );
}
