import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/base/log.js';
import { createServiceClient } from '../../main/base/service/index.js';
import { StaticPaymentLink } from '../../main/base/wire/index.js';
import { createPaymentLinks, learnedFrom, type PaymentLinks } from '../../main/features/payment-links/index.js';
import { tempStore } from '../store/helpers.js';

const LINK = { id: 'L1', idMerchant: 'm1', amount: '250.50', currency: 'CZK', description: 'Deposit', url: 'https://pay.example/link/L1' };
const PAYMENT = { id: 'pay-1', amount: '250.50', time: '2026-11-21T18:02:11+01:00' };

describe('a static link answer, read tolerantly', () => {
  const read = (body: Record<string, unknown>) => learnedFrom(StaticPaymentLink.parse({ ...LINK, ...body }));

  it('reads the states the protocol names, and the first payment of a paid link', () => {
    expect(read({ state: 'ACTIVE' })).toEqual({ state: 'active', payment: null });
    expect(read({ state: 'PAID', payments: [PAYMENT] })).toEqual({ state: 'paid', payment: PAYMENT });
    expect(read({ state: 'EXPIRED' })).toEqual({ state: 'expired', payment: null });
    expect(read({ state: 'DELETED' })).toEqual({ state: 'gone', payment: null });
  });

  it('an older answer without a state is an active link', () => {
    expect(read({})).toEqual({ state: 'active', payment: null });
  });

  it('a state it does not know is unknown, never paid, even with payments listed', () => {
    expect(read({ state: 'REFUNDING', payments: [PAYMENT] })).toEqual({ state: 'unknown', payment: null });
    expect(read({ state: 'paid' })).toEqual({ state: 'unknown', payment: null });
    expect(read({ state: 7 })).toEqual({ state: 'unknown', payment: null });
    expect(read({ state: null })).toEqual({ state: 'unknown', payment: null });
  });

  it('ignores unknown fields and leaves out payment entries it cannot read', () => {
    const parsed = StaticPaymentLink.parse({
      ...LINK,
      state: 'PAID',
      qrColour: 'red',
      payments: [
        { id: 3 },
        { id: 'p0', amount: '1,5', time: '2026-11-21T18:00:00Z' },
        { id: 'p1', amount: '9.00', time: 'yesterday' },
        { ...PAYMENT, card: 'Visa' },
      ],
    });
    expect(parsed).not.toHaveProperty('qrColour');
    expect(parsed.payments).toEqual([PAYMENT]);
    expect(StaticPaymentLink.parse({ ...LINK, state: 'PAID', payments: 'all of them' }).payments).toEqual([]);
    // Paid without a payment it can read: still paid (the till counts the link's own amount).
    expect(learnedFrom(StaticPaymentLink.parse({ ...LINK, state: 'PAID', payments: [{ id: 3 }] }))).toEqual({ state: 'paid', payment: null });
  });
});

/** A service on 127.0.0.1 whose link GET answers whatever the test sets, through the real client and store. */
describe('payment links over a service answering states the till does not know', () => {
  let server: Server;
  let answer: Record<string, unknown>;
  let temp: ReturnType<typeof tempStore>;
  let links: PaymentLinks;

  beforeEach(async () => {
    temp = tempStore();
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = createServiceClient({ baseUrl, apiKey: 'k', posId: randomUUID(), log: silentLogger() });
    links = createPaymentLinks({ store: temp.store, client: () => client, defaultCurrency: () => 'CZK', log: silentLogger() });
    temp.store.savePaymentLink({ id: LINK.id, idMerchant: LINK.idMerchant, amount: LINK.amount, currency: 'CZK', description: 'Deposit', url: LINK.url });
  });
  afterEach(async () => {
    temp.cleanup();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('shows an unknown state as unknown and asks again; a paid answer later is stored with its payment', async () => {
    answer = { ...LINK, state: 'ON_HOLD', payments: [PAYMENT], somethingNew: { x: 1 } };
    const first = await links.getPaymentLink({ linkId: LINK.id });
    expect(first).toEqual({ ok: true, value: expect.objectContaining({ state: 'unknown', payment: null }) });
    expect(temp.store.getPaymentLink(LINK.id)).toMatchObject({ state: 'unknown', paymentId: null, paidAt: null });

    answer = { ...LINK, state: 'PAID', payments: [PAYMENT] };
    const listed = await links.listPaymentLinks();
    expect(listed.ok && listed.value.links).toEqual([
      expect.objectContaining({ state: 'paid', payment: { id: 'pay-1', amount: '250.50', time: '2026-11-21T17:02:11.000Z' } }),
    ]);

    // Final: a later answer (here one the till cannot place) changes nothing, since it is not asked.
    answer = { ...LINK, state: 'ACTIVE' };
    const again = await links.getPaymentLink({ linkId: LINK.id });
    expect(again.ok && again.value.state).toBe('paid');
  });
});
