import { describe, expect, it } from 'vitest';
import { credsOf, sampleBook, sandboxFixture } from './helpers/fixture.js';
import { control, posFetch } from './helpers/pos-http.js';
import { PollingPos } from './helpers/polling-pos.js';
import { WsPos } from './helpers/scripted-pos.js';
import { waitFor } from './helpers/wait-for.js';

const env = sandboxFixture();

async function wsSetup(options = {}) {
  const sb = await env.start(options);
  const book = sampleBook();
  const pos = await WsPos.connect({ ...credsOf(sb), handler: (m, a) => book.handle(m, a) });
  env.defer(() => pos.close());
  return { sb, book, pos };
}

type Fault = { kind: string; remaining: number; applied: { detail: string }[] };
const faults = (sb: { state(): unknown }) => (sb.state() as { faults: Fault[] }).faults;

describe('fault injection (POST /sandbox/faults)', () => {
  it('drop: the WebSocket ends without a close frame (1006)', async () => {
    const { sb, pos } = await wsSetup();
    expect((await control(sb.url, '/sandbox/faults', { kind: 'drop' })).status).toBe(200);
    expect((await pos.closed).code).toBe(1006);
    expect(faults(sb)).toEqual([
      expect.objectContaining({ kind: 'drop', remaining: 0, applied: [expect.objectContaining({ detail: expect.stringMatching(/^ws /) })] }),
    ]);
  });

  it.each([
    ['close-1001', 1001],
    ['close-4503', 4503],
  ] as const)('%s closes the WebSocket with that code', async (kind, code) => {
    const { sb, pos } = await wsSetup();
    sb.injectFault({ kind });
    expect((await pos.closed).code).toBe(code);
  });

  it('a connection fault injected while nothing is connected waits for the next connection', async () => {
    const sb = await env.start();
    sb.injectFault({ kind: 'close-1001' });
    expect(faults(sb)[0]!.remaining).toBe(1);
    const pos = new WsPos({ ...credsOf(sb), handler: () => ({ result: null }) });
    expect((await pos.closed).code).toBe(1001);
    expect(faults(sb)[0]!.remaining).toBe(0);
  });

  it('http-503: the next WS handshakes and polls answer 503 with Retry-After: 120, `count` times', async () => {
    const sb = await env.start({ pollHoldMs: 100 });
    sb.injectFault({ kind: 'http-503', count: 2 });
    const ws = new WsPos({ ...credsOf(sb), handler: () => ({ result: null }) });
    await expect(ws.ready()).rejects.toThrow('handshake answered 503 retry-after=120');
    const poll = await posFetch(credsOf(sb), '/api/v2/pos/poll', { method: 'POST' });
    expect([poll.status, poll.headers.get('retry-after')]).toEqual([503, '120']);
    expect((await posFetch(credsOf(sb), '/api/v2/pos/poll', { method: 'POST' })).status).toBe(200);
  });

  it('delay: the next method call is delivered no earlier than `ms` later, and still works', async () => {
    const { sb } = await wsSetup();
    sb.injectFault({ kind: 'delay', ms: 300 });
    const r = await sb.guestPay({ idTable: 'T1' });
    expect(r.outcome).toBe('paid');
    expect(r.steps[0]!.ms).toBeGreaterThanOrEqual(290);
    expect(faults(sb)[0]).toMatchObject({ kind: 'delay', remaining: 0 });
  });

  it('malformed-frame: a non-JSON text frame reaches the POS over WebSocket; the connection stays', async () => {
    const { sb, pos } = await wsSetup();
    sb.injectFault({ kind: 'malformed-frame' });
    await waitFor(() => pos.badBodies.length === 1, 'the malformed frame');
    expect(await sb.guestScan({ idTable: 'T1' })).toHaveLength(1);
  });

  it('unknown-fields: the next call carries an extra top-level field; a tolerant POS still pays', async () => {
    const { sb, pos, book } = await wsSetup();
    sb.injectFault({ kind: 'unknown-fields' });
    const r = await sb.guestPay({ idTable: 'T1' });
    expect(r.outcome).toBe('paid');
    expect(pos.calls[0]!.raw).toMatchObject({ method: 'getTableContents', sandboxUnknownField: { addedBy: 'sandbox', level: 0 } });
    expect(pos.calls[1]!.raw.sandboxUnknownField).toBeUndefined(); // one-shot
    expect(book.unpaid('B1', 'beer')).toBe('0');
  });

  it('unknown-fields reach nested objects (the Payment of paymentStart, its items and parts)', async () => {
    const sb = await env.start();
    const book = sampleBook();
    // Injected while answering getBill, so the next call is paymentStart.
    const pos = await WsPos.connect({
      ...credsOf(sb),
      handler: (m, a) => {
        if (m === 'getBill') sb.injectFault({ kind: 'unknown-fields' });
        return book.handle(m, a);
      },
    });
    env.defer(() => pos.close());
    expect((await sb.guestPay({ idTable: 'T1' })).outcome).toBe('paid');
    type Extra = { sandboxUnknownField?: unknown };
    const payment = (await pos.waitForCall('paymentStart')).args[0] as Extra & { items: Extra[]; parts: { provider: Extra }[] };
    expect(payment.sandboxUnknownField).toBeDefined();
    expect(payment.items[0]!.sandboxUnknownField).toBeDefined();
    expect(payment.parts[0]!.provider.sandboxUnknownField).toBeDefined();
  });

  it('repeat-payment-closed: paymentClosed arrives twice; the POS applies it once', async () => {
    const { sb, book } = await wsSetup();
    sb.injectFault({ kind: 'repeat-payment-closed' });
    const r = await sb.guestPay({ idTable: 'T1', items: [{ id: 'beer', quantity: '1' }] });
    expect(book.closedCalls).toEqual([
      { id: r.payment.id, state: 'PAID' },
      { id: r.payment.id, state: 'PAID' },
    ]);
    expect(r.steps.filter((s) => s.method === 'paymentClosed')).toHaveLength(2);
    expect(book.unpaid('B1', 'beer')).toBe('1');
  });

  it('no-pong: pings go unanswered while calls still flow', async () => {
    const { sb, pos } = await wsSetup();
    let pongs = 0;
    pos.ws.on('pong', () => (pongs += 1));
    sb.injectFault({ kind: 'no-pong' });
    pos.ws.ping();
    // Frames are handled in order: had a pong been sent, it would arrive before this answer.
    expect(await pos.callService('noop')).toMatchObject({ result: null });
    expect(pongs).toBe(0);
  });

  it('long-poll: drop destroys the held poll, malformed-frame answers non-JSON, close-4503 answers 503', async () => {
    const sb = await env.start({ pollHoldMs: 5_000 });
    const creds = credsOf(sb);
    const pos = new PollingPos(creds, () => ({ result: null }));
    env.defer(() => pos.stop());
    const held = () => (sb.state() as { connections: { pollHeld?: boolean }[] }).connections[0]?.pollHeld;
    await waitFor(held, 'a held poll');
    sb.injectFault({ kind: 'drop' });
    await waitFor(() => pos.statuses.includes(0), 'the dropped poll');
    await waitFor(held, 'the next held poll');
    sb.injectFault({ kind: 'malformed-frame' });
    await waitFor(() => pos.badBodies.length === 1, 'the malformed poll answer');
    await waitFor(held, 'the next held poll');
    sb.injectFault({ kind: 'close-4503' });
    await pos.done; // the scripted POS stops at a non-200, as a real one backs off
    expect(pos.statuses.at(-1)).toBe(503);
  });

  it('rejects a bad fault with 400 naming the field, and an unknown restaurant with 404', async () => {
    const sb = await env.start();
    const bad = await control(sb.url, '/sandbox/faults', { kind: 'meteor' });
    expect(bad.status).toBe(400);
    expect((bad.json as { message: string }).message).toMatch(/^kind: /);
    const badMs = await control(sb.url, '/sandbox/faults', { kind: 'delay', ms: 'soon' });
    expect((badMs.json as { message: string }).message).toMatch(/^ms: /);
    expect((await control(sb.url, '/sandbox/faults', { kind: 'drop', restaurantId: 'nope' })).status).toBe(404);
    expect(faults(sb)).toEqual([]);
  });
});
