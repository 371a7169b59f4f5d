import { parseDictionary, type Dictionary } from 'structured-headers';

/** `key=:base64:` and nothing else: the form Content-Digest and Signature nearly always take. */
const ONE_BYTE_SEQUENCE = /^([a-z*][a-z0-9_\-.*]*)=:([A-Za-z0-9+/]*={0,2}):$/;

/**
 * An RFC 8941 dictionary, parsed by `structured-headers`, with a fast path for a single byte
 * sequence member (what the service sends): the same result without the general parser's cost
 * on every delivery. Anything else — several members, parameters, odd spacing — takes the
 * general parser, so what is accepted does not change.
 */
export function parseByteDictionary(header: string): Dictionary {
  const m = ONE_BYTE_SEQUENCE.exec(header);
  if (m && m[2]!.length % 4 === 0) {
    const bytes = Buffer.from(m[2]!, 'base64');
    const copy = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    return new Map([[m[1]!, [copy, new Map()]]]);
  }
  return parseDictionary(header);
}
