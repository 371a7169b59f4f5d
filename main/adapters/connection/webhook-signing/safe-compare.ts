import { timingSafeEqual } from 'node:crypto';

/**
 * Constant-time equality of two byte strings. The length check comes first because
 * timingSafeEqual throws on unequal lengths; a length is not a secret (a MAC's is fixed).
 */
export function safeEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
