import { parseDictionary, serializeInnerList, type InnerList } from 'structured-headers';
import { describe, expect, it } from 'vitest';
import { parseSignatureInput, serializeSignatureParams } from '../../main/adapters/connection/webhook-signing/signature-input.js';

const SIGNED =
  '("@method" "@path" "content-type" "content-digest");created=1618884473;expires=1618884773;keyid="6f1c1c9e-3b7a-4a51-9a0e-2d4c6f1e8a10";alg="hmac-sha256"';

/** Members in the serialized form (the fast path), and every near miss that must take the general parser. */
const HEADERS = [
  `sig1=${SIGNED}`,
  'sig1=()',
  'sig1=();created=0',
  'sig1=("@method");created=-12',
  'sig-b21=("date" "@method" "@path" "@query" "@authority" "content-type" "content-digest" "content-length");created=1618884473;keyid="test-key-rsa-pss"',
  'sig1=("a\\"b" "c\\\\d");keyid="k\\"1"',
  // Off the fast path: each is parsed and serialized by structured-headers.
  'sig1=("@method");alg=hmac-sha256',
  'sig1=("@method");flag',
  'sig1=("@method");created=?1',
  'sig1=("@method");created=0123',
  'sig1=("@method");created=-0',
  'sig1=("@method");created=1.5',
  'sig1=("@method");created=1234567890123456',
  'sig1=("@method");created=1;created=2',
  'sig1=("@method"  "@path")',
  'sig1=( "@method")',
  'sig1=("@method";req)',
  'sig1=("@method" @path)',
  'sig1=("@method");created=1, sig2=("@path");created=2',
  '  sig1=("@method")',
  'sig1=("@method");keyid="a\\nb"',
];

/** The parse, or that it threw (either way both parsers must agree). */
function outcome(parse: (header: string) => unknown, header: string): { value: unknown } | { refused: true } {
  try {
    return { value: parse(header) };
  } catch {
    return { refused: true };
  }
}

describe('parseSignatureInput', () => {
  it('gives what the general parser gives, on the fast path and off it', () => {
    for (const header of HEADERS) expect(outcome(parseSignatureInput, header), header).toEqual(outcome(parseDictionary, header));
  });

  it('signs over the serialization structured-headers would write, whichever path read it', () => {
    for (const header of HEADERS) {
      let general;
      try {
        general = parseDictionary(header);
      } catch {
        continue;
      }
      const fast = parseSignatureInput(header);
      for (const [label, member] of general) {
        const list = fast.get(label) as InnerList;
        expect(serializeSignatureParams(list), header).toBe(serializeInnerList(member as InnerList));
      }
    }
  });

  it('refuses what the general parser refuses', () => {
    for (const header of ['sig1=("@method"', 'Sig1=("@method")', 'sig1=("@method");created=', 'sig1=("@método")', 'sig1=("@method");keyid="x']) {
      expect(() => parseDictionary(header), header).toThrow();
      expect(() => parseSignatureInput(header), header).toThrow();
    }
  });

  it('serializes a list it did not read the general way (a list made by a signer)', () => {
    const list: InnerList = [
      [['@method', new Map()]],
      new Map<string, number | string>([
        ['created', 1],
        ['keyid', 'k'],
      ]),
    ];
    expect(serializeSignatureParams(list)).toBe('("@method");created=1;keyid="k"');
  });
});
