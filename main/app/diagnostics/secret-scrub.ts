import { REDACTED } from '../../base/log.js';

/** A key that names a secret, whatever the casing or separators: apiKey, api_key, posApiToken, X-Api-Key, clientSecret, Authorization, Cookie… */
const SECRET_KEY = /key|token|secret|passw|authoriz|cookie|bearer|credential|signature/i;

export function looksSecret(key: string): boolean {
  return SECRET_KEY.test(key);
}

/**
 * A deep copy with every value under a secret-looking key replaced by "[secret]" (null and empty
 * values stay, so support can see that nothing was set). Unknown fields are masked the same way.
 */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = looksSecret(key) && inner !== null && inner !== '' ? REDACTED : maskSecrets(inner);
  }
  return out;
}

/** The forms a secret can take inside a text: as is, URL-encoded, base64 (also of "Bearer x"), hex. */
export function secretForms(secret: string): string[] {
  const forms = new Set<string>([secret, encodeURIComponent(secret)]);
  for (const text of [secret, `Bearer ${secret}`]) {
    const b64 = Buffer.from(text).toString('base64');
    forms.add(b64);
    forms.add(b64.replace(/=+$/, ''));
    forms.add(Buffer.from(text).toString('base64url'));
  }
  return [...forms].filter((f) => f.length >= 8).sort((a, b) => b.length - a.length);
}

/**
 * Replaces every occurrence of the known secrets (each in all its forms) in a text: the last
 * guard of the support bundle, behind pino's redaction and maskSecrets, for a secret that got
 * into a message or a URL.
 */
export function scrubText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < 8) continue; // too short to be a real key, and it would mangle the text
    for (const form of secretForms(secret)) out = out.split(form).join(REDACTED);
  }
  return out;
}

/**
 * The same in bytes (a crash dump): each secret in every form, as UTF-8 and as UTF-16 (how
 * Chromium and V8 often hold strings), overwritten with asterisks of the same length so the
 * dump's layout stays readable. Changes `bytes` in place and returns it.
 */
export function scrubBytes(bytes: Buffer, secrets: readonly string[]): Buffer {
  for (const secret of secrets) {
    if (secret.length < 8) continue;
    for (const form of secretForms(secret)) {
      for (const encoding of ['utf8', 'utf16le'] as const) {
        const needle = Buffer.from(form, encoding);
        for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + needle.length))
          bytes.fill(encoding === 'utf8' ? 0x2a : 0, at, at + needle.length);
      }
    }
  }
  return bytes;
}
