import { describe, expect, it } from 'vitest';
import type { Payment } from '../../main/base/wire/index.js';
import { credsOf, sampleBook, sandboxFixture } from './helpers/fixture.js';
import { control, posFetch, type PosCredentials } from './helpers/pos-http.js';
import { WsPos } from './helpers/scripted-pos.js';

const env = sandboxFixture();
const THREE_HOURS = 3 * 60 * 60 * 1000;

/** A sandbox with a connected scripted POS, one PAID payment, and a second restaurant's credentials. */
async function withPayment(captureMode: 'auto' | 'manual' = 'auto') {
  let now = Date.UTC(2026, 0, 1, 12);
  const sb = await env.start({ now: () => now });
  const book = sampleBook();
  const creds = credsOf(sb);
  const pos = await WsPos.connect({ ...creds, handler: (m, a) => book.handle(m, a) });
  env.defer(() => pos.close());
  const { payment } = await sb.guestPay({ idTable: 'T1', captureMode });
  const other = sb.createRestaurant('Other');
  const otherCreds: PosCredentials = { ...creds, apiKey: other.apiKey };
  return { sb, creds, otherCreds, payment, book, tick: (ms: number) => (now += ms) };
}

const receipt = (p: Payment) => ({
  receiptInfo: { billName: 'B1', timestamp: '2026-01-01T12:00:00Z', serial: 'R-1' },
  items: p.items,
  receiptDeliveryType: 'EMAIL',
  futureField: 1,
});

describe('GET /api/v2/pos/payment/<id>', () => {
  it('200 with the Payment, 403 (empty) for another restaurant, 404 (empty) for an unknown id, 401 without auth', async () => {
    const { sb, creds, otherCreds, payment } = await withPayment();
    const ok = await posFetch(creds, `/api/v2/pos/payment/${payment.id}`);
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ id: payment.id, state: 'PAID', timestamp: '2026-01-01T12:00:00.000Z' });
    const forbidden = await posFetch(otherCreds, `/api/v2/pos/payment/${payment.id}`);
    expect([forbidden.status, forbidden.text]).toEqual([403, '']);
    const missing = await posFetch(creds, '/api/v2/pos/payment/no-such-payment');
    expect([missing.status, missing.text]).toEqual([404, '']);
    expect((await fetch(`${sb.url}/api/v2/pos/payment/${payment.id}`)).status).toBe(401);
  });
});

