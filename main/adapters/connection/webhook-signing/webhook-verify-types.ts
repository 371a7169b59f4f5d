import type { Parsed } from '../../../base/wire/index.js';
import type { DigestAlgorithm } from './content-digest.js';
import type { SignatureParams } from './message-signature.js';
import type { HttpRequestParts } from './signature-base.js';

/** Why a delivery is refused: the HTTP status the receiver answers and a reason for the log. */
export interface WebhookRejection {
  status: 400 | 401 | 410;
  code: 'BAD_REQUEST' | 'BAD_DIGEST' | 'BAD_SIGNATURE' | 'EXPIRED' | 'CREATED_OUT_OF_WINDOW';
  message: string;
}

/** What the headers proved; the body is checked against it once it has been read. */
export interface VerifiedHeaders {
  ok: true;
  signature: SignatureParams;
  /** The signature's times, judged after the body's signature (verifyWebhookBody). */
  times: { created: number; expires: number };
  digests: [DigestAlgorithm, Uint8Array][];
  bodySignature: string;
}

export type HeadersVerification = VerifiedHeaders | { ok: false; rejection: WebhookRejection };
export type WebhookVerification = { ok: true; signature: SignatureParams; json: Parsed<unknown> } | { ok: false; rejection: WebhookRejection };

export interface WebhookVerifyOptions {
  /** The API key: the shared secret of both signatures. */
  secret: string | Uint8Array;
  nowMs: number;
  /** This POS's id: the signature's keyid (and a Pos-Id header, if sent) must equal it. Unchecked when absent. */
  posId?: string;
  /** Largest allowed |created - now| in seconds (inclusive). */
  toleranceS?: number;
  /** Signature label to check; default `sig1`. Any label is tried when null. */
  label?: string | null;
}

export function header(msg: HttpRequestParts, name: string): string | undefined {
  const v = msg.headers[name];
  return v === undefined ? undefined : typeof v === 'string' ? v : v.join(', ');
}

export const reject = (status: WebhookRejection['status'], code: WebhookRejection['code'], message: string): { ok: false; rejection: WebhookRejection } => ({
  ok: false,
  rejection: { status, code, message },
});

export function timing(created: number, expires: number, nowS: number, toleranceS: number, where: string): { ok: false; rejection: WebhookRejection } | null {
  if (expires <= nowS) return reject(410, 'EXPIRED', `The delivery expired ${nowS - expires} s ago (${where} expires=${expires}, now=${nowS}).`);
  if (Math.abs(created - nowS) > toleranceS) {
    return reject(
      410,
      'CREATED_OUT_OF_WINDOW',
      `created is ${created - nowS} s from now, more than ${toleranceS} s (${where} created=${created}, now=${nowS}): check the clocks.`,
    );
  }
  return null;
}
