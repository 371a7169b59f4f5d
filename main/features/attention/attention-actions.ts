import type { AttentionEntry, RecoveryOutcome } from '../../../preload/contract.js';
import type { Clock } from '../../base/clock.js';
import type { Logger } from '../../base/log.js';
import { awaitingCapture, recoverPayments } from '../payments/recovery/index.js';
import {
  LOCK_EXPIRED,
  type AttentionActionName,
  type BillsStore,
  type PaymentsStore,
  type AttentionStore,
  type StoreEngine,
  type PaymentRecord,
  type StoreWrite,
} from '../../store/index.js';
import type { Payment as WirePayment } from '../../base/wire/index.js';
import { entryOfPayment, findEntry, sourceOf } from './attention-list.js';
import { LOCK_LIMIT_MS } from './sources/payment-timing.js';
import type { AttentionContext } from './sources/source.js';

/**
 * A refusal of an attention action: `code` for the renderer to word (and the POS API to send),
 * `params` the facts it needs. Never an English sentence for the screen.
 */
export interface AttentionRefusal {
  ok: false;
  code: 'NOT_FOUND' | 'ACTION_REQUIRED' | 'PAYMENT_NOT_FOUND' | 'NOT_PENDING' | 'AWAITING_CAPTURE' | 'LOCK_NOT_STALE' | 'NETWORK_ERROR';
  params?: Record<string, string | number>;
}
export type AttentionResult<T> = { ok: true; value: T } | AttentionRefusal;

/** The longest note a cashier may leave (the edges' schemas say the same). */
export const MAX_NOTE_LENGTH = 500;

const refuse = (code: AttentionRefusal['code'], params?: AttentionRefusal['params']): AttentionRefusal =>
  params ? { ok: false, code, params } : { ok: false, code };

const subjectOf = (e: Pick<AttentionEntry, 'tableId' | 'billId' | 'paymentId'>) => ({ tableId: e.tableId, billId: e.billId, paymentId: e.paymentId });

function record(
  store: BillsStore & PaymentsStore & AttentionStore & StoreEngine,
  entry: AttentionEntry,
  action: AttentionActionName,
  note: string | null,
): void {
  store.resolveAttention({ entryId: entry.id, kind: entry.kind, action, note }, subjectOf(entry));
}

/** Acknowledges an entry that only needs a look; it leaves the list. An action entry answers ACTION_REQUIRED. */
export function acknowledge(
  store: BillsStore & PaymentsStore & AttentionStore & StoreEngine,
  now: number | AttentionContext,
  input: { entryId: string; note?: string | undefined },
): AttentionResult<AttentionEntry> {
  const entry = findEntry(store.read, now, input.entryId);
  if (!entry) return refuse('NOT_FOUND');
  // An entry without actions (pos-unsynced) resolves by itself: ACTION_REQUIRED names no action.
  if (!sourceOf(entry.kind)?.acknowledgeable) return refuse('ACTION_REQUIRED', entry.actions[0] ? { action: entry.actions[0] } : undefined);
  const note = input.note?.trim() ?? '';
  record(store, entry, 'acknowledge', note === '' ? null : note.slice(0, MAX_NOTE_LENGTH));
  return { ok: true, value: entry };
}

function pendingPayment(store: BillsStore & PaymentsStore & AttentionStore & StoreEngine, paymentId: string): AttentionResult<PaymentRecord> {
  const p = store.getPayment(paymentId);
  if (!p) return refuse('PAYMENT_NOT_FOUND');
  if (p.state !== 'STARTED' && p.state !== 'PROCESSED') return refuse('NOT_PENDING');
  if (awaitingCapture(p)) return refuse('AWAITING_CAPTURE');
  return { ok: true, value: p };
}

/**
 * Releases the items a payment locked: it ends LOCK_EXPIRED, and the release is recorded in the
 * same commit. Only a lock held longer than a payment can take (LOCK_LIMIT_MS); a late PAID from
 * the service still counts, once (payment-ops).
 */
export function releaseLock(store: BillsStore & PaymentsStore & AttentionStore & StoreEngine, now: number, paymentId: string): AttentionResult<PaymentRecord> {
  const pending = pendingPayment(store, paymentId);
  if (!pending.ok) return pending;
  const entry = entryOfPayment(store.read, now, paymentId, ['lock-held']);
  if (!entry) return refuse('LOCK_NOT_STALE', { minutes: LOCK_LIMIT_MS / 60_000 });
  const writes: StoreWrite[] = ['closePayment', 'resolveAttention'];
  store.group(
    () => {
      store.closePayment(paymentId, LOCK_EXPIRED);
      record(store, entry, 'release-lock', null);
    },
    { writes },
  );
  return { ok: true, value: store.getPayment(paymentId)! };
}

export interface RetryDeps {
  store: BillsStore & PaymentsStore & AttentionStore & StoreEngine;
  clock: Clock;
  log: Logger;
  /** The service's word on the payment (recovery's paymentLookup): null for 404, throws when unreachable. */
  getPayment: (id: string) => Promise<WirePayment | null>;
}

/** Asks the service about one pending payment again and settles it as recovery would; the try is recorded. */
export async function retryRecovery(deps: RetryDeps, paymentId: string): Promise<AttentionResult<{ outcome: RecoveryOutcome; payment: PaymentRecord }>> {
  const { store, clock } = deps;
  const pending = pendingPayment(store, paymentId);
  if (!pending.ok) return pending;
  const entry = entryOfPayment(store.read, clock.now(), paymentId, ['unsettled-payment', 'lock-held']);
  // Recovery over this one payment: the same rules (and lock time-out) as on every reconnect.
  const summary = await recoverPayments({ store: { ...store, pendingPayments: () => [pending.value] }, getPayment: deps.getPayment, clock, log: deps.log });
  if (summary.failed.length > 0) return refuse('NETWORK_ERROR');
  if (entry) record(store, entry, 'retry-recovery', null);
  const outcome: RecoveryOutcome =
    summary.paid.length > 0 ? 'paid' : summary.unlocked.length > 0 ? 'unlocked' : summary.expired.length > 0 ? 'expired' : 'open';
  return { ok: true, value: { outcome, payment: store.getPayment(paymentId)! } };
}

/** capturePayment's store side: marks it captured and records the resolution in one commit. */
export function recordCapture(store: BillsStore & PaymentsStore & AttentionStore & StoreEngine, paymentId: string): void {
  const p = store.getPayment(paymentId);
  const bill = p ? store.getBill(p.billId) : null;
  const writes: StoreWrite[] = ['markCaptured', 'resolveAttention'];
  store.group(
    () => {
      const { changed } = store.markCaptured(paymentId);
      if (changed)
        store.resolveAttention(
          { entryId: `capture:${paymentId}`, kind: 'capture', action: 'capture', note: null },
          { tableId: bill?.tableId ?? null, billId: p?.billId ?? null, paymentId },
        );
    },
    { writes },
  );
}

/** cancelPayment's failure side: a refusal the service answered (not an unreachable service) is kept for Needs attention. */
export function recordRefundFailure(
  store: BillsStore & PaymentsStore & AttentionStore & StoreEngine,
  paymentId: string,
  failure: { status: number; code: string },
): void {
  if (failure.status > 0 && store.getPayment(paymentId)) store.recordRefundRefusal(paymentId, failure.code);
}
