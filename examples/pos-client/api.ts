import { randomUUID } from 'node:crypto';
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './pos-api.js';

/** The POS API client: openapi-fetch over the types generated from the served document. */
export type PosApiClient = Client<paths>;

export interface ApiOptions {
  /** Where Tableside's POS API listens: the origin (http://127.0.0.1:4100) or its /v1 URL. */
  url: string;
  /** The bearer token (Settings, or <dataDir>/pos-api-token). */
  token: string;
  /** Another fetch (tests pass one that loses answers). */
  fetch?: typeof fetch;
}

export function connect(options: ApiOptions): PosApiClient {
  // The document's paths carry /v1 themselves: the client's base is the origin.
  const baseUrl = new URL(options.url).origin;
  return createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${options.token}` }, ...(options.fetch ? { fetch: options.fetch } : {}) });
}

/** A refusal's body (every 4xx/5xx of the API). */
export interface ApiRefusal {
  error: { code: string; message: string; field?: string };
}

export class WriteFailed extends Error {
  constructor(
    readonly what: string,
    readonly status: number,
    readonly refusal: ApiRefusal | undefined,
  ) {
    super(`${what}: ${status} ${refusal?.error.code ?? ''} ${refusal?.error.message ?? ''}`.trim());
  }
}

export interface RetryPolicy {
  attempts: number;
  /** Before attempt n+1 (n from 1). */
  delayMs: (attempt: number) => number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 6, delayMs: (n) => Math.min(250 * 2 ** (n - 1), 5_000) };

/** What the writes did: how many were answered from an earlier try (Idempotent-Replayed), how many retried. */
export interface WriteStats {
  sent: string[];
  replayed: number;
  retried: number;
}

type Answer = { response: Response; error?: unknown };

/**
 * Whether to try again with the same key: the answer never came (network), the key's first request
 * is still running (409 IDEMPOTENCY_KEY_IN_USE), or the till is busy or failing (503, 5xx). Every
 * other answer is final: a 4xx says what to fix, and a retry would be refused the same way.
 */
function worthRetrying(answer: Answer): boolean {
  const { status } = answer.response;
  if (status === 409) return (answer.error as ApiRefusal | undefined)?.error.code === 'IDEMPOTENCY_KEY_IN_USE';
  return status === 503 || status >= 500;
}

/**
 * One logical write, sent with one Idempotency-Key however many times it is tried: Tableside
 * applies it once and answers every retry with the first answer. `key` is given for a write that
 * must stay one write across a restart of this POS (one made for an event: derive it from the
 * event); a fresh UUID otherwise. Throws WriteFailed on a final refusal.
 */
export async function write<A extends Answer>(
  what: string,
  send: (headers: { 'Idempotency-Key': string }) => Promise<A>,
  stats: WriteStats,
  options: { key?: string; retry?: RetryPolicy } = {},
): Promise<A> {
  const key = options.key ?? randomUUID();
  const retry = options.retry ?? DEFAULT_RETRY;
  for (let attempt = 1; ; attempt++) {
    stats.sent.push(what);
    let answer: A | undefined;
    let lost: unknown;
    try {
      answer = await send({ 'Idempotency-Key': key });
    } catch (e) {
      lost = e; // Sent, perhaps applied, answer lost: the same key makes the retry safe.
    }
    if (answer && !worthRetrying(answer)) {
      if (answer.response.headers.get('idempotent-replayed') === 'true') stats.replayed++;
      if (!answer.response.ok) throw new WriteFailed(what, answer.response.status, answer.error as ApiRefusal | undefined);
      return answer;
    }
    if (attempt >= retry.attempts) {
      if (answer) throw new WriteFailed(what, answer.response.status, answer.error as ApiRefusal | undefined);
      throw lost;
    }
    stats.retried++;
    const delay = retry.delayMs(attempt);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
