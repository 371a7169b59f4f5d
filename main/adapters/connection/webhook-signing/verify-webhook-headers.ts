import { isUtf8 } from 'node:buffer';
import { WEBHOOK_ALG, WEBHOOK_HEADERS, WEBHOOK_SIGNATURE_LABEL, WEBHOOK_SIGNED_COMPONENTS } from '../../../base/wire/index.js';
import { isBodySignatureForm } from './body-signature.js';
import { parseContentDigest } from './content-digest.js';
import { verifyMessageSignature } from './message-signature.js';
import type { HttpRequestParts } from './signature-base.js';
import { header, reject, type HeadersVerification, type WebhookVerifyOptions } from './webhook-verify-types.js';

/** The Pos-Id header is optional on a delivery (the signature's keyid carries it); when sent it must agree. */
const POS_ID_HEADER = 'pos-id';

/**
 * node:http hands header values over byte for byte as latin1 text; turning them back into bytes
 * tells whether the sender sent valid UTF-8.
 */
function isUtf8Header(value: string | undefined): boolean {
  // Plain ASCII (what a service sends; its UTF-8 length is its length) is UTF-8 as it is: no bytes to make.
  return value === undefined || Buffer.byteLength(value, 'utf8') === value.length || isUtf8(Buffer.from(value, 'latin1'));
}

function checkIds(msg: HttpRequestParts, posId: string | undefined): HeadersVerification | null {
  const input = header(msg, WEBHOOK_HEADERS.signatureInput);
  const posIdHeader = header(msg, POS_ID_HEADER);
  if (!isUtf8Header(input)) return reject(400, 'BAD_REQUEST', 'Signature-Input (its keyid) is not valid UTF-8.');
  if (!isUtf8Header(posIdHeader)) return reject(400, 'BAD_REQUEST', 'The Pos-Id header is not valid UTF-8.');
  if (posId !== undefined && posIdHeader !== undefined && posIdHeader !== posId) return reject(401, 'BAD_SIGNATURE', 'The Pos-Id header is not this POS.');
  return null;
}

/**
 * Everything a delivery's headers alone can prove, before a byte of the body is read: the ids are
 * UTF-8 (400), Content-Digest is usable (401), the RFC 9421 signature over the headers matches,
 * names this POS (keyid = Pos-Id) and carries alg/created/expires (401), and Signature-SHA256 has
 * its one allowed form (401). So a sender without the key cannot make the receiver buffer a body.
 * The times are not judged here: every signature is checked before them (PROTOCOL §3), and
 * Signature-SHA256 needs the body (verifyWebhookBody).
 */
export function verifyWebhookHeaders(msg: HttpRequestParts, options: WebhookVerifyOptions): HeadersVerification {
  const ids = checkIds(msg, options.posId);
  if (ids) return ids;
  const digest = parseContentDigest(header(msg, WEBHOOK_HEADERS.contentDigest));
  if (!digest.ok) return reject(401, 'BAD_DIGEST', `${digest.reason}.`);

  const signature = verifyMessageSignature(msg, {
    signatureInput: header(msg, WEBHOOK_HEADERS.signatureInput),
    signature: header(msg, WEBHOOK_HEADERS.signature),
    secret: options.secret,
    requiredComponents: WEBHOOK_SIGNED_COMPONENTS,
    ...(options.label === null ? {} : { label: options.label ?? WEBHOOK_SIGNATURE_LABEL }),
  });
  if (!signature.ok) return reject(401, 'BAD_SIGNATURE', `${signature.reason}.`);
  const params = signature.params;
  if (params.alg !== WEBHOOK_ALG) return reject(401, 'BAD_SIGNATURE', `Signature-Input must carry alg="${WEBHOOK_ALG}".`);
  if (options.posId !== undefined && params.keyid !== options.posId)
    return reject(401, 'BAD_SIGNATURE', 'The signature keyid is not this POS (keyid must be the Pos-Id).');
  if (params.created === undefined || params.expires === undefined) return reject(401, 'BAD_SIGNATURE', 'Signature-Input must carry created and expires.');
  const bodySig = header(msg, WEBHOOK_HEADERS.signatureSha256);
  if (bodySig === undefined) return reject(401, 'BAD_SIGNATURE', 'Signature-SHA256 header is missing.');
  if (!isBodySignatureForm(bodySig)) return reject(401, 'BAD_SIGNATURE', 'Signature-SHA256 must be 64 lower-case hex digits.');

  return { ok: true, signature: params, times: { created: params.created, expires: params.expires }, digests: digest.digests, bodySignature: bodySig };
}
