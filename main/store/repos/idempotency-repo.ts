import type { Database } from 'better-sqlite3';
import type { WriteToken } from '../engine/tx.js';

/** The answer a POS API write gave under an Idempotency-Key (migration 018). */
export interface IdempotentAnswer {
  key: string;
  /** sha256 of the request's method, path and body (hex). */
  fingerprint: string;
  method: string;
  path: string;
  status: number;
  /** The answer's own headers (Link...), as JSON text. */
  headers: Record<string, string>;
  /** The answer's body as sent (JSON text); null when it had none (204). */
  body: string | null;
  createdMs: number;
}

type Row = Omit<IdempotentAnswer, 'headers'> & { headers: string };

/** Idempotency keys, read half: one key's answer when it was kept at or after `sinceMs`. */
export function createIdempotencyReader(db: Database): IdempotencyReader {
  const one = db.prepare<[string, number], Row>(
    'SELECT key, fingerprint, method, path, status, headers, body, createdMs FROM idempotency_keys WHERE key = ? AND createdMs >= ?',
  );
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM idempotency_keys');
  return {
    answer: (key, sinceMs) => {
      const row = one.get(key, sinceMs);
      return row ? { ...row, headers: JSON.parse(row.headers) as Record<string, string> } : null;
    },
    count: () => count.get()!.n,
  };
}
export interface IdempotencyReader {
  answer(key: string, sinceMs: number): IdempotentAnswer | null;
  /** How many answers are kept (expired ones until they are pruned). */
  count(): number;
}

/** Idempotency keys, write half. */
export function createIdempotencyWriter(db: Database): IdempotencyWriter {
  // An expired answer under the same key is replaced: after 24 h the key is free again.
  const put = db.prepare(
    `INSERT OR REPLACE INTO idempotency_keys (key, fingerprint, method, path, status, headers, body, createdMs)
     VALUES (@key, @fingerprint, @method, @path, @status, @headers, @body, @createdMs)`,
  );
  const prune = db.prepare<[number]>('DELETE FROM idempotency_keys WHERE createdMs < ?');
  return {
    putAnswer: (tx, answer) => {
      put.run({ ...answer, headers: JSON.stringify(answer.headers), createdMs: tx.nowMs });
    },
    pruneBefore: (_tx, beforeMs) => prune.run(beforeMs).changes,
  };
}
export interface IdempotencyWriter {
  putAnswer(tx: WriteToken, answer: Omit<IdempotentAnswer, 'createdMs'>): void;
  /** Deletes the answers kept before `beforeMs`; returns how many. */
  pruneBefore(tx: WriteToken, beforeMs: number): number;
}
