// Free space of the data folder's volume: main sends it at start and whenever low space begins,
// ends or moves; the slice only replaces it.
import type { CompanionEvent, DiskView, Snapshot } from '../../../preload/contract';

export interface DiskSlice {
  disk: DiskView;
}

export const initialDisk: DiskSlice = { disk: { lowSpace: false, freeBytes: -1 } };

export function diskFromSnapshot(s: Snapshot): DiskSlice {
  return { disk: s.disk };
}

export function applyDiskEvent(_state: DiskSlice, e: CompanionEvent): Partial<DiskSlice> | null {
  return e.type === 'disk' ? { disk: e.disk } : null;
}
