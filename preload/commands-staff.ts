import { z } from 'zod';
import { Id, NoInput, command, returns } from './command-kit.js';
import type { StaffPairingView, StaffPhonesView } from './views.js';

const Unlock = z.string().min(1).max(200);
/** What the till's list calls the phone: "Petra's phone". */
const DeviceName = z.string().trim().min(1, 'must not be empty').max(40, 'must be at most 40 characters');

/**
 * Waiters' phones, the till's side (docs/staff-phones.md): on or off, pairing one more phone, the
 * list, revoking one. Each change needs the manager's live `unlock` once a PIN is set, like the
 * integration settings.
 */
export const STAFF_COMMANDS = {
  listStaffPhones: command(NoInput, returns<StaffPhonesView>()),
  /** Turns the LAN listener on or off (off closes every phone's page at once). */
  setStaffPhones: command(z.object({ on: z.boolean(), unlock: Unlock.optional() }), returns<StaffPhonesView>()),
  /** A one-use code for 2 minutes: the QR code's URL makes the phone that opens it a paired device. STAFF_OFF while off. */
  pairStaffPhone: command(z.object({ name: DeviceName, role: z.enum(['waiter', 'manager']), unlock: Unlock.optional() }), returns<StaffPairingView>()),
  /** The pairing shown is dropped (the dialog closed): its code no longer pairs. */
  cancelStaffPairing: command(z.object({ code: z.string().min(1).max(200) }), returns<null>()),
  /** The phone's page ends within a second and its key never opens a session again. */
  revokeStaffPhone: command(z.object({ deviceId: Id, unlock: Unlock.optional() }), returns<StaffPhonesView>()),
};
