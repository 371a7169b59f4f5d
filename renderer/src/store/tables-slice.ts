// Tables by id. Ordering is a selector's job, so events only replace or remove entries.
import type { CompanionEvent, Snapshot, TableView } from '../../../preload/contract';

export interface TablesSlice {
  tables: Record<string, TableView>;
}

export const initialTables: TablesSlice = { tables: {} };

export function tablesFromSnapshot(s: Snapshot): TablesSlice {
  return { tables: Object.fromEntries(s.tables.map((t) => [t.id, t])) };
}

export function applyTablesEvent(state: TablesSlice, e: CompanionEvent): Partial<TablesSlice> | null {
  if (e.type === 'table') return { tables: { ...state.tables, [e.table.id]: e.table } };
  if (e.type === 'table-removed') {
    if (!(e.tableId in state.tables)) return null;
    const { [e.tableId]: _gone, ...rest } = state.tables;
    return { tables: rest };
  }
  return null;
}
