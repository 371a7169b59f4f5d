import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_KEY, POS_ID, ReceiverHarness } from './helpers/receiver-harness.js';

/** Every rejection answers the right status with a body that says why, and runs no handler. */
let h: ReceiverHarness;
beforeEach(async () => {
  h = await new ReceiverHarness().start();
  h.dispatcher.on('getTableList', () => ({ result: [{ id: 't1', name: 'Table 1' }] }));
});
afterEach(async () => {
  await h.close();
});

/** Flips one character of `text` at `index` to another character of the same alphabet. */
function flip(text: string, index: number): string {
  const c = text[index]!;
  const alt = /[0-9]/.test(c)
    ? c === '0'
      ? '1'
      : '0'
    : /[a-z]/.test(c)
      ? c === 'a'
        ? 'b'
        : 'a'
      : /[A-Z]/.test(c)
        ? c === 'A'
          ? 'B'
          : 'A'
        : c === '+'
          ? '/'
          : '+';
  return text.slice(0, index) + alt + text.slice(index + 1);
}

async function expectRejected(
  req: { headers: Record<string, string>; body: string | Uint8Array },
  status: number,
  code: string,
  message: RegExp,
): Promise<void> {
  const res = await h.post(req);
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ code, message: expect.stringMatching(message) });
  expect(h.dispatcher.calls).toEqual([]);
  expect(h.deliveries()).toEqual([]);
}

describe('signed request baseline', () => {
  it('a correctly signed delivery is answered 200 with the handler result', async () => {
    const res = await h.post(h.signed('getTableList', []));
    expect(res).toEqual({ status: 200, body: { result: [{ id: 't1', name: 'Table 1' }] } });
  });
});

describe('one header removed', () => {
  const cases: [string, number, string, RegExp][] = [
    ['content-digest', 401, 'BAD_DIGEST', /Content-Digest header is missing/],
    ['signature-input', 401, 'BAD_SIGNATURE', /Signature-Input header is missing/],
    ['signature', 401, 'BAD_SIGNATURE', /Signature header is missing/],
    ['signature-sha256', 401, 'BAD_SIGNATURE', /Signature-SHA256 header is missing/],
    ['content-type', 401, 'BAD_SIGNATURE', /signed header "content-type" is missing/],
  ];
  for (const [header, status, code, message] of cases) {
    it(`without ${header}: ${status}`, async () => {
      const req = h.signed('getTableList', []);
      delete req.headers[header];
      await expectRejected(req, status, code, message);
    });
  }
});

describe('one byte flipped', () => {
  it('in the body, at the start, middle and end: 401 digest', async () => {
    const req = h.signed('getTableList', []);
    for (const at of [0, Math.floor(req.body.length / 2), req.body.length - 1]) {
      const body = Buffer.from(req.body);
      body[at] = body[at]! ^ 0x01;
      await expectRejected({ headers: req.headers, body }, 401, 'BAD_DIGEST', /does not match the body/);
    }
  });

  it('in the Content-Digest value: 401, found by the signature before the body is read', async () => {
    const req = h.signed('getTableList', []);
    const digest = req.headers['content-digest']!;
    // The last base64 character before '=' also carries padding bits: flip the one before it.
    for (const at of [9, 20, digest.length - 4]) {
      await expectRejected(
        { headers: { ...req.headers, 'content-digest': flip(digest, at) }, body: req.body },
        401,
        'BAD_SIGNATURE',
        /signature sig1 does not match/,
      );
    }
  });

  it('in the RFC 9421 Signature value: 401', async () => {
    const req = h.signed('getTableList', []);
    const sig = req.headers.signature!;
    for (const at of [6, 20, sig.length - 4]) {
      await expectRejected({ headers: { ...req.headers, signature: flip(sig, at) }, body: req.body }, 401, 'BAD_SIGNATURE', /signature sig1 does not match/);
    }
  });

  it('in a signed parameter of Signature-Input: 401', async () => {
    const req = h.signed('getTableList', []);
    const input = req.headers['signature-input']!.replace('keyid="', 'keyid="x');
    await expectRejected({ headers: { ...req.headers, 'signature-input': input }, body: req.body }, 401, 'BAD_SIGNATURE', /signature sig1 does not match/);
  });

  it('in Signature-SHA256: 401', async () => {
    const req = h.signed('getTableList', []);
    const hex = req.headers['signature-sha256']!;
    for (const at of [0, 31, 63]) {
      await expectRejected(
        { headers: { ...req.headers, 'signature-sha256': flip(hex, at) }, body: req.body },
        401,
        'BAD_SIGNATURE',
        /Signature-SHA256 does not match the body/,
      );
    }
  });

  it('a wrong Signature-SHA256 on a delivery that is also late: 401, the signatures are checked before the times', async () => {
    const now = h.nowS();
    const late = [
      { created: now - 120, expires: now + 15 },
      { created: now - 20, expires: now - 5 },
    ];
    for (const times of late) {
      const req = h.signed('getTableList', [], { ...times, body: times });
      const hex = req.headers['signature-sha256']!;
      await expectRejected(
        { headers: { ...req.headers, 'signature-sha256': flip(hex, 7) }, body: req.body },
        401,
        'BAD_SIGNATURE',
        /Signature-SHA256 does not match the body/,
      );
      // The same delivery with its own Signature-SHA256 is late, not forged.
      await expectRejected(req, 410, times.expires < now ? 'EXPIRED' : 'CREATED_OUT_OF_WINDOW', /signature/);
    }
  });

  it('a request signed with another key: 401', async () => {
    const req = h.signed('getTableList', []);
    const other = await import('../../main/adapters/connection/webhook-signing/index.js');
    const now = h.nowS();
    const wrong = other.signWebhookRequest({
      target: '/webhook/default',
      body: req.body,
      secret: 'zzzz-zzzz-zzzz-zzzz-zzzz',
      keyid: 'x',
      created: now,
      expires: now + 15,
    });
    await expectRejected({ headers: wrong, body: req.body }, 401, 'BAD_SIGNATURE', /signature sig1 does not match/);
  });
});

