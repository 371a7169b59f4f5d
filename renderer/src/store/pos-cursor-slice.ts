// The main POS's acknowledged cursor: main sends it whenever the POS acknowledges more events, so
// the Payments view loads its "POS notified" column again. Not in the snapshot: the view loads its
// history when it opens.
import type { CompanionEvent } from '../../../preload/contract';

export interface PosCursorSlice {
  posCursor: number | null;
}

export const initialPosCursor: PosCursorSlice = { posCursor: null };

export function applyPosCursorEvent(_state: PosCursorSlice, e: CompanionEvent): Partial<PosCursorSlice> | null {
  return e.type === 'pos-cursor' ? { posCursor: e.cursor } : null;
}
