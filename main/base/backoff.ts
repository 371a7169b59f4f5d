import { BACKOFF_MAX_MS, BACKOFF_MIN_MS } from './wire/index.js';

export interface BackoffOptions {
  minMs: number;
  maxMs: number;
}

/**
 * Exponential backoff with jitter (docs/PROTOCOL.md §3): 1 s doubling to 60 s. The jitter spreads the
 * delay over [base/2, base] so that many tills that lost the link together (a service restart, a
 * router reboot) do not all knock at the same instant.
 */
export interface Backoff {
  /** Counts one more failed attempt and returns how long to wait before the next one. */
  next(): { attempt: number; delayMs: number };
  /** Failed attempts since the last success. */
  readonly attempt: number;
  /** The link was established: start again from the minimum. */
  reset(): void;
}

export const DEFAULT_BACKOFF: BackoffOptions = { minMs: BACKOFF_MIN_MS, maxMs: BACKOFF_MAX_MS };

export function createBackoff(options: BackoffOptions = DEFAULT_BACKOFF, random: () => number = Math.random): Backoff {
  if (!(options.minMs > 0) || !(options.maxMs >= options.minMs)) {
    throw new Error(`backoff: minMs must be > 0 and maxMs >= minMs (got ${options.minMs}, ${options.maxMs})`);
  }
  let attempt = 0;
  return {
    get attempt() {
      return attempt;
    },
    next() {
      attempt += 1;
      // 2 ** 30 already exceeds any sane maxMs; capping the exponent keeps the number finite.
      const base = Math.min(options.maxMs, options.minMs * 2 ** Math.min(attempt - 1, 30));
      const jittered = base / 2 + random() * (base / 2);
      return { attempt, delayMs: Math.max(1, Math.round(jittered)) };
    },
    reset() {
      attempt = 0;
    },
  };
}
