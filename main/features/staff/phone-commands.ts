import { z } from 'zod';
import type { StaffCommandName, StaffErrorCode, StaffReply } from '../../../preload/staff-frames.js';
import type { CommandResult } from '../../../preload/views.js';
import type { Clock } from '../../base/clock.js';
import type { Logger } from '../../base/log.js';
import { isStoreError } from '../../base/store-error.js';
import { dec, type StaffAction } from '../../store/index.js';
import type { StaffHub, StaffSession } from './staff-hub.js';
import { staffBill } from './staff-floor.js';

/** How long a manager's PIN on a phone unlocks capture and close. */
export const MANAGER_UNLOCK_MS = 5 * 60_000;

export interface PhoneCommandDeps {
  hub: StaffHub;
  clock: Clock;
  log: Logger;
  /** The manager PIN's check at the till (its wrong tries are the till's, counted alike). */
  pin: { unlock(pin: string): { ok: true; value: { unlock: string } } | { ok: false; code: string }; lock(token: string): void };
  /** The till's own capture (through the payment service), as the cashier's button runs it. */
  capture(paymentId: string): Promise<CommandResult<unknown>>;
}

const Str = z.string().min(1).max(200);
const INPUTS = {
  follow: z.object({ tableIds: z.array(Str).max(500), areas: z.array(Str).max(100) }),
  openTable: z.object({ tableId: Str }),
  ack: z.object({ noticeId: Str }),
  call: z.object({ tableId: Str, kind: z.enum(['help', 'manager']) }),
  managerUnlock: z.object({ pin: z.string().max(64) }),
  capture: z.object({ paymentId: Str }),
  closeBill: z.object({ tableId: Str }),
  refund: z.object({ paymentId: Str }),
} satisfies Record<StaffCommandName, z.ZodType>;

class Refusal extends Error {
  constructor(
    readonly code: StaffErrorCode,
    message: string,
  ) {
    super(message);
  }
}
const refuse = (code: StaffErrorCode, message: string): never => {
  throw new Refusal(code, message);
};

/**
 * Every command a phone sends runs here: the core checks the device's role and the manager's
 * unlock, not the page. A waiter follows tables, opens them, acknowledges and calls; a manager
 * device unlocked with the manager PIN also captures and closes a paid bill; nobody refunds from a
 * phone. Each action (a refusal too) goes in the event log with the device's name.
 */
