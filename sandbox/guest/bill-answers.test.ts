import { describe, expect, it } from 'vitest';
import { SandboxRequestError } from '../index.js';
import { credsOf, sampleBook, sandboxFixture } from '../../test/sandbox/helpers/fixture.js';
import { WsPos, type PosHandler } from '../../test/sandbox/helpers/scripted-pos.js';

// The guest flow reuses the getTableContents validation when getBill repeats the listed bill;
// these check that any other getBill answer is still validated and used as answered.
const env = sandboxFixture();

async function payWith(handler: (book: ReturnType<typeof sampleBook>) => PosHandler) {
  const sb = await env.start();
  const book = sampleBook();
  const pos = await WsPos.connect({ ...credsOf(sb), handler: handler(book) });
  env.defer(() => pos.close());
  return sb.guestPay({ idTable: 'T1' }).then(
    (r) => ({ ok: true as const, r }),
    (e: unknown) => ({ ok: false as const, e }),
  );
}

const badPrice = { id: 'B1', currency: 'CZK', items: [{ id: 'beer', name: 'Beer', price: 62.5, quantity: '2' }] };

describe('getBill answers in the guest flow (WebSocket POS)', () => {
  it('the listed bill repeated by getBill: paid, with the listed items', async () => {
    const out = await payWith((book) => (m, a) => book.handle(m, a));
    expect(out.ok && out.r.outcome).toBe('paid');
    expect(out.ok && out.r.payment.items.map((i) => [i.id, i.quantity])).toEqual([
      ['beer', '2'],
      ['goulash', '1'],
    ]);
  });

  it('a getBill answer that differs from the list is the one paid (here: one beer fewer)', async () => {
    const out = await payWith((book) => (m, a) => {
      const answer = book.handle(m, a);
      if (m !== 'getBill' || !('result' in answer)) return answer;
      const bill = answer.result as { items: { id: string; quantity: string }[] };
      return { result: { ...bill, items: bill.items.map((i) => (i.id === 'beer' ? { ...i, quantity: '1' } : i)) } };
    });
    expect(out.ok && out.r.payment.items.map((i) => [i.id, i.quantity])).toEqual([
      ['beer', '1'],
      ['goulash', '1'],
    ]);
    expect(out.ok && out.r.payment.parts[0]?.total).toBe('251.5');
  });

  it('a bad getBill answer after a good list: 502 naming the field, no payment', async () => {
    const out = await payWith((book) => (m, a) => (m === 'getBill' ? { result: badPrice } : book.handle(m, a)));
    expect(out.ok).toBe(false);
    const e = out.ok ? null : (out.e as SandboxRequestError);
    expect(e).toBeInstanceOf(SandboxRequestError);
    expect(e?.status).toBe(502);
    expect(e?.body).toMatchObject({ code: 'BAD_POS_ANSWER', message: expect.stringMatching(/^getBill failed: .*items\[0\]\.price/) });
  });

  it('the same bad bill in the list and in getBill: the list is refused first', async () => {
    const out = await payWith(
      (book) => (m, a) => (m === 'getTableContents' ? { result: [badPrice] } : m === 'getBill' ? { result: badPrice } : book.handle(m, a)),
    );
    const e = out.ok ? null : (out.e as SandboxRequestError);
    expect(e?.status).toBe(502);
    expect(e?.body).toMatchObject({ code: 'BAD_POS_ANSWER', message: expect.stringMatching(/^getTableContents failed: .*\[0\]\.items\[0\]\.price/) });
  });
});
