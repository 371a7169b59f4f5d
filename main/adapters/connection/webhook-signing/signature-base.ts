import type { InnerList } from 'structured-headers';
import { serializeSignatureParams } from './signature-input.js';

/**
 * RFC 9421 §2.5 signature base. Only what the webhook needs and the RFC's own examples use:
 * derived components without parameters and plain header fields (no `;sf`, `;key`, `;bs`,
 * `;req`). Anything else is refused with a reason instead of being guessed at.
 */
export interface HttpRequestParts {
  method: string;
  /** The request target as received, e.g. `/webhook/default?x=1`. */
  target: string;
  /** Header names in lower case (as node:http gives them); a repeated field as an array. */
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** Host and scheme for `@authority`, `@scheme`, `@target-uri`; default: the Host header, http. */
  authority?: string;
  scheme?: string;
}

export type BaseResult = { ok: true; base: string } | { ok: false; reason: string };
type ValueResult = { ok: true; value: string } | { ok: false; reason: string };

// RFC 9421 §2.1: values are trimmed and obsolete line folding becomes a single space.
const OBS_FOLD = /\r?\n[ \t]*/g;
function fieldValue(raw: string | readonly string[] | undefined): string | null {
  if (raw === undefined) return null;
  if (typeof raw === 'string') return raw.includes('\n') ? raw.replace(OBS_FOLD, ' ').trim() : raw.trim();
  if (raw.length === 0) return null;
  return raw.map((v) => v.replace(OBS_FOLD, ' ').trim()).join(', ');
}

const authorityOf = (msg: HttpRequestParts): string => (msg.authority ?? fieldValue(msg.headers.host) ?? '').toLowerCase();
const schemeOf = (msg: HttpRequestParts): string => (msg.scheme ?? 'http').toLowerCase();

/** A derived component's value; each case works out only what it needs (this runs per delivery). */
function derived(name: string, msg: HttpRequestParts): ValueResult {
  const q = msg.target.indexOf('?');
  switch (name) {
    case '@method':
      return { ok: true, value: msg.method };
    case '@path': {
      const path = q < 0 ? msg.target : msg.target.slice(0, q);
      return { ok: true, value: path === '' ? '/' : path };
    }
    case '@query':
      return { ok: true, value: q < 0 ? '?' : msg.target.slice(q) };
    case '@request-target':
      return { ok: true, value: msg.target };
    case '@authority': {
      const authority = authorityOf(msg);
      return authority ? { ok: true, value: authority } : { ok: false, reason: 'no authority (Host) to sign' };
    }
    case '@scheme':
      return { ok: true, value: schemeOf(msg) };
    case '@target-uri':
      return { ok: true, value: `${schemeOf(msg)}://${authorityOf(msg)}${msg.target}` };
    default:
      return { ok: false, reason: `component "${name}" is not supported` };
  }
}

export function componentValue(name: string, msg: HttpRequestParts): ValueResult {
  if (name.startsWith('@')) return derived(name, msg);
  const value = fieldValue(msg.headers[name]);
  return value === null ? { ok: false, reason: `signed header "${name}" is missing` } : { ok: true, value };
}

/** `innerList` is the signature's covered components with its parameters, as in Signature-Input. */
export function signatureBase(msg: HttpRequestParts, innerList: InnerList): BaseResult {
  let base = '';
  for (const [name, params] of innerList[0]) {
    if (typeof name !== 'string') return { ok: false, reason: 'a covered component is not a string' };
    if (params.size > 0) return { ok: false, reason: `component parameters on "${name}" are not supported` };
    if (name !== name.toLowerCase()) return { ok: false, reason: `component "${name}" must be lower case` };
    const value = componentValue(name, msg);
    if (!value.ok) return value;
    // Component names are lower-case tokens here, so the quoted form needs no escaping.
    base += `"${name}": ${value.value}\n`;
  }
  return { ok: true, base: `${base}"@signature-params": ${serializeSignatureParams(innerList)}` };
}
