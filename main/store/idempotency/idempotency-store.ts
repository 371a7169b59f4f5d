import type { Clock } from '../../base/clock.js';
import type { IdempotentAnswer } from '../repos/idempotency-repo.js';
import type { Transactions } from '../repos/tx.js';

/** How long an answer is kept under its Idempotency-Key. */
export const IDEMPOTENCY_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * The POS API's Idempotency-Key answers (migration 018): kept 24 h by the store's clock, then
 * pruned. No events: the answer repeats a write whose own events were already logged.
 */
export interface IdempotencyStore {
  /** The answer kept under `key` within the last 24 h, or null. */
  idempotentAnswer(key: string): IdempotentAnswer | null;
  /** Keeps a write's answer (called once the write is committed); prunes the expired ones in the same commit. */
  keepIdempotentAnswer(answer: Omit<IdempotentAnswer, 'createdMs'>): void;
  /** How many answers are stored (expired ones included until pruned). */
  idempotentAnswerCount(): number;
}

export function createIdempotencyStore({ write, read }: Transactions, clock: Clock): IdempotencyStore {
  return {
    idempotentAnswer: (key) => read.idempotency.answer(key, clock.now() - IDEMPOTENCY_KEPT_MS),
    keepIdempotentAnswer: (answer) =>
      write('keepIdempotentAnswer', (tx) => {
        // Pruning here keeps the table at one day of writes without a timer of its own.
        tx.idempotency.pruneBefore(tx, tx.nowMs - IDEMPOTENCY_KEPT_MS);
        tx.idempotency.putAnswer(tx, answer);
      }),
    idempotentAnswerCount: () => read.idempotency.count(),
  };
}
