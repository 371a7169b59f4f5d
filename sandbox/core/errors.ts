import type { MethodError } from '../../main/base/wire/index.js';
import type { GuestStep } from './guest-schemas.js';

/**
 * What the core and the guest simulator refuse, as a code with its parameters. They know nothing
 * of HTTP: `http/server.ts` holds the one table that turns each code into a status and a body,
 * and the programmatic API (`sandbox.ts`) uses the same table for `SandboxRequestError`.
 */
export interface SandboxErrorParams {
  /** Bad input; `detail` names the field, e.g. `items[0].id: "x" is not an unpaid item of bill b1`. */
  BAD_REQUEST: { detail: string };
  RESTAURANT_NOT_FOUND: { restaurantId: string | undefined };
  API_KEY_TAKEN: Record<string, never>;
  NO_POS_CONNECTION: Record<string, never>;
  /** The POS failed (or answered badly) a call made before any payment exists. */
  POS_CALL_FAILED: { method: string; error: MethodError; steps: GuestStep[] };
  BILL_NOT_FOUND: { idBill: string; idTable: string; steps: GuestStep[] };
  NO_OPEN_BILL: { idTable: string; steps: GuestStep[] };
  NOTHING_TO_PAY: { idBill: string };
  /** A guest order names items the POS has not pushed (or pushed as unavailable), or no menu was pushed yet. */
  NOT_ON_MENU: { detail: string; items: string[] };
  /** A guest tries to pay a static payment link that is not ACTIVE (paid already, expired). */
  LINK_NOT_PAYABLE: { linkId: string; state: string };
}

export type SandboxErrorCode = keyof SandboxErrorParams;

export class SandboxError<C extends SandboxErrorCode = SandboxErrorCode> extends Error {
  override readonly name = 'SandboxError';
  constructor(
    readonly code: C,
    readonly params: SandboxErrorParams[C],
  ) {
    super(code);
  }
}
