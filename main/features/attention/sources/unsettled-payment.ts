import { isoBefore, LAST_CALL, LOCK_LIMIT_MS, PENDING_NOT_CAPTURE, SILENCE_LIMIT_MS } from './payment-timing.js';
import type { AttentionSource, SourceRow } from './source.js';
import { PAYMENT_COLUMNS, PAYMENT_JOINS, toEntry } from './source.js';

// paymentClosed never came and recovery (StalledPayments, the reconnect sweep) has not settled it:
// the service was silent for 2 min. Once its lock is older than the limit it is a lock-held entry.
const SQL = `SELECT ${PAYMENT_COLUMNS}, ${LAST_CALL} AS since, p.state AS state
  FROM payments p ${PAYMENT_JOINS}
  WHERE ${PENDING_NOT_CAPTURE} AND ${LAST_CALL} <= :silentSince AND (p.lockedAt IS NULL OR p.lockedAt > :lockSince)
  ORDER BY since, p.id`;

/** Payments the service stopped talking about: retryRecovery asks it again. */
export const unsettledPaymentSource: AttentionSource = {
  kind: 'unsettled-payment',
  triggers: ['payment.started', 'payment.processed', 'payment.paid', 'payment.cancelled', 'payment.captured'],
  timed: true,
  acknowledgeable: false,
  list: (read, { now }) =>
    read.attention
      .select<SourceRow & { state: string }>(SQL, { silentSince: isoBefore(now, SILENCE_LIMIT_MS), lockSince: isoBefore(now, LOCK_LIMIT_MS) })
      .map((row) => toEntry('unsettled-payment', row, ['retry-recovery'], { state: row.state })),
};
