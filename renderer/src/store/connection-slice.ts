// The connection to the service as main reports it, plus the facts from who-am-i and the demo flag.
import type { CompanionEvent, ConnectionView, Snapshot } from '../../../preload/contract';

export interface ConnectionSlice {
  connection: ConnectionView | null;
  restaurantName: string | null;
  demo: boolean;
}

export const initialConnection: ConnectionSlice = { connection: null, restaurantName: null, demo: false };

export function connectionFromSnapshot(s: Snapshot): ConnectionSlice {
  return { connection: s.connection, restaurantName: s.restaurantName ?? s.connection.restaurantName, demo: s.demo };
}

export function applyConnectionEvent(state: ConnectionSlice, e: CompanionEvent): Partial<ConnectionSlice> | null {
  if (e.type !== 'connection') return null;
  // who-am-i may be unknown while offline: keep the name we already had rather than blank it.
  return { connection: e.connection, restaurantName: e.connection.restaurantName ?? state.restaurantName };
}