describe('DELETE /api/v2/pos/payment/<id> (cancel within 3 hours)', () => {
  it('200 with the CANCELLED payment at exactly 3 hours after creation', async () => {
    const { creds, payment, tick } = await withPayment();
    tick(THREE_HOURS);
    const res = await posFetch(creds, `/api/v2/pos/payment/${payment.id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: payment.id, state: 'CANCELLED' });
    expect(((await posFetch(creds, `/api/v2/pos/payment/${payment.id}`)).json as Payment).state).toBe('CANCELLED');
  });

  it('410 with an empty body once the window has passed (clock moved by POST /sandbox/clock); state unchanged', async () => {
    const { sb, creds, payment } = await withPayment();
    const moved = await control(sb.url, '/sandbox/clock', { advanceMs: THREE_HOURS + 1 });
    expect(moved.status).toBe(200);
    const res = await posFetch(creds, `/api/v2/pos/payment/${payment.id}`, { method: 'DELETE' });
    expect([res.status, res.text]).toEqual([410, '']);
    expect(((await posFetch(creds, `/api/v2/pos/payment/${payment.id}`)).json as Payment).state).toBe('PAID');
    expect((await control(sb.url, '/sandbox/clock', { advanceMs: -5 })).status).toBe(400);
  });

  it('403 and 404 with empty bodies', async () => {
    const { creds, otherCreds, payment } = await withPayment();
    const forbidden = await posFetch(otherCreds, `/api/v2/pos/payment/${payment.id}`, { method: 'DELETE' });
    expect([forbidden.status, forbidden.text]).toEqual([403, '']);
    const missing = await posFetch(creds, '/api/v2/pos/payment/unknown', { method: 'DELETE' });
    expect([missing.status, missing.text]).toEqual([404, '']);
    expect(((await posFetch(creds, `/api/v2/pos/payment/${payment.id}`)).json as Payment).state).toBe('PAID');
  });
});

describe('POST /api/v2/pos/payment/<id>/capture', () => {
  it('400 naming the field for a bad Receipt, 403, 404, 409 for a payment that is not authorized, 200 Accepted', async () => {
    const { creds, otherCreds, payment } = await withPayment('manual');
    const path = `/api/v2/pos/payment/${payment.id}/capture`;
    const bad = await posFetch(creds, path, { method: 'POST', body: { ...receipt(payment), receiptDeliveryType: 'PIGEON' } });
    expect(bad.status).toBe(400);
    expect((bad.json as { message: string }).message).toMatch(/^receiptDeliveryType: /);
    expect((await posFetch(creds, path, { method: 'POST' })).status).toBe(400);
    const forbidden = await posFetch(otherCreds, path, { method: 'POST', body: receipt(payment) });
    expect([forbidden.status, forbidden.text]).toEqual([403, '']);
    const missing = await posFetch(creds, '/api/v2/pos/payment/nope/capture', { method: 'POST', body: receipt(payment) });
    expect([missing.status, missing.text]).toEqual([404, '']);
    expect(((await posFetch(creds, `/api/v2/pos/payment/${payment.id}`)).json as Payment).state).toBe('STARTED');
    const ok = await posFetch(creds, path, { method: 'POST', body: receipt(payment) });
    expect([ok.status, ok.json]).toEqual([200, { status: 'Accepted' }]);
    expect((await posFetch(creds, path, { method: 'POST', body: receipt(payment) })).status).toBe(200); // repeated capture
  });

  it('409 for an automatic payment', async () => {
    const { creds, payment } = await withPayment('auto');
    const res = await posFetch(creds, `/api/v2/pos/payment/${payment.id}/capture`, { method: 'POST', body: receipt(payment) });
    expect(res.status).toBe(409);
    expect((res.json as { code: string }).code).toBe('NOT_CAPTURABLE');
  });
});

describe('POST /api/v2/pos/provide-payment-receipt', () => {
  it('200 Accepted, 400 when malformed, 403 another restaurant, 404 unknown payment', async () => {
    const { sb, creds, otherCreds, payment } = await withPayment();
    const path = '/api/v2/pos/provide-payment-receipt';
    const ok = await posFetch(creds, path, { method: 'POST', body: { paymentId: payment.id, receipt: receipt(payment) } });
    expect([ok.status, ok.json]).toEqual([200, { status: 'Accepted' }]);
    const noId = await posFetch(creds, path, { method: 'POST', body: { receipt: receipt(payment) } });
    expect(noId.status).toBe(400);
    expect((noId.json as { message: string }).message).toMatch(/^paymentId: /);
    const badReceipt = await posFetch(creds, path, { method: 'POST', body: { paymentId: payment.id, receipt: { items: [] } } });
    expect((badReceipt.json as { message: string }).message).toMatch(/^receipt\.receiptInfo: /);
    const forbidden = await posFetch(otherCreds, path, { method: 'POST', body: { paymentId: payment.id, receipt: receipt(payment) } });
    expect([forbidden.status, forbidden.text]).toEqual([403, '']);
    const missing = await posFetch(creds, path, { method: 'POST', body: { paymentId: 'nope', receipt: receipt(payment) } });
    expect([missing.status, missing.text]).toEqual([404, '']);
    const state = (await control(sb.url, '/sandbox/state')).json as { payments: { receipts: number }[] };
    expect(state.payments[0]!.receipts).toBe(2); // the one from paymentProcessed and the one provided
  });
});
