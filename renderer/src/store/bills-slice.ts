// Bills by id, and the small local menu the cashier adds items from (snapshot only).
import type { BillView, CompanionEvent, MenuEntry, Snapshot } from '../../../preload/contract';

export interface BillsSlice {
  bills: Record<string, BillView>;
  menu: MenuEntry[];
}

export const initialBills: BillsSlice = { bills: {}, menu: [] };

export function billsFromSnapshot(s: Snapshot): BillsSlice {
  return { bills: Object.fromEntries(s.bills.map((b) => [b.id, b])), menu: s.menu };
}

/**
 * A table's open bills as main read them (the billsOfTable command): they replace the ones the
 * slice held for that table. Main pushes no bill's view; the snapshot's and these are all there is.
 */
export function withTableBills(state: BillsSlice, tableId: string, bills: readonly BillView[]): Partial<BillsSlice> {
  const next: Record<string, BillView> = {};
  for (const [id, bill] of Object.entries(state.bills)) if (bill.tableId !== tableId) next[id] = bill;
  for (const bill of bills) next[bill.id] = bill;
  return { bills: next };
}

export function applyBillsEvent(state: BillsSlice, e: CompanionEvent): Partial<BillsSlice> | null {
  if (e.type !== 'bill') return null;
  return { bills: { ...state.bills, [e.bill.id]: e.bill } };
}
