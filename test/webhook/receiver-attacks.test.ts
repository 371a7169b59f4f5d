import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyBytes, resetBodyBytesPeak } from '../../main/adapters/connection/transport/webhook/read-body.js';
import { LATE_BODY_GRACE_MS } from '../../main/adapters/connection/transport/webhook/receive-delivery.js';
import { signWebhookRequest } from '../../main/adapters/connection/webhook-signing/index.js';
import { API_KEY, POS_ID, ReceiverHarness } from './helpers/receiver-harness.js';
import { until } from './helpers/http-post.js';
import { requestHead, stalledUpload, type RawAnswer } from './helpers/raw-socket.js';

/**
 * Attacks on the real receiver over 127.0.0.1: what a sender without the API key, or with a
 * malformed id, gets, and what it costs the receiver. None of them reaches a handler or the log.
 */
const MIB = 1024 * 1024;
let h: ReceiverHarness;
beforeEach(async () => {
  h = await new ReceiverHarness().start();
  h.dispatcher.on('getTableList', () => ({ result: [] }));
});
afterEach(async () => {
  await h.close();
});

const path = () => new URL(h.transport.url).pathname;

/** Headers for `body` signed with `secret` (the attacker's guess when it is not API_KEY). */
function signedHeaders(body: string | Uint8Array, opts: { secret?: string; keyid?: string; created?: number; expires?: number } = {}): Record<string, string> {
  const now = h.nowS();
  return signWebhookRequest({
    target: path(),
    body,
    secret: opts.secret ?? API_KEY,
    keyid: opts.keyid ?? POS_ID,
    created: opts.created ?? now,
    expires: opts.expires ?? now + 15,
  });
}

function deliveryBody(extra: Record<string, unknown> = {}): string {
  const now = h.nowS();
  return JSON.stringify({ id: 'd-attack', event: 'getTableList', created: now, expires: now + 15, args: [], ...extra });
}

/** A whole request over a raw socket (header bytes as given), asking the server to close after its answer. */
function rawPost(headers: Record<string, string | Buffer>, body: Buffer): Promise<RawAnswer> {
  return stalledUpload(h.transport.url, requestHead(h.transport.url, { ...headers, 'content-length': String(body.length), connection: 'close' }), body);
}

function expectNothingRan(): void {
  expect(h.dispatcher.calls).toEqual([]);
  expect(h.deliveries()).toEqual([]);
}

const heapAndBuffers = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

describe('the body is read only after the headers are authenticated', () => {
  it('64 stalled unauthenticated 1 MiB uploads are refused at once and cost the receiver under 16 MB', async () => {
    // Each declares 1 MiB, sends half of it, then stalls. Read first, they would hold 32 MiB.
    const body = Buffer.alloc(MIB, 0x20);
    const head = requestHead(h.transport.url, { ...signedHeaders(body, { secret: 'zzzz-zzzz-zzzz-zzzz-zzzz' }), 'content-length': String(MIB) });
    const half = body.subarray(0, MIB / 2);
    resetBodyBytesPeak();
    const before = heapAndBuffers();
    let most = before;
    const answers = await Promise.all(
      Array.from({ length: 64 }, () =>
        stalledUpload(h.transport.url, head, half).then((a) => {
          most = Math.max(most, heapAndBuffers());
          return a;
        }),
      ),
    );
    for (const a of answers) {
      expect(a.status).toBe(401);
      expect(a.headers.connection).toBe('close');
      expect(a.body).toEqual({ code: 'BAD_SIGNATURE', message: 'signature sig1 does not match.' });
      expect(a.closed).toBe(true);
    }
    expect(bodyBytes().peak).toBeLessThan(16 * MIB);
    expect(bodyBytes().buffered).toBe(0);
    expect(most - before).toBeLessThan(16 * MIB);
    expectNothingRan();
    // The receiver still serves the service.
    const ok = deliveryBody();
    expect(await h.post({ headers: signedHeaders(ok), body: ok })).toEqual({ status: 200, body: { result: [] } });
  });

  it('an upload without any signature is refused before a byte of its body arrives', async () => {
    const head = requestHead(h.transport.url, { 'content-type': 'application/json', 'content-length': String(MIB) });
    const a = await stalledUpload(h.transport.url, head, Buffer.alloc(0));
    expect(a).toMatchObject({
      status: 401,
      closed: true,
      headers: { connection: 'close' },
      body: { code: 'BAD_DIGEST', message: 'Content-Digest header is missing.' },
    });
    expectNothingRan();
  });

  it('a correctly signed but expired delivery whose body stalls is cut off after a short grace (410)', async () => {
    const body = deliveryBody();
    const now = h.nowS();
    const head = requestHead(h.transport.url, { ...signedHeaders(body, { created: now - 20, expires: now - 5 }), 'content-length': String(body.length) });
    const answer = stalledUpload(h.transport.url, head, Buffer.from(body.slice(0, 10)));
    // Its body is read (Signature-SHA256 comes before the times), but only for the grace.
    await until(() => bodyBytes().buffered === 10, 'the first bytes to be read');
    h.clock.advance(LATE_BODY_GRACE_MS - 1);
    expect(bodyBytes().buffered).toBe(10);
    h.clock.advance(1);
    expect(await answer).toMatchObject({ status: 410, closed: true, headers: { connection: 'close' }, body: { code: 'EXPIRED' } });
    await until(() => bodyBytes().buffered === 0, 'the read to end');
    expectNothingRan();
  });

  it('valid headers whose body stalls are cut off when the signature expires (410), not kept open', async () => {
    const body = deliveryBody();
    const head = requestHead(h.transport.url, { ...signedHeaders(body), 'content-length': String(body.length) });
    resetBodyBytesPeak();
    const answer = stalledUpload(h.transport.url, head, Buffer.from(body.slice(0, 10)));
    // The receiver holds the 10 bytes while it waits for the rest (seen on its gauge).
    await until(() => bodyBytes().buffered === 10, 'the first bytes to be read');
    h.clock.advance(15_000 - 1);
    expect(bodyBytes().buffered).toBe(10);
    h.clock.advance(1);
    expect(await answer).toMatchObject({
      status: 410,
      closed: true,
      headers: { connection: 'close' },
      body: { code: 'EXPIRED', message: 'The delivery expired while its body was still coming.' },
    });
    await until(() => bodyBytes().buffered === 0, 'the read to end');
    expectNothingRan();
  });

  it('a correctly signed delivery whose body is slow is read and answered once the body is complete', async () => {
    const body = deliveryBody();
    const head = requestHead(h.transport.url, { ...signedHeaders(body), 'content-length': String(body.length), connection: 'close' });
    // Sent in two writes: the receiver waits for the rest instead of refusing.
    const a = await stalledUpload(h.transport.url, Buffer.concat([head, Buffer.from(body.slice(0, 5))]), Buffer.from(body.slice(5)));
    expect(a).toMatchObject({ status: 200, body: { result: [] } });
    expect(h.dispatcher.calls).toHaveLength(1);
  });
});

