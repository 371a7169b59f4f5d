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

export function applyBillsEvent(state: BillsSlice, e: CompanionEvent): Partial<BillsSlice> | null {
  if (e.type !== 'bill') return null;
  return { bills: { ...state.bills, [e.bill.id]: e.bill } };
}
