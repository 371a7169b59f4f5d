import { describe, expect, it } from 'vitest';
import {
  bodySignature,
  contentDigestHeader,
  signatureBase,
  signMessage,
  verifyBodySignature,
  isBodySignatureForm,
  verifyContentDigest,
  verifyMessageSignature,
} from '../../main/adapters/connection/webhook-signing/index.js';
import { parseList, type InnerList } from 'structured-headers';

// RFC 9421 Appendix B.1.5: the shared secret "test-shared-secret", and the B.2 test request.
const SHARED_SECRET = Buffer.from('uzvJfB4u3N0Jy4T7NZ75MDVcr8zSTInedJtkgcu46YW4XByzNJjxBdtjUkdJPBtbmHhIDi6pcl8jsasjlTMtDQ==', 'base64');
const RFC_REQUEST = {
  method: 'POST',
  target: '/foo?param=Value&Pet=dog',
  headers: {
    host: 'example.com',
    date: 'Tue, 20 Apr 2021 02:07:55 GMT',
    'content-type': 'application/json',
    'content-digest': 'sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:',
    'content-length': '18',
  },
};
const B25_INPUT = 'sig-b25=("date" "@authority" "content-type");created=1618884473;keyid="test-shared-secret"';
const B25_SIGNATURE = 'sig-b25=:pxcQw6G3AjtMBQjwo8XzkZf/bws5LelbaMk5rGIGtE8=:';
const B25_BASE = [
  '"date": Tue, 20 Apr 2021 02:07:55 GMT',
  '"@authority": example.com',
  '"content-type": application/json',
  '"@signature-params": ("date" "@authority" "content-type");created=1618884473;keyid="test-shared-secret"',
].join('\n');

describe('RFC 9421 Appendix B.2.5 (hmac-sha256, test-shared-secret)', () => {
  it('builds the RFC signature base', () => {
    const list = parseList(B25_INPUT.slice('sig-b25='.length))[0] as InnerList;
    expect(signatureBase(RFC_REQUEST, list)).toEqual({ ok: true, base: B25_BASE });
  });

  it('signs to the RFC value', () => {
    const signed = signMessage(RFC_REQUEST, {
      label: 'sig-b25',
      components: ['date', '@authority', 'content-type'],
      params: { created: 1618884473, keyid: 'test-shared-secret' },
      secret: SHARED_SECRET,
    });
    expect(signed).toEqual({ signatureInput: B25_INPUT, signature: B25_SIGNATURE });
  });

  it('verifies the RFC signature and refuses it with another key or a changed field', () => {
    expect(verifyMessageSignature(RFC_REQUEST, { signatureInput: B25_INPUT, signature: B25_SIGNATURE, secret: SHARED_SECRET })).toEqual({
      ok: true,
      label: 'sig-b25',
      params: { created: 1618884473, keyid: 'test-shared-secret' },
    });
    expect(verifyMessageSignature(RFC_REQUEST, { signatureInput: B25_INPUT, signature: B25_SIGNATURE, secret: 'test-shared-secret' })).toEqual({
      ok: false,
      reason: 'signature sig-b25 does not match',
    });
    const changed = { ...RFC_REQUEST, headers: { ...RFC_REQUEST.headers, date: 'Tue, 20 Apr 2021 02:07:56 GMT' } };
    expect(verifyMessageSignature(changed, { signatureInput: B25_INPUT, signature: B25_SIGNATURE, secret: SHARED_SECRET })).toEqual({
      ok: false,
      reason: 'signature sig-b25 does not match',
    });
  });

  it('names what is wrong with unusable input', () => {
    const base = { signature: B25_SIGNATURE, secret: SHARED_SECRET };
    expect(verifyMessageSignature(RFC_REQUEST, { ...base, signatureInput: undefined })).toEqual({ ok: false, reason: 'Signature-Input header is missing' });
    expect(verifyMessageSignature(RFC_REQUEST, { ...base, signatureInput: 'sig-b25=("date"' })).toEqual({
      ok: false,
      reason: 'Signature-Input is not a valid structured-field dictionary',
    });
    expect(verifyMessageSignature(RFC_REQUEST, { ...base, signatureInput: B25_INPUT, requiredComponents: ['content-digest'] })).toEqual({
      ok: false,
      reason: 'signature sig-b25 does not cover "content-digest"',
    });
    const noDate = { ...RFC_REQUEST, headers: { ...RFC_REQUEST.headers, date: undefined } };
    expect(verifyMessageSignature(noDate, { ...base, signatureInput: B25_INPUT })).toEqual({ ok: false, reason: 'signed header "date" is missing' });
  });
});

