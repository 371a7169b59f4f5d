import { describe, expect, it } from 'vitest';
import { credsOf, sandboxFixture } from './helpers/fixture.js';
import { posFetch } from './helpers/pos-http.js';

const env = sandboxFixture();

describe('/api/v2/eshop', () => {
  it('orders: create, batch, pay link (POST and GET), process, read, refund, cancel, subscription paths', async () => {
    const sb = await env.start();
    const creds = credsOf(sb);
    const m = sb.restaurant.id;
    const made = await posFetch(creds, '/api/v2/eshop/order', { method: 'POST', body: { amount: '250.00', currency: 'CZK', description: 'Voucher' } });
    expect(made.status).toBe(200);
    const order = made.json as { id: string; state: string };
    expect(order).toEqual({ id: expect.any(String), idMerchant: m, amount: '250.00', currency: 'CZK', description: 'Voucher', state: 'CREATED' });
    const batch = await posFetch(creds, '/api/v2/eshop/order-batch', { method: 'POST', body: { orders: [{ id: 'b1', amount: '1', currency: 'EUR' }] } });
    expect((batch.json as { orders: { id: string }[] }).orders.map((o) => o.id)).toEqual(['b1']);
    const link = await posFetch(creds, '/api/v2/eshop/order/pay-by-payment-gateway', { method: 'POST', body: { idOrder: order.id } });
    expect((link.json as { paymentUrl: string }).paymentUrl).toContain(order.id);
    expect((await posFetch(creds, `/api/v2/eshop/order/pay-by-payment-gateway?idOrder=${order.id}`)).status).toBe(200);
    expect((await posFetch(creds, '/api/v2/eshop/order/pay-by-payment-gateway')).status).toBe(400);
    expect(((await posFetch(creds, '/api/v2/eshop/order/process', { method: 'POST', body: { idOrder: order.id } })).json as { state: string }).state).toBe(
      'PAID',
    );
    expect(((await posFetch(creds, `/api/v2/eshop/order/${m}/${order.id}`)).json as { state: string }).state).toBe('PAID');
    expect((await posFetch(creds, `/api/v2/eshop/order/${m}/${order.id}/subscription-payments`)).status).toBe(200);
    expect((await posFetch(creds, `/api/v2/eshop/order/${m}/${order.id}`, { method: 'DELETE' })).status).toBe(409);
    expect(((await posFetch(creds, `/api/v2/eshop/order/${m}/${order.id}/refund-payments`, { method: 'POST' })).json as { state: string }).state).toBe(
      'REFUNDED',
    );
    expect((await posFetch(creds, `/api/v2/eshop/order/${m}/${order.id}/terminate-subscription`, { method: 'POST' })).json).toEqual({ status: 'Accepted' });
    expect(((await posFetch(creds, `/api/v2/eshop/order/${m}/b1`, { method: 'DELETE' })).json as { state: string }).state).toBe('CANCELLED');
    expect((await posFetch(creds, `/api/v2/eshop/order/${m}/nope`)).status).toBe(404);
    expect((await posFetch(creds, `/api/v2/eshop/order/someone-else/${order.id}`)).status).toBe(403);
    const bad = await posFetch(creds, '/api/v2/eshop/order', { method: 'POST', body: { amount: '1', currency: 'czk' } });
    expect((bad.json as { message: string }).message).toMatch(/^currency: /);
  });

  it('static payment links and payment sessions', async () => {
    const sb = await env.start();
    const creds = credsOf(sb);
    const m = sb.restaurant.id;
    const made = await posFetch(creds, `/api/v2/eshop/static-payment-link/${m}/create`, { method: 'POST', body: { currency: 'CZK', description: 'Tips' } });
    const link = made.json as { id: string; url: string };
    expect(link).toEqual({
      id: expect.any(String),
      idMerchant: m,
      currency: 'CZK',
      description: 'Tips',
      url: expect.stringContaining(sb.url),
      state: 'ACTIVE',
      payments: [],
    });
    expect((await posFetch(creds, `/api/v2/eshop/static-payment-link/${m}/${link.id}`)).json).toEqual(link);

    // A guest pays it (the control route): the GET answers PAID with the payment; a second payment is refused.
    const pay = (body: unknown) =>
      fetch(`${sb.url}/sandbox/guest/pay-link`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const noAmount = await pay({ linkId: link.id });
    expect([noAmount.status, ((await noAmount.json()) as { message: string }).message]).toEqual([
      400,
      'amount: the guest chooses the amount of this link; send one',
    ]);
    const paid = await pay({ linkId: link.id, amount: '15.50' });
    expect(paid.status).toBe(200);
    const { payment } = (await paid.json()) as { payment: { id: string; amount: string; time: string } };
    expect(payment).toEqual({ id: expect.any(String), amount: '15.50', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect((await posFetch(creds, `/api/v2/eshop/static-payment-link/${m}/${link.id}`)).json).toEqual({ ...link, state: 'PAID', payments: [payment] });
    const again = await pay({ linkId: link.id, amount: '1' });
    expect([again.status, ((await again.json()) as { code: string }).code]).toEqual([409, 'LINK_NOT_PAYABLE']);
    expect((await pay({ linkId: 'nope' })).status).toBe(400);
    expect((await posFetch(creds, `/api/v2/eshop/static-payment-link/${m}/delete`, { method: 'POST', body: { id: link.id } })).status).toBe(200);
    expect((await posFetch(creds, `/api/v2/eshop/static-payment-link/${m}/${link.id}`)).status).toBe(404);
    expect((await posFetch(creds, `/api/v2/eshop/static-payment-link/other/create`, { method: 'POST', body: { currency: 'CZK' } })).status).toBe(403);
    const session = await posFetch(creds, '/api/v2/eshop/create-apple-pay-session', { method: 'POST', body: { domainName: 'shop.example' } });
    expect((session.json as { session: { domainName: string } }).session.domainName).toBe('shop.example');
    expect((await fetch(`${sb.url}/api/v2/eshop/order`, { method: 'POST' })).status).toBe(401);
  });
});
