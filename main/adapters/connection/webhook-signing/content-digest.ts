import { hash } from 'node:crypto';
import { parseByteDictionary } from './byte-dictionary.js';
import { safeEqual } from './safe-compare.js';

/**
 * RFC 9530 Content-Digest: a structured-field dictionary `alg=:<base64 digest>:`. We send
 * sha-256; we check every algorithm we know that the sender listed (sha-256, sha-512) and
 * ignore the ones we do not know, as RFC 9530 §2 lets a recipient do. At least one known
 * algorithm must be present, or the body is not protected at all.
 */
export const DIGEST_ALGORITHMS = { 'sha-256': 'sha256', 'sha-512': 'sha512' } as const;
export type DigestAlgorithm = keyof typeof DIGEST_ALGORITHMS;

export type DigestCheck = { ok: true } | { ok: false; reason: string };

export function computeDigest(body: Uint8Array | string, alg: DigestAlgorithm = 'sha-256'): Buffer {
  // One call, no Hash object: this runs on every delivery.
  return hash(DIGEST_ALGORITHMS[alg], body, 'buffer');
}

/** The header value, e.g. `sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:`. */
export function contentDigestHeader(body: Uint8Array | string, algs: readonly DigestAlgorithm[] = ['sha-256']): string {
  return algs.map((alg) => `${alg}=:${computeDigest(body, alg).toString('base64')}:`).join(', ');
}

function isKnown(alg: string): alg is DigestAlgorithm {
  return Object.hasOwn(DIGEST_ALGORITHMS, alg);
}

/** The digests a Content-Digest header lists for the algorithms we know, or why it is unusable. */
export type DigestList = { ok: true; digests: [DigestAlgorithm, Uint8Array][] } | { ok: false; reason: string };

/**
 * Reads the header alone (no body needed): the receiver checks it before it reads the body, and
 * compares the body with `matchContentDigest` once it has it.
 */
export function parseContentDigest(header: string | undefined): DigestList {
  if (header === undefined || header.trim() === '') return { ok: false, reason: 'Content-Digest header is missing' };
  let dict;
  try {
    dict = parseByteDictionary(header);
  } catch {
    return { ok: false, reason: 'Content-Digest is not a valid structured-field dictionary' };
  }
  const digests: [DigestAlgorithm, Uint8Array][] = [];
  for (const [alg, member] of dict) {
    const name = alg.toLowerCase();
    if (!isKnown(name)) continue;
    const value = member[0];
    if (!(value instanceof ArrayBuffer)) return { ok: false, reason: `Content-Digest ${name} must be a byte sequence (:base64:)` };
    digests.push([name, new Uint8Array(value)]);
  }
  if (digests.length === 0) return { ok: false, reason: 'Content-Digest lists no supported algorithm (sha-256 or sha-512)' };
  return { ok: true, digests };
}

/** Every listed digest must match the body (constant-time compare). */
export function matchContentDigest(digests: readonly [DigestAlgorithm, Uint8Array][], body: Uint8Array | string): DigestCheck {
  for (const [alg, expected] of digests) {
    if (!safeEqual(expected, computeDigest(body, alg))) return { ok: false, reason: `Content-Digest ${alg} does not match the body` };
  }
  return { ok: true };
}

export function verifyContentDigest(header: string | undefined, body: Uint8Array | string): DigestCheck {
  const parsed = parseContentDigest(header);
  return parsed.ok ? matchContentDigest(parsed.digests, body) : parsed;
}
