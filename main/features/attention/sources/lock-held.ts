import { isoBefore, LOCK_LIMIT_MS, PENDING_NOT_CAPTURE } from './payment-timing.js';
import type { AttentionSource, SourceRow } from './source.js';
import { PAYMENT_COLUMNS, PAYMENT_JOINS, toEntry } from './source.js';

// A bill locked by a payment start older than LOCK_LIMIT_MS (5 min, see payment-timing.ts): guests
// at that table are refused until it is released. Recovery releases such locks when the service
// answers; this lists the ones it could not.
const SQL = `SELECT ${PAYMENT_COLUMNS}, p.lockedAt AS since, p.state AS state
  FROM payments p ${PAYMENT_JOINS}
  WHERE ${PENDING_NOT_CAPTURE} AND p.lockedAt IS NOT NULL AND p.lockedAt <= :lockSince
  ORDER BY p.lockedAt, p.id`;

/** Locks held longer than a payment can take: releaseLock (or retryRecovery) resolves them. */
export const lockHeldSource: AttentionSource = {
  kind: 'lock-held',
  triggers: ['payment.started', 'payment.processed', 'payment.paid', 'payment.cancelled', 'payment.captured'],
  timed: true,
  acknowledgeable: false,
  list: (read, { now }) =>
    read.attention
      .select<SourceRow & { state: string }>(SQL, { lockSince: isoBefore(now, LOCK_LIMIT_MS) })
      .map((row) => toEntry('lock-held', row, ['release-lock', 'retry-recovery'], { state: row.state })),
};
