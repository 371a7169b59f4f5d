/** RFC 9530 Content-Digest, RFC 9421 message signatures (hmac-sha256) and Signature-SHA256. */
export { safeEqual } from './safe-compare.js';
export {
  computeDigest,
  contentDigestHeader,
  verifyContentDigest,
  parseContentDigest,
  matchContentDigest,
  DIGEST_ALGORITHMS,
  type DigestAlgorithm,
  type DigestCheck,
  type DigestList,
} from './content-digest.js';
export { bodySignature, verifyBodySignature, isBodySignatureForm } from './body-signature.js';
export { signatureBase, componentValue, type HttpRequestParts, type BaseResult } from './signature-base.js';
export {
  signMessage,
  verifyMessageSignature,
  hmacSha256,
  HMAC_SHA256,
  type SignatureParams,
  type SignOptions,
  type VerifyOptions,
  type SignatureCheck,
} from './message-signature.js';
export { verifyWebhookHeaders } from './verify-webhook-headers.js';
export {
  verifyWebhookRequest,
  verifyWebhookBody,
  type WebhookRejection,
  type WebhookVerification,
  type WebhookVerifyOptions,
  type VerifiedHeaders,
  type HeadersVerification,
} from './verify-webhook-request.js';
export { signWebhookRequest, type WebhookSignInput } from './sign-webhook-request.js';
