import { networkInterfaces } from 'node:os';
import type { StaffDeviceView, StaffRole } from '../../../preload/staff-frames.js';
import { STAFF_CLOSE } from '../../../preload/staff-frames.js';
import type { CommandResult, StaffPairingView, StaffPhoneView, StaffPhonesView } from '../../../preload/views.js';

// The till's list and the phone's welcome describe a device alike: a field added to one only fails here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const STAFF_DEVICE_VIEWS_AGREE: Same<StaffDeviceView, StaffPhoneView> = true;
import { fail, ok } from '../../base/command-result.js';
import type { Logger } from '../../base/log.js';
import { lanAddress, type InterfaceList } from '../demo/lan-address.js';
import type { StaffHub } from './staff-hub.js';

/** The LAN listener, opened by the root (main/adapters/staff-server): features never hold a socket. */
export interface StaffListenerPort {
  /** Listens on host:port (0: any free port, for tests); rejects (EADDRINUSE…) when it cannot. */
  open(host: string, port: number): Promise<{ port: number; close(): Promise<void> }>;
}

export interface StaffServiceDeps {
  hub: StaffHub;
  log: Logger;
  settings: {
    get(): { staffPhones: boolean; staffLanAddress: string; staffPort: number };
    /** Saves the on/off switch; false while the settings are damaged (nothing written). */
    saveStaffPhones(on: boolean): boolean;
  };
  /** Whether a manager's unlock allows a change (manager-pin.ts `allows`: no PIN set yet, or a live unlock). */
  allows(unlock: string | undefined): boolean;
  listener: StaffListenerPort;
  interfaces?: () => InterfaceList;
  /** The till's list changed: pushed to the cashier's screen. */
  push(view: StaffPhonesView): void;
}

/**
 * Waiters' phones, the till's side: the switch (a setting, off by default), the LAN listener it
 * opens on the LAN address and the fixed port, pairing, the device list and revoking. Every
 * change needs the manager's unlock once a PIN is set (like the integration settings).
 */
export function createStaffService(deps: StaffServiceDeps) {
  const { hub, log } = deps;
  const interfaces = deps.interfaces ?? networkInterfaces;
  let close: (() => Promise<void>) | null = null;
  let address: string | null = null;
  let problem: StaffPhonesView['problem'] = null;
  let moving: Promise<void> = Promise.resolve();

  const view = (): StaffPhonesView => ({
    enabled: deps.settings.get().staffPhones,
    address,
    problem,
    devices: hub.store.staffDevices().map((d) => hub.deviceView(d)),
  });
  const announce = () => deps.push(view());

  async function open(): Promise<void> {
    const { staffLanAddress, staffPort } = deps.settings.get();
    const host = staffLanAddress || lanAddress(interfaces());
    if (!host) {
      problem = 'NO_LAN_ADDRESS';
      log.warn({ mod: 'staff' }, 'staff phones are on but this computer has no LAN address');
      return;
    }
    try {
      const listening = await deps.listener.open(host, staffPort);
      close = () => listening.close();
      address = `http://${host}:${listening.port}`;
      problem = null;
      log.info({ mod: 'staff', address }, 'staff phones listening on the LAN');
    } catch (e) {
      problem = 'PORT_IN_USE';
      log.warn({ mod: 'staff', host, port: staffPort, err: (e as NodeJS.ErrnoException).code ?? (e as Error).message }, 'staff listener could not open');
    }
  }

  async function shut(): Promise<void> {
    hub.pairing.clear();
    hub.closeSessions(STAFF_CLOSE.disabled, 'staff phones turned off');
    const closing = close;
    close = null;
    address = null;
    problem = null;
    if (closing) await closing();
  }

  /** Brings the listener up or down to match the setting; one move at a time. */
  function follow(): Promise<void> {
    moving = moving.then(async () => {
      const on = deps.settings.get().staffPhones;
      if (on && !close) await open();
      if (!on && (close || problem)) await shut();
    });
    return moving.then(announce);
  }

  return {
    view,
    follow,
    async setOn(on: boolean, unlock: string | undefined): Promise<CommandResult<StaffPhonesView>> {
      if (!deps.allows(unlock)) return fail('PIN_REQUIRED', { field: 'staffPhones' });
      if (!deps.settings.saveStaffPhones(on)) return fail('SETTINGS_DAMAGED', { field: 'environment' });
      log.info({ mod: 'staff', on }, on ? 'staff phones turned on' : 'staff phones turned off');
      await follow();
      return ok(view());
    },
    pair(name: string, role: StaffRole, unlock: string | undefined): CommandResult<StaffPairingView> {
      if (!deps.allows(unlock)) return fail('PIN_REQUIRED', { field: 'staffPhones' });
      if (!deps.settings.get().staffPhones) return fail('STAFF_OFF');
      if (!address) return fail(problem ?? 'NO_LAN_ADDRESS');
      const p = hub.pairing.start({ name, role });
      return ok({ url: `${address}/#pair=${p.code}`, code: p.code, expiresAt: new Date(p.expiresAt).toISOString(), name, role });
    },
    cancelPairing(code: string): CommandResult<null> {
      hub.pairing.cancel(code);
      return ok(null);
    },
    revoke(deviceId: string, unlock: string | undefined): CommandResult<StaffPhonesView> {
      if (!deps.allows(unlock)) return fail('PIN_REQUIRED', { field: 'staffPhones' });
      if (!hub.store.revokeStaffDevice(deviceId)) return fail('NOT_FOUND');
      log.info({ mod: 'staff', deviceId }, 'staff phone revoked');
      hub.closeSessions(STAFF_CLOSE.revoked, 'revoked at the till', deviceId);
      return ok(view());
    },
    announce,
    async stop(): Promise<void> {
      await moving;
      await shut();
      hub.stop();
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
