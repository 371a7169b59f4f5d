import type { StaffDeviceRecord } from '../repos/staff-repo.js';
import type { Transactions } from '../repos/tx.js';

/** What a phone did, for the event log: the device's name goes with it (the log outlives the device). */
export interface StaffAction {
  deviceId: string;
  deviceName: string;
  /** The phone's command: follow, ack, call, managerUnlock, capture, closeBill, refused… */
  action: string;
  tableId?: string | null;
  billId?: string | null;
  paymentId?: string | null;
  /** What else the log should say (the call's kind, a refusal's code); never a PIN or a secret. */
  detail?: Record<string, string | number | boolean | null>;
}

/**
 * Waiters' phones (migration 020): pairing and revoking are events in the log (`staff.paired`,
 * `staff.revoked`), and so is every action a phone takes (`staff.action`; a guest's call for a
 * waiter or the manager is `staff.call`, which the till rings for). The secret is in no event.
 */
export interface StaffStore {
  staffDevice(id: string): StaffDeviceRecord | null;
  /** The paired devices not revoked, oldest first. */
  staffDevices(): StaffDeviceRecord[];
  pairStaffDevice(device: Pick<StaffDeviceRecord, 'id' | 'name' | 'role' | 'secret' | 'label'>): StaffDeviceRecord;
  /** False when the device was unknown or already revoked (nothing is written). */
  revokeStaffDevice(id: string): boolean;
  /** The device opened a session now. */
  markStaffDeviceSeen(id: string): void;
  setStaffFollowing(id: string, following: StaffDeviceRecord['following']): void;
  recordStaffAction(action: StaffAction): void;
}

export function createStaffStore({ write, read }: Transactions): StaffStore {
  return {
    staffDevice: (id) => read.staff.device(id),
    staffDevices: () => read.staff.activeDevices(),
    pairStaffDevice: (device) =>
      write('pairStaffDevice', (tx) => {
        tx.staff.insertDevice(tx, device);
        tx.emit({ kind: 'staff.paired', tableId: null, billId: null, paymentId: null, data: { deviceId: device.id, deviceName: device.name, role: device.role } });
        return tx.staff.device(device.id)!;
      }),
    revokeStaffDevice: (id) =>
      write('revokeStaffDevice', (tx) => {
        const device = tx.staff.device(id);
        if (!device || !tx.staff.revokeDevice(tx, id)) return false;
        tx.emit({ kind: 'staff.revoked', tableId: null, billId: null, paymentId: null, data: { deviceId: id, deviceName: device.name } });
        return true;
      }),
    markStaffDeviceSeen: (id) => write('markStaffDeviceSeen', (tx) => tx.staff.markSeen(tx, id)),
    setStaffFollowing: (id, following) => write('setStaffFollowing', (tx) => tx.staff.setFollowing(tx, id, following)),
    recordStaffAction: (a) =>
      write('recordStaffAction', (tx) =>
        tx.emit({
          kind: a.action === 'call' ? 'staff.call' : 'staff.action',
          tableId: a.tableId ?? null,
          billId: a.billId ?? null,
          paymentId: a.paymentId ?? null,
          data: { deviceId: a.deviceId, deviceName: a.deviceName, action: a.action, ...(a.detail ?? {}) },
        }),
      ),
  };
}
