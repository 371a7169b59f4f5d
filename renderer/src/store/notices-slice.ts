// Open notices keyed by their stable id: the same cause delivered twice stays one notice. Over a
// shift the page holds what the cashier reads, not every notice of the day: every problem and
// the newest routine "paid" notices whole; older routine ones only by id (their OK still reaches
// main, and the open count stays exact); acknowledged ones leave, their ids remembered a while.
import type { CompanionEvent, Notice, Snapshot } from '../../../preload/contract';

/** Routine "paid" notices held whole; older ones roll up into `earlierPaid`. More than the expanded box's reader looks at. */
export const PAID_NOTICES_KEPT = 100;
/** Acknowledged ids remembered, so a late copy of a notice cannot bring it back. */
const ACKNOWLEDGED_KEPT = 500;

export interface NoticesSlice {
  /** Open notices held whole (insertion order, oldest first). */
  notices: Record<string, Notice>;
  /** Ids of open routine "paid" notices rolled out of `notices`, oldest first. */
  earlierPaid: readonly string[];
  /** Ids acknowledged lately, oldest first (bounded). */
  acknowledgedIds: readonly string[];
}

export const initialNotices: NoticesSlice = { notices: {}, earlierPaid: [], acknowledgedIds: [] };

/** Good news still open that stays good news: a paid notice not marked refunded. */
const routine = (n: Notice) => n.kind === 'paid' && !n.refunded && !n.acknowledged;

/** Moves the oldest routine notices past PAID_NOTICES_KEPT out of `notices` into `earlierPaid`. */
function rollUp(notices: Record<string, Notice>, earlierPaid: readonly string[]): Pick<NoticesSlice, 'notices' | 'earlierPaid'> {
  const all = Object.values(notices);
  const over = all.filter(routine).length - PAID_NOTICES_KEPT;
  if (over <= 0) return { notices, earlierPaid };
  const rolled: string[] = [];
  const kept: Record<string, Notice> = {};
  for (const n of all) {
    if (rolled.length < over && routine(n)) rolled.push(n.id);
    else kept[n.id] = n;
  }
  return { notices: kept, earlierPaid: [...earlierPaid, ...rolled] };
}

export function noticesFromSnapshot(s: Snapshot): NoticesSlice {
  return { ...rollUp(Object.fromEntries(s.notices.map((n) => [n.id, n])), []), acknowledgedIds: [] };
}

export function applyNoticesEvent(state: NoticesSlice, e: CompanionEvent): Partial<NoticesSlice> | null {
  if (e.type !== 'notice') return null;
  const { id } = e.notice;
  const known = id in state.notices;
  const rolled = !known && state.earlierPaid.includes(id);
  if (e.notice.acknowledged) {
    if (state.acknowledgedIds.includes(id)) return null;
    const { [id]: _gone, ...notices } = state.notices;
    return {
      notices: known ? notices : state.notices,
      earlierPaid: rolled ? state.earlierPaid.filter((x) => x !== id) : state.earlierPaid,
      acknowledgedIds: [...state.acknowledgedIds, id].slice(-ACKNOWLEDGED_KEPT),
    };
  }
  // Once the cashier acknowledged a notice, a late copy of the original must not bring it back.
  if (state.acknowledgedIds.includes(id) || state.notices[id]?.acknowledged) return null;
  // A rolled-up notice again: a routine copy changes nothing; marked refunded, it comes back whole.
  if (rolled && routine(e.notice)) return null;
  const earlierPaid = rolled ? state.earlierPaid.filter((x) => x !== id) : state.earlierPaid;
  return rollUp({ ...state.notices, [id]: e.notice }, earlierPaid);
}
