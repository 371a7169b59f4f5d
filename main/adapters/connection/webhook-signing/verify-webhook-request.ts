import { parseJson, WEBHOOK_CREATED_TOLERANCE_S } from '../../../base/wire/index.js';
import { verifyBodySignature } from './body-signature.js';
import { matchContentDigest } from './content-digest.js';
import type { HttpRequestParts } from './signature-base.js';
import { verifyWebhookHeaders } from './verify-webhook-headers.js';
import { reject, timing, type VerifiedHeaders, type WebhookVerification, type WebhookVerifyOptions } from './webhook-verify-types.js';

export type { WebhookRejection, WebhookVerification, WebhookVerifyOptions, VerifiedHeaders, HeadersVerification } from './webhook-verify-types.js';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The body's part, once the headers passed `verifyWebhookHeaders`: Content-Digest and
 * Signature-SHA256 against the bytes (401), then the signature's created/expires (410), UTF-8
 * (400) and the body's own created/expires (410): a forgery is a 401 even when it is also late. The body is parsed here because its times are part of the timing check; a body that is
 * not JSON is reported after the timing check (the caller's 400).
 */
export function verifyWebhookBody(headers: VerifiedHeaders, body: Uint8Array, options: WebhookVerifyOptions): WebhookVerification {
  const digest = matchContentDigest(headers.digests, body);
  if (!digest.ok) return reject(401, 'BAD_DIGEST', `${digest.reason}.`);
  if (!verifyBodySignature(headers.bodySignature, options.secret, body)) return reject(401, 'BAD_SIGNATURE', 'Signature-SHA256 does not match the body.');
  const nowS = Math.floor(options.nowMs / 1000);
  const toleranceS = options.toleranceS ?? WEBHOOK_CREATED_TOLERANCE_S;
  const late = timing(headers.times.created, headers.times.expires, nowS, toleranceS, 'signature');
  if (late) return late;
  let text: string;
  try {
    text = UTF8.decode(body);
  } catch {
    return reject(400, 'BAD_REQUEST', 'The body is not valid UTF-8.');
  }
  const json = parseJson(text);
  if (json.ok && typeof json.value === 'object' && json.value !== null) {
    const b = json.value as { created?: unknown; expires?: unknown };
    // Missing or non-numeric times are a shape error: the caller's schema answers 400 for them.
    if (typeof b.created === 'number' && typeof b.expires === 'number') {
      const byBody = timing(b.created, b.expires, nowS, toleranceS, 'body');
      if (byBody) return byBody;
    }
  }
  return { ok: true, signature: headers.signature, json };
}

/**
 * All the stateless checks of a webhook in one call (tests, the benchmark): the headers first
 * (`verifyWebhookHeaders`), then the body (`verifyWebhookBody`). The receiver runs the two
 * halves itself, reading the body only between them.
 */
export function verifyWebhookRequest(msg: HttpRequestParts, body: Uint8Array, options: WebhookVerifyOptions): WebhookVerification {
  const headers = verifyWebhookHeaders(msg, options);
  return headers.ok ? verifyWebhookBody(headers, body, options) : headers;
}
