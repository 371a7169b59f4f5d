import type { Clock } from '../../../base/clock.js';
import type { Logger } from '../../../base/log.js';
import { LOCK_EXPIRED, type PaymentsStore } from '../../../store/index.js';
import { METHOD_CALL_TIMEOUT_MS, type Payment as WirePayment } from '../../../base/wire/index.js';

/** The service gives up on a call after 15 s; a lock this old can no longer be closed by it. */
export const DEFAULT_LOCK_TIMEOUT_MS = 5 * 60_000;

export interface RecoveryOptions {
  store: PaymentsStore;
  /** GET /api/v2/pos/payment/<id>: the payment, or null for 404. Throws on network errors. */
  getPayment: (id: string) => Promise<WirePayment | null>;
  log: Logger;
  clock: Clock;
  /** Release a lock the service still reports STARTED once it is older than this (default 5 min). */
  lockTimeoutMs?: number;
}

export interface RecoverySummary {
  checked: number;
  paid: string[];
  /** Unlocked because the service said so (CANCELLED, another final state, or 404). */
  unlocked: string[];
  /** Unlocked because the lock outlived the service's time-out. */
  expired: string[];
  /** Still running on the service: left as they are. */
  open: string[];
  /** The service could not be asked (network): tried again on the next reconnect. */
  failed: string[];
}

const IN_PROGRESS = new Set(['STARTED', 'PROCESSED']);

/** A manual-capture payment that was processed holds the guest's money until the cashier captures it: its lock stays. */
export function awaitingCapture(p: { captureMode: 'auto' | 'manual'; state: string }): boolean {
  return p.captureMode === 'manual' && p.state === 'PROCESSED';
}

/**
 * Settles payments whose paymentClosed we may have missed (docs/PROTOCOL.md §2): on every
 * (re)connect, each payment still STARTED or PROCESSED here is looked up at the service and
 * closed the way paymentClosed would have closed it, exactly once (closePayment is idempotent).
 */
export async function recoverPayments(options: RecoveryOptions): Promise<RecoverySummary> {
  const { store, getPayment, clock } = options;
  const log = options.log.child({ mod: 'recovery' });
  const lockTimeoutMs = Math.max(options.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS, METHOD_CALL_TIMEOUT_MS);
  const summary: RecoverySummary = { checked: 0, paid: [], unlocked: [], expired: [], open: [], failed: [] };

  for (const local of store.pendingPayments()) {
    summary.checked += 1;
    const paymentId = local.id;
    let remote: WirePayment | null;
    try {
      remote = await getPayment(paymentId);
    } catch (e) {
      log.warn({ paymentId, billId: local.billId, err: (e as Error).message }, 'could not look up the payment; will retry on the next connect');
      summary.failed.push(paymentId);
      continue;
    }
    const state = remote === null ? 'NOT_FOUND' : remote.state;
    if (state === 'PAID') {
      store.closePayment(paymentId, 'PAID');
      summary.paid.push(paymentId);
      log.info({ paymentId, billId: local.billId }, 'recovered: the service says PAID, items are paid');
    } else if (!IN_PROGRESS.has(state)) {
      store.closePayment(paymentId, state, 'lookup');
      summary.unlocked.push(paymentId);
      log.info({ paymentId, billId: local.billId, state }, 'recovered: the payment ended unpaid, items unlocked');
    } else if (!awaitingCapture(local) && local.lockedAt !== null && clock.now() - Date.parse(local.lockedAt) > lockTimeoutMs) {
      store.closePayment(paymentId, LOCK_EXPIRED);
      summary.expired.push(paymentId);
      log.warn({ paymentId, billId: local.billId, lockedAt: local.lockedAt }, 'released a lock older than the service time-out');
    } else {
      summary.open.push(paymentId);
    }
  }
  if (summary.checked > 0) log.info({ ...summary }, 'payment recovery done');
  return summary;
}