export function createPhoneCommands(deps: PhoneCommandDeps) {
  const { hub, clock, log } = deps;
  const store = hub.store;
  const managerUntil = new Map<string, number>();

  const unlocked = (s: StaffSession) => s.device.role === 'manager' && (managerUntil.get(s.device.id) ?? 0) > clock.now();
  const record = (s: StaffSession, a: Omit<StaffAction, 'deviceId' | 'deviceName'>) =>
    store.recordStaffAction({ deviceId: s.device.id, deviceName: s.device.name, ...a });

  function managerOnly(s: StaffSession, cmd: StaffCommandName): void {
    if (s.device.role !== 'manager') {
      record(s, { action: 'refused', detail: { command: cmd, code: 'ROLE_FORBIDDEN' } });
      refuse('ROLE_FORBIDDEN', 'Only a manager may do this.');
    }
    if (!unlocked(s)) refuse('PIN_REQUIRED', 'Unlock with the manager PIN first.');
  }

  const handlers: { [K in StaffCommandName]: (s: StaffSession, input: z.output<(typeof INPUTS)[K]>) => unknown } = {
    follow(s, input) {
      const before = s.following;
      s.following = { tableIds: [...new Set(input.tableIds)], areas: [...new Set(input.areas)] };
      store.setStaffFollowing(s.device.id, s.following);
      record(s, { action: 'follow', detail: { tables: s.following.tableIds.length, areas: s.following.areas.length } });
      hub.sendNewlyFollowed(s, before);
      return s.following;
    },
    openTable(s, input) {
      const bill = staffBill(store, input.tableId) ?? refuse('NOT_FOUND', 'No such table.');
      record(s, { action: 'openTable', tableId: input.tableId, billId: bill.billId });
      return bill;
    },
    ack(s, input) {
      if (!hub.ack(s, input.noticeId)) refuse('NOT_FOUND', 'No such notice.');
      record(s, { action: 'ack', detail: { noticeId: input.noticeId } });
      return null;
    },
    call(s, input) {
      if (!store.read.tables.get(input.tableId)) refuse('NOT_FOUND', 'No such table.');
      record(s, { action: 'call', tableId: input.tableId, detail: { kind: input.kind } });
      return null;
    },
    managerUnlock(s, input) {
      if (s.device.role !== 'manager') {
        record(s, { action: 'refused', detail: { command: 'managerUnlock', code: 'ROLE_FORBIDDEN' } });
        refuse('ROLE_FORBIDDEN', 'Only a manager phone can be unlocked.');
      }
      const answer = deps.pin.unlock(input.pin);
      if (!answer.ok) {
        record(s, { action: 'managerUnlock', detail: { outcome: answer.code } });
        return answer.code === 'PIN_LOCKED' ? refuse('RATE_LIMITED', 'Too many wrong PINs: wait, then try again.') : refuse('PIN_WRONG', 'Wrong PIN.');
      }
      // The phone's unlock is its own: the till's settings unlock is not kept.
      deps.pin.lock(answer.value.unlock);
      const until = clock.now() + MANAGER_UNLOCK_MS;
      managerUntil.set(s.device.id, until);
      record(s, { action: 'managerUnlock', detail: { outcome: 'ok' } });
      return { until: new Date(until).toISOString() };
    },
    async capture(s, input) {
      managerOnly(s, 'capture');
      const payment = store.getPayment(input.paymentId) ?? refuse('NOT_FOUND', 'No such payment.');
      const result = await deps.capture(input.paymentId);
      record(s, { action: 'capture', paymentId: input.paymentId, billId: payment.billId, detail: { outcome: result.ok ? 'ok' : result.error.code } });
      if (!result.ok) refuse(result.error.code === 'NOT_CAPTURABLE' ? 'BAD_REQUEST' : 'INTERNAL', `The capture was refused (${result.error.code}).`);
      return null;
    },
    closeBill(s, input) {
      managerOnly(s, 'closeBill');
      if (!store.read.tables.get(input.tableId)) refuse('NOT_FOUND', 'No such table.');
      const bills = store.read.bills.activeOfTable(input.tableId);
      if (bills.length === 0) refuse('NOT_FOUND', 'The table has no open bill.');
      const due = bills.some((b) => b.items.some((i) => dec(i.quantity).minus(dec(i.paidQuantity)).gt(0)));
      if (due) {
        record(s, { action: 'refused', tableId: input.tableId, detail: { command: 'closeBill', code: 'MONEY_DUE' } });
        refuse('MONEY_DUE', 'Money is still due: the till settles it.');
      }
      for (const b of bills) store.closeBill(b.id);
      record(s, { action: 'closeBill', tableId: input.tableId, detail: { bills: bills.length } });
      return null;
    },
    refund(s, input) {
      record(s, { action: 'refused', paymentId: input.paymentId, detail: { command: 'refund', code: 'ROLE_FORBIDDEN' } });
      return refuse('ROLE_FORBIDDEN', 'Refunds are made at the till.');
    },
  };

  return {
    managerUntil: (deviceId: string): number | null => managerUntil.get(deviceId) ?? null,
    /** Answers one request frame; never throws. */
    async run(s: StaffSession, frame: { id: number; cmd: unknown; input: unknown }): Promise<StaffReply> {
      const { id } = frame;
      const cmd = frame.cmd;
      if (typeof cmd !== 'string' || !Object.hasOwn(INPUTS, cmd)) return { type: 'reply', id, error: { code: 'BAD_REQUEST', message: 'Unknown command.' } };
      const name = cmd as StaffCommandName;
      const parsed = INPUTS[name].safeParse(frame.input);
      if (!parsed.success) return { type: 'reply', id, error: { code: 'BAD_REQUEST', message: `The input of ${name} is not valid.` } };
      try {
        const handler = handlers[name] as (s: StaffSession, input: unknown) => unknown;
        return { type: 'reply', id, result: await handler(s, parsed.data) };
      } catch (e) {
        if (e instanceof Refusal) return { type: 'reply', id, error: { code: e.code, message: e.message } };
        if (isStoreError(e)) return { type: 'reply', id, error: { code: 'BAD_REQUEST', message: `Refused by the till (${e.code}).` } };
        log.error({ mod: 'staff', cmd: name, err: (e as Error).message }, 'staff command failed');
        return { type: 'reply', id, error: { code: 'INTERNAL', message: 'The till could not do this.' } };
      }
    },
  };
}

export type PhoneCommands = ReturnType<typeof createPhoneCommands>;
