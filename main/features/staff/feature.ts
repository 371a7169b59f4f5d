import type { Feature } from '../../base/feature.js';
import type { Logger } from '../../base/log.js';
import { attempt, ok } from '../../base/command-result.js';
import type { StaffService } from './staff-service.js';

export interface StaffFeatureDeps {
  log: Logger;
  /** Built by the root: it holds the LAN listener (main/adapters/staff-server). */
  staff: StaffService;
}

/** Waiters' phones: the till's switch, pairing, the device list and revoking (docs/staff-phones.md). */
export const staffFeature = {
  name: 'staff',
  commands: ({ log, staff }: StaffFeatureDeps) => ({
    listStaffPhones: () => attempt(log, 'listStaffPhones', () => ok(staff.view())),
    setStaffPhones: (input: { on: boolean; unlock?: string | undefined }) => attempt(log, 'setStaffPhones', () => staff.setOn(input.on, input.unlock)),
    pairStaffPhone: (input: { name: string; role: 'waiter' | 'manager'; unlock?: string | undefined }) =>
      attempt(log, 'pairStaffPhone', () => staff.pair(input.name, input.role, input.unlock)),
    cancelStaffPairing: (input: { code: string }) => attempt(log, 'cancelStaffPairing', () => staff.cancelPairing(input.code)),
    revokeStaffPhone: (input: { deviceId: string; unlock?: string | undefined }) =>
      attempt(log, 'revokeStaffPhone', () => staff.revoke(input.deviceId, input.unlock)),
  }),
  snapshot: ({ staff }: StaffFeatureDeps) => ({ staff: staff.view() }),
} satisfies Feature<StaffFeatureDeps>;
