import { createHash, createHmac } from 'node:crypto';
import { createSigner, httpbis } from 'http-message-signatures';
import { WEBHOOK_ALG, WEBHOOK_SIGNATURE_LABEL, WEBHOOK_SIGNED_COMPONENTS } from '../../main/base/wire/index.js';

/**
 * Signs a delivery as the service does (docs/PROTOCOL.md §3 "Webhooks"). The RFC 9421 signature is
 * made by the independent `http-message-signatures` library, Content-Digest and Signature-SHA256
 * with node:crypto here, so the companion's verifier is proven against code it does not share.
 */
export type SigningDefect = 'wrong-digest' | 'wrong-signature' | null;

export interface SignedDelivery {
  headers: Record<string, string>;
  body: string;
}

/** Replaces one base64 character so the value stays well-formed but no longer matches. */
function corrupt(b64: string): string {
  const i = Math.floor(b64.length / 2);
  const c = b64[i] === 'A' ? 'B' : 'A';
  return b64.slice(0, i) + c + b64.slice(i + 1);
}

export async function signDelivery(input: {
  url: string;
  body: string;
  apiKey: string;
  posId: string;
  /** Unix seconds, as in the body. */
  created: number;
  expires: number;
  defect?: SigningDefect;
}): Promise<SignedDelivery> {
  const digest = createHash('sha256').update(input.body).digest('base64');
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'content-digest': `sha-256=:${input.defect === 'wrong-digest' ? corrupt(digest) : digest}:`,
    'signature-sha256': createHmac('sha256', input.apiKey).update(input.body).digest('hex'),
  };
  const signed = await httpbis.signMessage(
    {
      key: createSigner(input.apiKey, 'hmac-sha256', input.posId),
      name: WEBHOOK_SIGNATURE_LABEL,
      fields: [...WEBHOOK_SIGNED_COMPONENTS],
      params: ['created', 'expires', 'keyid', 'alg'],
      paramValues: { created: new Date(input.created * 1000), expires: new Date(input.expires * 1000), alg: WEBHOOK_ALG },
    },
    { method: 'POST', url: input.url, headers },
  );
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(signed.headers)) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  if (input.defect === 'wrong-signature') {
    const m = /^(.*=:)([^:]+)(:)$/.exec(out.signature ?? '');
    if (m) out.signature = `${m[1]}${corrupt(m[2]!)}${m[3]}`;
  }
  return { headers: out, body: input.body };
}
