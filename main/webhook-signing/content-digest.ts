import { createHash } from 'node:crypto';
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
  return createHash(DIGEST_ALGORITHMS[alg]).update(body).digest();
}

/** The header value, e.g. `sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:`. */
export function contentDigestHeader(body: Uint8Array | string, algs: readonly DigestAlgorithm[] = ['sha-256']): string {
  return algs.map((alg) => `${alg}=:${computeDigest(body, alg).toString('base64')}:`).join(', ');
}

function isKnown(alg: string): alg is DigestAlgorithm {
  return Object.hasOwn(DIGEST_ALGORITHMS, alg);
}

export function verifyContentDigest(header: string | undefined, body: Uint8Array | string): DigestCheck {
  if (header === undefined || header.trim() === '') return { ok: false, reason: 'Content-Digest header is missing' };
  let dict;
  try {
    dict = parseByteDictionary(header);
  } catch {
    return { ok: false, reason: 'Content-Digest is not a valid structured-field dictionary' };
  }
  let checked = 0;
  for (const [alg, member] of dict) {
    const name = alg.toLowerCase();
    if (!isKnown(name)) continue;
    const value = member[0];
    if (!(value instanceof ArrayBuffer)) return { ok: false, reason: `Content-Digest ${name} must be a byte sequence (:base64:)` };
    if (!safeEqual(new Uint8Array(value), computeDigest(body, name))) {
      return { ok: false, reason: `Content-Digest ${name} does not match the body` };
    }
    checked++;
  }
  if (checked === 0) return { ok: false, reason: 'Content-Digest lists no supported algorithm (sha-256 or sha-512)' };
  return { ok: true };
}
