// Notices keyed by their stable id: the same cause delivered twice stays one notice.
import type { CompanionEvent, Notice, Snapshot } from '../../../preload/contract';

export interface NoticesSlice {
  notices: Record<string, Notice>;
}

export const initialNotices: NoticesSlice = { notices: {} };

export function noticesFromSnapshot(s: Snapshot): NoticesSlice {
  return { notices: Object.fromEntries(s.notices.map((n) => [n.id, n])) };
}

export function applyNoticesEvent(state: NoticesSlice, e: CompanionEvent): Partial<NoticesSlice> | null {
  if (e.type !== 'notice') return null;
  const known = state.notices[e.notice.id];
  // Once the cashier acknowledged a notice, a late copy of the original must not bring it back.
  if (known?.acknowledged && !e.notice.acknowledged) return null;
  return { notices: { ...state.notices, [e.notice.id]: e.notice } };
}