describe('timing edges', () => {
  it('created exactly 60 s ago or ahead is accepted', async () => {
    const now = h.nowS();
    for (const created of [now - 60, now + 60]) {
      const res = await h.post(h.signed('getTableList', [], { created, body: { created } }));
      expect(res.status).toBe(200);
    }
    expect(h.dispatcher.calls).toHaveLength(2);
  });

  it('created 61 s ago or ahead, in the signature or in the body: 410', async () => {
    const now = h.nowS();
    for (const created of [now - 61, now + 61]) {
      await expectRejected(h.signed('getTableList', [], { created }), 410, 'CREATED_OUT_OF_WINDOW', /signature created=/);
      await expectRejected(h.signed('getTableList', [], { body: { created } }), 410, 'CREATED_OUT_OF_WINDOW', /body created=/);
    }
  });

  it('expires equal to now or past, in the signature or in the body: 410', async () => {
    const now = h.nowS();
    for (const expires of [now, now - 1]) {
      await expectRejected(h.signed('getTableList', [], { expires }), 410, 'EXPIRED', /signature expires=/);
      await expectRejected(h.signed('getTableList', [], { body: { expires } }), 410, 'EXPIRED', /body expires=/);
    }
  });

  it('a delivery that was fine goes stale when the clock moves past expires', async () => {
    const req = h.signed('getTableList', []);
    h.clock.advance(15_000);
    await expectRejected(req, 410, 'EXPIRED', /expired 0 s ago/);
  });
});

describe('body and event checks after the signatures', () => {
  it('a signed body that is not JSON: 400', async () => {
    const now = h.nowS();
    const { signWebhookRequest } = await import('../../main/adapters/connection/webhook-signing/index.js');
    const body = '{"id": "d1", "event": ';
    const headers = signWebhookRequest({ target: '/webhook/default', body, secret: API_KEY, keyid: POS_ID, created: now, expires: now + 15 });
    await expectRejected({ headers, body }, 400, 'BAD_REQUEST', /not valid JSON/);
  });

  it('a signed body without an id: 400 naming the field', async () => {
    await expectRejected(h.signed('getTableList', [], { body: { id: undefined } }), 400, 'BAD_REQUEST', /^Bad delivery body: id: /);
  });

  it('an unknown event kind: 404', async () => {
    await expectRejected(h.signed('orderCreated', [{ id: 'o1' }]), 404, 'UNKNOWN_EVENT', /"orderCreated" is not supported/);
  });

  it('a body over 1 MiB: 413 without reading it', async () => {
    const big = h.signed('getTableList', [], { body: { padding: 'x'.repeat(1024 * 1024) } });
    await expectRejected(big, 413, 'PAYLOAD_TOO_LARGE', /larger than 1048576 bytes/);
  });

  it('another path: 404; another method: 405', async () => {
    const { postRaw } = await import('./helpers/http-post.js');
    const req = h.signed('getTableList', []);
    const other = await postRaw(h.transport.url.replace('/webhook/default', '/webhook/other'), req.headers, req.body);
    expect(other).toEqual({ status: 404, body: { code: 'NOT_FOUND', message: 'No webhook here: POST to /webhook/default.' } });
    const get = await fetch(h.transport.url);
    expect(get.status).toBe(405);
    expect(await get.json()).toEqual({ code: 'METHOD_NOT_ALLOWED', message: 'Webhooks are delivered with POST.' });
    expect(h.dispatcher.calls).toEqual([]);
  });
});

describe('streamed oversized body', () => {
  it('a chunked body that grows past 1 MiB: 413 and the rest is not read', async () => {
    const { request } = await import('node:http');
    const req = h.signed('getTableList', []);
    const res = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const r = request(h.transport.url, { method: 'POST', headers: req.headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown }));
      });
      // The server closes the connection after its 413: a write error then is expected.
      r.on('error', (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' || e.code === 'ECONNRESET' ? undefined : reject(e)));
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      for (let i = 0; i < 24; i++) r.write(chunk);
      r.end();
    });
    expect(res).toEqual({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE', message: 'The body is larger than 1048576 bytes.' } });
    expect(h.dispatcher.calls).toEqual([]);
  });
});
