import { WEBHOOK_ALG, WEBHOOK_SIGNATURE_LABEL, WEBHOOK_SIGNED_COMPONENTS } from '../../../base/wire/index.js';
import { bodySignature } from './body-signature.js';
import { contentDigestHeader } from './content-digest.js';
import { signMessage } from './message-signature.js';

/**
 * Our own signer of a webhook delivery (docs/PROTOCOL.md §3): used by tests and the benchmark to
 * make requests. The sandbox signs with the independent `http-message-signatures` library.
 */
export interface WebhookSignInput {
  method?: string;
  /** Path (and query) the request is sent to. */
  target: string;
  body: string | Uint8Array;
  secret: string | Uint8Array;
  keyid: string;
  /** Unix seconds. */
  created: number;
  expires: number;
  contentType?: string;
}

export function signWebhookRequest(input: WebhookSignInput): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': input.contentType ?? 'application/json',
    'content-digest': contentDigestHeader(input.body),
  };
  const { signatureInput, signature } = signMessage(
    { method: input.method ?? 'POST', target: input.target, headers },
    {
      label: WEBHOOK_SIGNATURE_LABEL,
      components: WEBHOOK_SIGNED_COMPONENTS,
      params: { created: input.created, expires: input.expires, keyid: input.keyid, alg: WEBHOOK_ALG },
      secret: input.secret,
    },
  );
  return { ...headers, 'signature-input': signatureInput, signature, 'signature-sha256': bodySignature(input.secret, input.body) };
}
