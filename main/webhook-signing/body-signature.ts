import { createHmac } from 'node:crypto';
import { safeEqual } from './safe-compare.js';

/** Signature-SHA256: lowercase hex HMAC-SHA256 of the raw body bytes, the API key as the secret. */
export function bodySignature(secret: string | Uint8Array, body: Uint8Array | string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

export function verifyBodySignature(header: string | undefined, secret: string | Uint8Array, body: Uint8Array | string): boolean {
  if (header === undefined) return false;
  // Both sides are ASCII hex: comparing the strings' bytes in constant time is enough.
  const given = Buffer.from(header.trim().toLowerCase(), 'latin1');
  const expected = Buffer.from(bodySignature(secret, body), 'latin1');
  return safeEqual(given, expected);
}
