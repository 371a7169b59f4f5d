import { createHmac } from 'node:crypto';
import { parseByteDictionary } from './byte-dictionary.js';
import { serializeInnerList, isInnerList, type BareItem, type Dictionary, type InnerList, type Parameters } from 'structured-headers';
import { safeEqual } from './safe-compare.js';
import { parseSignatureInput } from './signature-input.js';
import { signatureBase, type HttpRequestParts } from './signature-base.js';

/** RFC 9421 HTTP message signatures with hmac-sha256 (the only algorithm of the webhook). */
export const HMAC_SHA256 = 'hmac-sha256';

export interface SignatureParams {
  created?: number;
  expires?: number;
  keyid?: string;
  alg?: string;
  nonce?: string;
  tag?: string;
}

export interface SignOptions {
  label: string;
  components: readonly string[];
  /** Written in this order, as the signer chose it (the order is part of what is signed). */
  params: SignatureParams;
  secret: string | Uint8Array;
}

export function hmacSha256(secret: string | Uint8Array, data: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

function innerListOf(components: readonly string[], params: SignatureParams): InnerList {
  const map: Parameters = new Map();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) map.set(key, value as BareItem);
  return [components.map((c) => [c, new Map()]), map];
}

/** Returns the two header values (`Signature-Input`, `Signature`) for one signature. */
export function signMessage(msg: HttpRequestParts, options: SignOptions): { signatureInput: string; signature: string } {
  const list = innerListOf(options.components, options.params);
  const base = signatureBase(msg, list);
  if (!base.ok) throw new Error(`cannot sign: ${base.reason}`);
  const mac = hmacSha256(options.secret, base.base).toString('base64');
  return { signatureInput: `${options.label}=${serializeInnerList(list)}`, signature: `${options.label}=:${mac}:` };
}

export type SignatureCheck = { ok: true; label: string; params: SignatureParams } | { ok: false; reason: string };

export interface VerifyOptions {
  signatureInput: string | undefined;
  signature: string | undefined;
  secret: string | Uint8Array;
  /** Components every accepted signature must cover. */
  requiredComponents?: readonly string[];
  /** Only this label is considered when given. */
  label?: string;
}

function readParams(params: Parameters): SignatureParams | string {
  const out: SignatureParams = {};
  for (const key of ['created', 'expires'] as const) {
    const v = params.get(key);
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isInteger(v)) return `signature parameter ${key} must be an integer`;
    out[key] = v;
  }
  for (const key of ['keyid', 'alg', 'nonce', 'tag'] as const) {
    const v = params.get(key);
    if (v === undefined) continue;
    if (typeof v !== 'string') return `signature parameter ${key} must be a string`;
    out[key] = v;
  }
  return out;
}

function parse(header: string | undefined, name: string, parser: (header: string) => Dictionary): Dictionary | string {
  if (header === undefined || header.trim() === '') return `${name} header is missing`;
  try {
    return parser(header);
  } catch {
    return `${name} is not a valid structured-field dictionary`;
  }
}

function checkOne(msg: HttpRequestParts, label: string, input: Dictionary, sigs: Dictionary, options: VerifyOptions): SignatureCheck {
  const member = input.get(label);
  if (member === undefined || !isInnerList(member)) return { ok: false, reason: `Signature-Input ${label} is not a component list` };
  const names = member[0].map(([n]) => n);
  for (const required of options.requiredComponents ?? []) {
    if (!names.includes(required)) return { ok: false, reason: `signature ${label} does not cover "${required}"` };
  }
  const params = readParams(member[1]);
  if (typeof params === 'string') return { ok: false, reason: params };
  if (params.alg !== undefined && params.alg !== HMAC_SHA256)
    return { ok: false, reason: `signature ${label} uses alg ${params.alg}, expected ${HMAC_SHA256}` };
  const sig = sigs.get(label);
  if (sig === undefined) return { ok: false, reason: `Signature has no ${label} entry` };
  if (!(sig[0] instanceof ArrayBuffer)) return { ok: false, reason: `Signature ${label} must be a byte sequence (:base64:)` };
  const base = signatureBase(msg, member);
  if (!base.ok) return base;
  if (!safeEqual(new Uint8Array(sig[0]), hmacSha256(options.secret, base.base))) {
    return { ok: false, reason: `signature ${label} does not match` };
  }
  return { ok: true, label, params };
}

/** Accepts when one candidate signature (the given label, or any) verifies and covers what is required. */
export function verifyMessageSignature(msg: HttpRequestParts, options: VerifyOptions): SignatureCheck {
  const input = parse(options.signatureInput, 'Signature-Input', parseSignatureInput);
  if (typeof input === 'string') return { ok: false, reason: input };
  const sigs = parse(options.signature, 'Signature', parseByteDictionary);
  if (typeof sigs === 'string') return { ok: false, reason: sigs };
  const labels = options.label !== undefined ? [options.label] : [...input.keys()];
  let last: SignatureCheck = { ok: false, reason: options.label !== undefined ? `Signature-Input has no ${options.label} entry` : 'Signature-Input is empty' };
  for (const label of labels) {
    if (!input.has(label)) continue;
    last = checkOne(msg, label, input, sigs, options);
    if (last.ok) return last;
  }
  return last;
}
