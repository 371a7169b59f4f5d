import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../main/base/service/index.js';
import { ServiceFixture, value } from './helpers.js';

let fx: ServiceFixture;
afterEach(async () => {
  await fx?.close();
});

describe('REST client: every /api/v2/eshop path against the sandbox', () => {
  it('creates orders, pays through the gateway, refunds, cancels and terminates', async () => {
    fx = await new ServiceFixture().connect();
    const merchant = fx.sandbox.restaurant.id;
    const order = value(await fx.client.createOrder({ amount: '250.00', currency: 'CZK', description: 'Dinner voucher' }));
    expect(order).toMatchObject({ idMerchant: merchant, amount: '250.00', currency: 'CZK', state: 'CREATED' });
    const batch = value(
      await fx.client.createOrderBatch([
        { amount: '10', currency: 'CZK' },
        { id: 'fixed-id', amount: '20', currency: 'EUR' },
      ]),
    );
    expect(batch.map((o) => [o.amount, o.currency])).toEqual([
      ['10', 'CZK'],
      ['20', 'EUR'],
    ]);
    expect(batch[1]!.id).toBe('fixed-id');

    const link = value(await fx.client.payByPaymentGateway(order.id));
    expect(link.paymentUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\//);
    expect(value(await fx.client.getPaymentGatewayLink(order.id))).toEqual(link);
    expect(value(await fx.client.processOrder(order.id)).state).toBe('PAID');
    const ref = { idMerchant: merchant, idOrder: order.id };
    expect(value(await fx.client.getOrder(ref)).state).toBe('PAID');
    expect(value(await fx.client.getSubscriptionPayments(ref))).toMatchObject({ idOrder: order.id, payments: [expect.objectContaining({ id: order.id })] });

    const notCancellable = await fx.client.deleteOrder(ref);
    expect(notCancellable).toMatchObject({ ok: false, status: 409, code: 'CONFLICT' });
    expect(!notCancellable.ok && notCancellable.message).toBe('The e-shop order is not in a state that allows this: reload it and check its state.');
    expect(value(await fx.client.refundPayments(ref, { amount: '250.00' })).state).toBe('REFUNDED');
    expect(value(await fx.client.terminateSubscription(ref))).toEqual({ status: 'Accepted' });

    const fresh = batch[0]!;
    expect(value(await fx.client.deleteOrder({ idMerchant: merchant, idOrder: fresh.id })).state).toBe('CANCELLED');
    expect(await fx.client.refundPayments({ idMerchant: merchant, idOrder: fresh.id })).toMatchObject({ status: 409 });
  });

  it('answers 403 for another merchant, 404 for unknown orders, and refuses bad input locally', async () => {
    fx = await new ServiceFixture().connect();
    const order = value(await fx.client.createOrder({ amount: '1', currency: 'CZK' }));
    expect(await fx.client.getOrder({ idMerchant: 'someone-else', idOrder: order.id })).toEqual({
      ok: false,
      status: 403,
      code: 'FORBIDDEN',
      message: 'This e-shop order belongs to another merchant.',
    });
    expect(await fx.client.getOrder({ idMerchant: fx.sandbox.restaurant.id, idOrder: 'nope' })).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(await fx.client.processOrder('nope')).toMatchObject({ status: 404 });
    const bad = await fx.client.createOrder({ amount: '1', currency: 'czk' });
    expect(!bad.ok && bad.message).toMatch(/currency: must be an ISO 4217 code/);
    const empty = await fx.client.createOrderBatch([]);
    expect(!empty.ok && empty.message).toMatch(/orders: must hold at least one order/);
  });

  it('creates, reads and deletes static payment links, and opens a payment session', async () => {
    fx = await new ServiceFixture().connect();
    const merchant = fx.sandbox.restaurant.id;
    const link = value(await fx.client.createStaticPaymentLink(merchant, { amount: '99', currency: 'CZK', description: 'Tip jar' }));
    expect(link).toMatchObject({ idMerchant: merchant, amount: '99', currency: 'CZK', description: 'Tip jar' });
    expect(value(await fx.client.getStaticPaymentLink(merchant, link.id))).toEqual(link);
    expect(value(await fx.client.deleteStaticPaymentLink(merchant, link.id))).toEqual({ status: 'Accepted' });
    const gone = await fx.client.getStaticPaymentLink(merchant, link.id);
    expect(!gone.ok && gone.message).toBe('The payment service does not know this payment link: check its id.');
    expect(await fx.client.createStaticPaymentLink('someone-else', { currency: 'CZK' })).toMatchObject({ status: 403 });
    expect(value(await fx.client.createApplePaySession({ domainName: 'shop.example' }))).toMatchObject({ session: { domainName: 'shop.example' } });
  });
});

describe('REST client: v4 endpoints against the sandbox', () => {
  it('who-am-i, configure, reply and get-payment', async () => {
    fx = await new ServiceFixture().connect();
    expect(value(await fx.client.whoAmIV4())).toEqual({ id: fx.sandbox.restaurant.id, name: fx.sandbox.restaurant.name });
    expect(value(await fx.client.configure('http://127.0.0.1:9/webhook/r1'))).toEqual({ webhookUrl: 'http://127.0.0.1:9/webhook/r1' });
    const badUrl = await fx.client.configure('not a url');
    expect(badUrl).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    expect(!badUrl.ok && badUrl.message).toMatch(/webhookUrl/);

    const stale = await fx.client.reply({ id: 'no-such-delivery', result: null });
    expect(stale).toMatchObject({ ok: false, status: 404, code: 'NOT_FOUND' });

    const { payment } = await fx.sandbox.guestPay({ idTable: 'T1' });
    expect(value(await fx.client.getPaymentV4(payment.id))).toMatchObject({ id: payment.id, state: 'PAID' });
    expect(await fx.client.getPaymentV4('nope')).toMatchObject({ status: 404 });
    expect(await fx.otherRestaurant().getPaymentV4(payment.id)).toMatchObject({ status: 403, message: MESSAGES.foreignPayment });
    expect(await fx.client.getPaymentV4('')).toMatchObject({ status: 0, code: 'INVALID_INPUT' });
  });
});
