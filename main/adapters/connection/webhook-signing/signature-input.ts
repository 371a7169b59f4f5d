import { parseDictionary, serializeInnerList, type Dictionary, type InnerList, type Item, type Parameters } from 'structured-headers';

/**
 * Signature-Input (RFC 9421 §4.1), parsed by `structured-headers`, with a fast path for what a
 * signer writes: one member, written exactly as RFC 8941 serializes it (quoted component names
 * without parameters, then `;key=integer` or `;key="string"` parameters, no spaces but the one
 * between components). Such a member is its own serialization, so the signature base
 * (`@signature-params`) uses its text as received instead of serializing the list again. Anything
 * else, or anything the fast path is unsure of (tokens, booleans, decimals, a repeated key, odd
 * spacing), takes the general parser and the general serializer, so what is accepted and what is
 * signed do not change.
 */
export function parseSignatureInput(header: string): Dictionary {
  return fastMember(header) ?? parseDictionary(header);
}

/** The inner lists the fast path read, with their text (proved to be their serialization). */
const canonical = new WeakMap<InnerList, string>();

/** RFC 8941 serialization of a signature's inner list: its own text when the fast path read it. */
export function serializeSignatureParams(list: InnerList): string {
  return canonical.get(list) ?? serializeInnerList(list);
}

const KEY = /[a-z*][a-z0-9_\-.*]*/y;
// Serialized integers have no leading zero and no "-0"; a dot after the digits is a decimal.
const INTEGER = /(?:0|-?[1-9][0-9]{0,14})(?![0-9.])/y;
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

function fastMember(header: string): Dictionary | null {
  KEY.lastIndex = 0;
  if (!KEY.test(header) || header[KEY.lastIndex] !== '=' || header[KEY.lastIndex + 1] !== '(') return null;
  const label = header.slice(0, KEY.lastIndex);
  const start = KEY.lastIndex + 1;
  const list = innerList(header, start);
  if (!list) return null;
  canonical.set(list, header.slice(start));
  return new Map([[label, list]]);
}

/** `(` strings `)` parameters, up to the end of `s`; null at the first thing not in serialized form. */
function innerList(s: string, from: number): InnerList | null {
  const items: Item[] = [];
  let at = from + 1;
  if (s[at] !== ')') {
    for (;;) {
      const str = quoted(s, at);
      if (!str) return null;
      items.push([str.value, new Map()]);
      at = str.end;
      if (s[at] === ')') break;
      if (s[at] !== ' ' || s[at + 1] !== '"') return null;
      at++;
    }
  }
  const params = parameters(s, at + 1);
  return params ? [items, params] : null;
}

function parameters(s: string, from: number): Parameters | null {
  const params: Parameters = new Map();
  let at = from;
  while (at < s.length) {
    if (s[at] !== ';') return null;
    KEY.lastIndex = at + 1;
    if (!KEY.test(s) || s[KEY.lastIndex] !== '=') return null;
    const key = s.slice(at + 1, KEY.lastIndex);
    // A repeated key keeps the last value in the first one's place: not its own serialization.
    if (params.has(key)) return null;
    at = KEY.lastIndex + 1;
    if (s[at] === '"') {
      const str = quoted(s, at);
      if (!str) return null;
      params.set(key, str.value);
      at = str.end;
    } else {
      INTEGER.lastIndex = at;
      if (!INTEGER.test(s)) return null;
      params.set(key, Number(s.slice(at, INTEGER.lastIndex)));
      at = INTEGER.lastIndex;
    }
  }
  return params;
}

/** A serialized sf-string at `from`: printable ASCII, only `\"` and `\\` escaped. */
function quoted(s: string, from: number): { value: string; end: number } | null {
  if (s[from] !== '"') return null;
  const close = s.indexOf('"', from + 1);
  if (close < 0) return null;
  const value = s.slice(from + 1, close);
  // Nearly always: no escapes, nothing outside printable ASCII. Escapes take the careful way.
  return PLAIN.test(value) ? { value, end: close + 1 } : escaped(s, from);
}

function escaped(s: string, from: number): { value: string; end: number } | null {
  let value = '';
  for (let at = from + 1; at < s.length; at++) {
    const c = s.charCodeAt(at);
    if (c === 0x22) return { value, end: at + 1 };
    if (c === 0x5c) {
      const next = s[at + 1];
      if (next !== '"' && next !== '\\') return null;
      value += next;
      at++;
    } else if (c < 0x20 || c > 0x7e) return null;
    else value += s[at];
  }
  return null;
}
