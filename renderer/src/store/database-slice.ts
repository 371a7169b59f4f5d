// Another program's lock on the bill database: main sends it at start and whenever the refused
// writes become a state or end; the slice only replaces it.
import type { CompanionEvent, DatabaseView, Snapshot } from '../../../preload/contract';

export interface DatabaseSlice {
  database: DatabaseView;
}

export const initialDatabase: DatabaseSlice = { database: { locked: false, since: null } };

export function databaseFromSnapshot(s: Snapshot): DatabaseSlice {
  return { database: s.database };
}

export function applyDatabaseEvent(_state: DatabaseSlice, e: CompanionEvent): Partial<DatabaseSlice> | null {
  return e.type === 'database' ? { database: e.database } : null;
}
