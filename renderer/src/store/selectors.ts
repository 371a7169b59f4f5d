// Derived views of the store. They take slices (stable references) so components can memoise them.
import type { BillView, Notice, PaymentView, TableView } from '../../../preload/contract';

const natural = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export interface AreaGroup {
  area: string | null;
  tables: TableView[];
}

/** POS order (`order`, the order tables were first given), then the name, for tables given together. */
export function byPosOrder(x: TableView, y: TableView): number {
  return x.order - y.order || natural.compare(x.name, y.name);
}

/**
 * Tables grouped by area, areas and tables in the order the POS first gave them (an area comes
 * where its first table came), "no area" last.
 */
export function groupTablesByArea(tables: Record<string, TableView>): AreaGroup[] {
  const groups = new Map<string | null, TableView[]>();
  for (const t of Object.values(tables).sort(byPosOrder)) {
    const list = groups.get(t.area) ?? [];
    list.push(t);
    groups.set(t.area, list);
  }
  const named = [...groups.entries()].filter(([area]) => area !== null);
  const other = groups.get(null);
  return [...named, ...(other ? [[null, other] as const] : [])].map(([area, list]) => ({ area, tables: list }));
}

export function sortedTables(tables: Record<string, TableView>): TableView[] {
  return Object.values(tables).sort((x, y) => natural.compare(x.name, y.name));
}

/** The open bills of a table, in the table's own order. */
export function billsOfTable(table: TableView | undefined, bills: Record<string, BillView>): BillView[] {
  if (!table) return [];
  return table.openBillIds.map((id) => bills[id]).filter((b): b is BillView => b !== undefined);
}

export function paymentsOfBill(bill: BillView, payments: Record<string, PaymentView>): PaymentView[] {
  return bill.paymentIds
    .map((id) => payments[id])
    .filter((p): p is PaymentView => p !== undefined)
    .sort((a, b) => b.created.localeCompare(a.created));
}

function sameLocalDay(iso: string, now: number): boolean {
  return new Date(iso).toDateString() === new Date(now).toDateString();
}

/** Today's payments (local day of the cashier's PC), newest first. */
export function todaysPayments(payments: Record<string, PaymentView>, now: number): PaymentView[] {
  return Object.values(payments)
    .filter((p) => sameLocalDay(p.created, now))
    .sort((a, b) => Date.parse(b.created) - Date.parse(a.created));
}

/** Notices still waiting for the cashier, newest first (the same minute: the one that came later first). */
export function openNotices(notices: Record<string, Notice>): Notice[] {
  // Records keep insertion order; reversed, a stable sort puts the later arrival first on a tie.
  // Each time parsed once, not once per comparison: the box arranges them on every frame that brings one.
  return Object.values(notices)
    .reverse()
    .filter((n) => !n.acknowledged)
    .map((n) => ({ n, at: Date.parse(n.at) }))
    .sort((a, b) => b.at - a.at)
    .map((x) => x.n);
}
