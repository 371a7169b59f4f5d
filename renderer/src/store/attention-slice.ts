// Needs attention: main sends the whole list again whenever it changes, so the slice
// only replaces it; the tab badge counts it.
import type { AttentionEntry, CompanionEvent, Snapshot } from '../../../preload/contract';

export interface AttentionSlice {
  attention: AttentionEntry[];
}

export const initialAttention: AttentionSlice = { attention: [] };

export function attentionFromSnapshot(s: Snapshot): AttentionSlice {
  return { attention: s.attention };
}

export function applyAttentionEvent(_state: AttentionSlice, e: CompanionEvent): Partial<AttentionSlice> | null {
  return e.type === 'attention' ? { attention: e.entries } : null;
}
