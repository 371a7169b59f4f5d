import { createHmac } from 'node:crypto';
import { safeEqual } from './safe-compare.js';

/** Signature-SHA256: lowercase hex HMAC-SHA256 of the raw body bytes, the API key as the secret. */
export function bodySignature(secret: string | Uint8Array, body: Uint8Array | string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** docs/PROTOCOL.md fixes the form: 64 lower-case hex digits, nothing else (no upper case, no spaces). */
const LOWER_HEX_SHA256 = /^[0-9a-f]{64}$/;

/** Whether the header has the one form the protocol allows; checked before the body is read. */
export function isBodySignatureForm(header: string | undefined): header is string {
  return header !== undefined && LOWER_HEX_SHA256.test(header);
}

export function verifyBodySignature(header: string | undefined, secret: string | Uint8Array, body: Uint8Array | string): boolean {
  if (!isBodySignatureForm(header)) return false;
  // The form is exactly 64 lower-case hex digits, so its bytes and the MAC's compare one for one
  // (constant time), with no hex string made of the MAC.
  return safeEqual(Buffer.from(header, 'hex'), createHmac('sha256', secret).update(body).digest());
}
