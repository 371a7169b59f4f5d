import { randomBytes } from 'node:crypto';
import type { StaffRole } from '../../../preload/staff-frames.js';
import type { Clock } from '../../base/clock.js';

/** How long a pairing code opens the pairing: long enough to scan, short enough to be useless later. */
export const PAIRING_MS = 2 * 60_000;
/** Pairings waiting at once; a till shows one at a time, so more is a mistake. */
const MAX_WAITING = 8;

export interface PendingPairing {
  code: string;
  name: string;
  role: StaffRole;
  expiresAt: number;
}

export interface PairingCodes {
  start(who: { name: string; role: StaffRole }): PendingPairing;
  /** The pairing a code opens, used up at once; null for a wrong, used or expired code. */
  take(code: string): PendingPairing | null;
  cancel(code: string): void;
  /** Every waiting code stops working (staff phones turned off). */
  clear(): void;
}

/**
 * Pairing codes, in memory only: one use, PAIRING_MS long, 128 random bits (base64url), so
 * guessing one under the pairing rate limit is hopeless (docs/decisions/022). A restart forgets
 * them: the cashier shows a new code.
 */
export function createPairingCodes(clock: Clock): PairingCodes {
  const waiting = new Map<string, PendingPairing>();
  const prune = () => {
    const now = clock.now();
    for (const [code, p] of waiting) if (p.expiresAt <= now) waiting.delete(code);
  };
  return {
    start(who) {
      prune();
      // The oldest goes first: a cashier who opens the dialog again wants the newest code.
      while (waiting.size >= MAX_WAITING) waiting.delete(waiting.keys().next().value!);
      const pairing = { code: randomBytes(16).toString('base64url'), name: who.name, role: who.role, expiresAt: clock.now() + PAIRING_MS };
      waiting.set(pairing.code, pairing);
      return pairing;
    },
    take(code) {
      prune();
      const pairing = waiting.get(code) ?? null;
      if (pairing) waiting.delete(code);
      return pairing;
    },
    cancel: (code) => void waiting.delete(code),
    clear: () => waiting.clear(),
  };
}
