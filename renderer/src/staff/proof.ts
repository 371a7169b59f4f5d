// The hello's proof: HMAC-SHA256 keyed with the device's secret over the challenge's nonce.
// @noble/hashes, not crypto.subtle: a LAN address over plain http is not a secure context, and
// there the browser has no crypto.subtle at all.
import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils';

/** hex(HMAC-SHA256(key = the secret's 32 bytes, message = the nonce's UTF-8 text)). */
export function proofOf(secretHex: string, nonce: string): string {
  return bytesToHex(hmac(sha256, hexToBytes(secretHex), utf8ToBytes(nonce)));
}
