import { parseJson, WEBHOOK_ALG, WEBHOOK_CREATED_TOLERANCE_S, WEBHOOK_HEADERS, WEBHOOK_SIGNATURE_LABEL, WEBHOOK_SIGNED_COMPONENTS, type Parsed } from '../wire/index.js';
import { verifyBodySignature } from './body-signature.js';
import { verifyContentDigest } from './content-digest.js';
import { verifyMessageSignature, type SignatureParams } from './message-signature.js';
import type { HttpRequestParts } from './signature-base.js';

/**
 * The checks of PROTOCOL.md §3 "Webhooks" that need no state, in the protocol's order:
 * Content-Digest (401), both signatures (401), timing of the signature parameters and of the
 * body's created/expires (410). The body is parsed here because its times are part of the
 * timing check; a body that is not JSON is reported after the timing check (the caller's 400).
 */
export interface WebhookRejection {
  status: 401 | 410;
  code: 'BAD_DIGEST' | 'BAD_SIGNATURE' | 'EXPIRED' | 'CREATED_OUT_OF_WINDOW';
  message: string;
}

export type WebhookVerification = { ok: true; signature: SignatureParams; json: Parsed<unknown> } | { ok: false; rejection: WebhookRejection };

export interface WebhookVerifyOptions {
  /** The API key: the shared secret of both signatures. */
  secret: string | Uint8Array;
  nowMs: number;
  /** Largest allowed |created - now| in seconds (inclusive). */
  toleranceS?: number;
  /** Signature label to check; default `sig1`. Any label is tried when null. */
  label?: string | null;
}

function header(msg: HttpRequestParts, name: string): string | undefined {
  const v = msg.headers[name];
  return v === undefined ? undefined : typeof v === 'string' ? v : v.join(', ');
}

const reject = (status: 401 | 410, code: WebhookRejection['code'], message: string): WebhookVerification => ({ ok: false, rejection: { status, code, message } });

function timing(created: number, expires: number, nowS: number, toleranceS: number, where: string): WebhookVerification | null {
  if (expires <= nowS) return reject(410, 'EXPIRED', `The delivery expired ${nowS - expires} s ago (${where} expires=${expires}, now=${nowS}).`);
  if (Math.abs(created - nowS) > toleranceS) {
    return reject(410, 'CREATED_OUT_OF_WINDOW', `created is ${created - nowS} s from now, more than ${toleranceS} s (${where} created=${created}, now=${nowS}): check the clocks.`);
  }
  return null;
}

export function verifyWebhookRequest(msg: HttpRequestParts, body: Uint8Array, options: WebhookVerifyOptions): WebhookVerification {
  const digest = verifyContentDigest(header(msg, WEBHOOK_HEADERS.contentDigest), body);
  if (!digest.ok) return reject(401, 'BAD_DIGEST', `${digest.reason}.`);

  const signature = verifyMessageSignature(msg, {
    signatureInput: header(msg, WEBHOOK_HEADERS.signatureInput),
    signature: header(msg, WEBHOOK_HEADERS.signature),
    secret: options.secret,
    requiredComponents: WEBHOOK_SIGNED_COMPONENTS,
    ...(options.label === null ? {} : { label: options.label ?? WEBHOOK_SIGNATURE_LABEL }),
  });
  if (!signature.ok) return reject(401, 'BAD_SIGNATURE', `${signature.reason}.`);
  if (signature.params.alg === undefined || signature.params.alg !== WEBHOOK_ALG) return reject(401, 'BAD_SIGNATURE', `Signature-Input must carry alg="${WEBHOOK_ALG}".`);
  if (!verifyBodySignature(header(msg, WEBHOOK_HEADERS.signatureSha256), options.secret, body)) {
    return reject(401, 'BAD_SIGNATURE', header(msg, WEBHOOK_HEADERS.signatureSha256) === undefined ? 'Signature-SHA256 header is missing.' : 'Signature-SHA256 does not match the body.');
  }
  const { created, expires } = signature.params;
  if (created === undefined || expires === undefined) return reject(401, 'BAD_SIGNATURE', 'Signature-Input must carry created and expires.');

  const nowS = Math.floor(options.nowMs / 1000);
  const tolerance = options.toleranceS ?? WEBHOOK_CREATED_TOLERANCE_S;
  const bySignature = timing(created, expires, nowS, tolerance, 'signature');
  if (bySignature) return bySignature;

  const json = parseJson(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'));
  if (json.ok && typeof json.value === 'object' && json.value !== null) {
    const b = json.value as { created?: unknown; expires?: unknown };
    // Missing or non-numeric times are a shape error: the caller's schema answers 400 for them.
    if (typeof b.created === 'number' && typeof b.expires === 'number') {
      const byBody = timing(b.created, b.expires, nowS, tolerance, 'body');
      if (byBody) return byBody;
    }
  }
  return { ok: true, signature: signature.params, json };
}
