import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { parseItem } from 'structured-headers';
import type { IdempotencyStore, IdempotentAnswer } from '../../store/index.js';
import { HttpError } from '../../base/http-route.js';

/**
 * Idempotency-Key on the POS API's writes (the IETF httpapi idempotency-key draft): the first
 * request under a key runs and its answer is kept once its write is committed; the same request
 * again is answered from what was kept (Idempotent-Replayed: true) and applies nothing; another
 * request under the key is 422; a request while the first still runs is 409. Refusals are not kept:
 * they changed nothing, so a retry runs again.
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const MAX_IDEMPOTENCY_KEY_CHARS = 255;

/** Printable ASCII only: the key is compared byte for byte and shown back in messages. */
const PRINTABLE = /^[\x20-\x7e]+$/;

/** The header's description in the document, written once for every write route. */
export const IDEMPOTENCY_KEY_DOC =
  'Optional, recommended on every retried write. A unique value per logical write (a UUID), 1 to 255 printable ASCII characters, ' +
  'sent as a structured-field string ("…") or as bare text. The same key with the same method, path and body within 24 h is answered ' +
  'with the first answer again (header Idempotent-Replayed: true) and applies nothing; the same key with another request is 422 ' +
  'IDEMPOTENCY_KEY_REUSED; the same key while its first request still runs is 409 IDEMPOTENCY_KEY_IN_USE. Refusals are not kept: a refused request may be retried under its key.';

export const IDEMPOTENCY_KEY_SCHEMA = { type: 'string', minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_CHARS, pattern: '^[\\x20-\\x7E]+$' };

function badKey(why: string): HttpError {
  return new HttpError(400, 'BAD_REQUEST', `${IDEMPOTENCY_HEADER} ${why}`, IDEMPOTENCY_HEADER);
}

/** The key of a request, or null when it sends none; 400 when it is malformed. */
export function idempotencyKeyOf(req: IncomingMessage): string | null {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return null;
  if (Array.isArray(raw)) throw badKey('was sent more than once; send one key.');
  let key = raw.trim();
  if (key.startsWith('"')) {
    try {
      const [value] = parseItem(key);
      if (typeof value !== 'string') throw new Error('not a string');
      key = value;
    } catch {
      throw badKey('is not a valid structured-field string; send "<key>" or the bare key.');
    }
  }
  if (key.length === 0) throw badKey('is empty; send a unique value per write, e.g. a UUID.');
  if (key.length > MAX_IDEMPOTENCY_KEY_CHARS) throw badKey(`is longer than ${MAX_IDEMPOTENCY_KEY_CHARS} characters.`);
  if (!PRINTABLE.test(key)) throw badKey('may hold printable ASCII characters only.');
  return key;
}

/** sha256 of method, path (with its query) and body: what "the same request" means. */
export function fingerprintOf(method: string, path: string, body: string): string {
  return createHash('sha256').update(`${method} ${path}\n`).update(body).digest('hex');
}

/** Keys whose first request is still running, per store: two servers on one store (a port move) share them. */
const running = new WeakMap<IdempotencyStore, Set<string>>();

export interface IdempotentRequest {
  key: string;
  method: string;
  path: string;
  fingerprint: string;
}

/**
 * Holds `key` for a request from its arrival (before its body is read) to its answer: the same key
 * meanwhile is 409. `release` frees it whatever the outcome.
 */
export function holdIdempotencyKey(store: IdempotencyStore, key: string): () => void {
  let keys = running.get(store);
  if (!keys) running.set(store, (keys = new Set()));
  if (keys.has(key)) {
    throw new HttpError(
      409,
      'IDEMPOTENCY_KEY_IN_USE',
      `A request with ${IDEMPOTENCY_HEADER} "${key}" is still running; wait for its answer, then retry with the same key.`,
      IDEMPOTENCY_HEADER,
      { 'retry-after': '1' },
    );
  }
  const held = keys;
  held.add(key);
  return () => held.delete(key);
}

/** The kept answer to replay for this request, or null to run it; 422 when the key was used for another request. */
export function keptAnswerFor(store: IdempotencyStore, request: IdempotentRequest): IdempotentAnswer | null {
  const kept = store.idempotentAnswer(request.key);
  if (!kept) return null;
  if (kept.fingerprint === request.fingerprint) return kept;
  const what = kept.method === request.method && kept.path === request.path ? 'with another body' : `for ${kept.method} ${kept.path}`;
  throw new HttpError(
    422,
    'IDEMPOTENCY_KEY_REUSED',
    `${IDEMPOTENCY_HEADER} "${request.key}" was already used ${what}; send a new key for a new request.`,
    IDEMPOTENCY_HEADER,
  );
}
