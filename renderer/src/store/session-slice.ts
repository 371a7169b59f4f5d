// The link to the service as main reports it, plus the facts from who-am-i and the demo flag.
import type { CompanionEvent, SessionView, Snapshot } from '../../../preload/contract';

export interface SessionSlice {
  session: SessionView | null;
  restaurantName: string | null;
  demo: boolean;
}

export const initialSession: SessionSlice = { session: null, restaurantName: null, demo: false };

export function sessionFromSnapshot(s: Snapshot): SessionSlice {
  return { session: s.session, restaurantName: s.restaurantName ?? s.session.restaurantName, demo: s.demo };
}

export function applySessionEvent(state: SessionSlice, e: CompanionEvent): Partial<SessionSlice> | null {
  if (e.type !== 'session') return null;
  // who-am-i may be unknown while offline: keep the name we already had rather than blank it.
  return { session: e.session, restaurantName: e.session.restaurantName ?? state.restaurantName };
}
