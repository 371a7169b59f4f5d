import { parseDictionary } from 'structured-headers';
import { describe, expect, it } from 'vitest';
import { parseByteDictionary } from '../../main/adapters/connection/webhook-signing/byte-dictionary.js';

describe('parseByteDictionary', () => {
  it('gives what the general parser gives, on the fast path and off it', () => {
    for (const header of [
      'sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:',
      'sig1=:wXfHY0c7qXJrsD8gOSjmGKAuP6iM6Gq4YK0bT7gjv2s=:',
      'sig1=::',
      'sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:, sha-512=:YQ==:',
      'sig1=:AAAA:;x=1',
      '  sig1=:AAAA:',
      'sig1=:AAA:',
    ]) {
      expect(parseByteDictionary(header)).toEqual(parseDictionary(header));
    }
  });

  it('refuses what the general parser refuses', () => {
    for (const header of ['sig1=:A$AA:', 'Sig1=:AAAA:', 'sig1=:AAAA']) {
      expect(() => parseDictionary(header)).toThrow();
      expect(() => parseByteDictionary(header)).toThrow();
    }
  });
});