describe('keyid and Pos-Id', () => {
  it('a signature made with the right key but another keyid: 401', async () => {
    const body = deliveryBody();
    const res = await h.post({ headers: signedHeaders(body, { keyid: 'another-pos' }), body });
    expect(res).toEqual({ status: 401, body: { code: 'BAD_SIGNATURE', message: 'The signature keyid is not this POS (keyid must be the Pos-Id).' } });
    expectNothingRan();
  });

  it('a keyid whose bytes are not UTF-8: 400', async () => {
    const body = Buffer.from(deliveryBody());
    const headers: Record<string, string | Buffer> = { ...signedHeaders(body) };
    const input = headers['signature-input'] as string;
    headers['signature-input'] = Buffer.concat([
      Buffer.from(input.replace(`keyid="${POS_ID}"`, 'keyid="'), 'latin1'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from(input.slice(input.indexOf('";alg')), 'latin1'),
    ]);
    const a = await rawPost(headers, body);
    expect(a).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', message: 'Signature-Input (its keyid) is not valid UTF-8.' } });
    expectNothingRan();
  });

  it('a keyid that is UTF-8 but not ASCII cannot be a structured-field string: 401', async () => {
    const body = Buffer.from(deliveryBody());
    const headers: Record<string, string | Buffer> = { ...signedHeaders(body) };
    headers['signature-input'] = Buffer.from((headers['signature-input'] as string).replace(`keyid="${POS_ID}"`, 'keyid="pokladna-č"'), 'utf8');
    const a = await rawPost(headers, body);
    expect(a).toMatchObject({ status: 401, body: { code: 'BAD_SIGNATURE', message: 'Signature-Input is not a valid structured-field dictionary.' } });
    expectNothingRan();
  });

  it('a Pos-Id header that is not UTF-8 is 400; one naming another POS is 401', async () => {
    const body = Buffer.from(deliveryBody());
    const bad = await rawPost({ ...signedHeaders(body), 'pos-id': Buffer.from([0x36, 0x66, 0xff, 0xfe]) }, body);
    expect(bad).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', message: 'The Pos-Id header is not valid UTF-8.' } });
    const other = await rawPost({ ...signedHeaders(body), 'pos-id': 'another-pos' }, body);
    expect(other).toMatchObject({ status: 401, body: { code: 'BAD_SIGNATURE', message: 'The Pos-Id header is not this POS.' } });
    expectNothingRan();
    const same = await rawPost({ ...signedHeaders(body), 'pos-id': POS_ID }, body);
    expect(same).toMatchObject({ status: 200, body: { result: [] } });
  });
});

describe('Signature-SHA256 is lower-case hex', () => {
  it('the right value in upper case, or a value that is not hex: 401', async () => {
    const body = deliveryBody();
    const headers = signedHeaders(body);
    const right = headers['signature-sha256']!;
    for (const wrong of [right.toUpperCase(), 'g'.repeat(64), `${right} `.trim() + '0', right.slice(1)]) {
      const res = await h.post({ headers: { ...headers, 'signature-sha256': wrong }, body });
      expect(res).toEqual({ status: 401, body: { code: 'BAD_SIGNATURE', message: 'Signature-SHA256 must be 64 lower-case hex digits.' } });
    }
    expectNothingRan();
    expect(await h.post({ headers, body })).toEqual({ status: 200, body: { result: [] } });
  });
});

describe('the delivery id is UTF-8', () => {
  it('a signed body whose id bytes are not UTF-8: 400, nothing recorded', async () => {
    const text = deliveryBody({ id: 'd-XX' });
    const at = text.indexOf('XX');
    const body = Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from([0xff, 0xfe]), Buffer.from(text.slice(at + 2))]);
    const res = await h.post({ headers: signedHeaders(body), body });
    expect(res).toEqual({ status: 400, body: { code: 'BAD_REQUEST', message: 'The body is not valid UTF-8.' } });
    expectNothingRan();
  });

  it('an id with a lone surrogate (\\ud800) cannot be stored as UTF-8: 400', async () => {
    const body = deliveryBody({ id: 'd-\ud800' });
    expect(body).toContain('\\ud800');
    const res = await h.post({ headers: signedHeaders(body), body });
    expect(res).toEqual({ status: 400, body: { code: 'BAD_REQUEST', message: 'Bad delivery body: id: not valid UTF-8 (a lone surrogate).' } });
    expectNothingRan();
  });
});