describe('RFC 9530 Content-Digest examples', () => {
  const hello = '{"hello": "world"}';
  it('computes the RFC values for sha-256 and sha-512', () => {
    expect(contentDigestHeader(hello)).toBe('sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:');
    expect(contentDigestHeader(hello, ['sha-512'])).toBe('sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:');
    // B.2 (empty content) and B.3 (the partial content `"hello"`).
    expect(contentDigestHeader('')).toBe('sha-256=:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=:');
    expect(contentDigestHeader('"hello"')).toBe('sha-256=:Wqdirjg/u3J688ejbUlApbjECpiUUtIwT8lY/z81Tno=:');
  });

  it('verifies every known algorithm listed and ignores unknown ones', () => {
    const both =
      'sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:, sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:';
    expect(verifyContentDigest(both, hello)).toEqual({ ok: true });
    expect(verifyContentDigest(`md5=:AAAA:, ${both}`, hello)).toEqual({ ok: true });
    expect(verifyContentDigest('sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:, sha-512=:AAAA:', hello)).toEqual({
      ok: false,
      reason: 'Content-Digest sha-512 does not match the body',
    });
  });

  it('refuses a missing, malformed, unsupported or wrong digest', () => {
    expect(verifyContentDigest(undefined, hello)).toEqual({ ok: false, reason: 'Content-Digest header is missing' });
    expect(verifyContentDigest('sha-256=:X48E9', hello)).toEqual({ ok: false, reason: 'Content-Digest is not a valid structured-field dictionary' });
    expect(verifyContentDigest('sha-256="X48E9"', hello)).toEqual({ ok: false, reason: 'Content-Digest sha-256 must be a byte sequence (:base64:)' });
    expect(verifyContentDigest('md5=:AAAA:', hello)).toEqual({ ok: false, reason: 'Content-Digest lists no supported algorithm (sha-256 or sha-512)' });
    expect(verifyContentDigest('sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:', `${hello} `)).toEqual({
      ok: false,
      reason: 'Content-Digest sha-256 does not match the body',
    });
  });
});

describe('Signature-SHA256', () => {
  it('is the lowercase hex HMAC-SHA256 of the raw body', () => {
    // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?".
    expect(bodySignature('Jefe', 'what do ya want for nothing?')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
    expect(verifyBodySignature('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843', 'Jefe', 'what do ya want for nothing?')).toBe(true);
    expect(verifyBodySignature('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3844', 'Jefe', 'what do ya want for nothing?')).toBe(false);
    expect(verifyBodySignature('5bdc', 'Jefe', 'what do ya want for nothing?')).toBe(false);
    expect(verifyBodySignature(undefined, 'Jefe', 'what do ya want for nothing?')).toBe(false);
  });

  it('only in lower case: the same MAC in upper case, or with spaces around it, is refused', () => {
    const mac = '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843';
    expect(verifyBodySignature(mac.toUpperCase(), 'Jefe', 'what do ya want for nothing?')).toBe(false);
    expect(verifyBodySignature(` ${mac}`, 'Jefe', 'what do ya want for nothing?')).toBe(false);
    expect(isBodySignatureForm(mac)).toBe(true);
    expect(isBodySignatureForm(`${mac.slice(0, 63)}G`)).toBe(false);
  });
});
