// Waiters' phones as the till's Settings shows them: main sends the whole view again whenever it
// changes (on or off, a phone paired, revoked, connected or gone); the slice only replaces it.
import type { CompanionEvent, Snapshot, StaffPhonesView } from '../../../preload/contract';

export interface StaffSlice {
  staff: StaffPhonesView;
}

export const initialStaff: StaffSlice = { staff: { enabled: false, address: null, problem: null, devices: [] } };

export function staffFromSnapshot(s: Snapshot): StaffSlice {
  return { staff: s.staff };
}

export function applyStaffEvent(_state: StaffSlice, e: CompanionEvent): Partial<StaffSlice> | null {
  return e.type === 'staff' ? { staff: e.staff } : null;
}
