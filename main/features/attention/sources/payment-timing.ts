import { DEFAULT_LOCK_TIMEOUT_MS, STALL_SILENCE_MS } from '../../payments/recovery/index.js';

/**
 * How long is too long. A payment is a handful of calls, each of which the service gives up on after
 * 15 s (the spec's time-out); recovery treats a lock older than DEFAULT_LOCK_TIMEOUT_MS (5 min) as
 * one the service can no longer close, and StalledPayments asks the service after STALL_SILENCE_MS
 * (2 min) without a call. So: silent for 2 min and not settled → "unsettled payment" (retry
 * recovery); a lock older than 5 min still held → "lock held too long" (release it).
 */
export const LOCK_LIMIT_MS = DEFAULT_LOCK_TIMEOUT_MS;
export const SILENCE_LIMIT_MS = STALL_SILENCE_MS;

/** Pending (STARTED/PROCESSED) and not a manual-capture payment waiting for the cashier (its own kind). */
export const PENDING_NOT_CAPTURE = "p.state IN ('STARTED', 'PROCESSED') AND NOT (p.state = 'PROCESSED' AND p.captureMode = 'manual' AND p.captured = 0)";

/** The last time the service said something about the payment (its start, lock or processing). */
export const LAST_CALL = 'MAX(p.created, COALESCE(p.lockedAt, p.created), COALESCE(p.processedAt, p.created))';

export const isoBefore = (now: number, ms: number): string => new Date(now - ms).toISOString();
