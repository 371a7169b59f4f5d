import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentLinkView } from '../../preload/contract.js';
import { silentLogger } from '../../main/base/log.js';
import { createServiceClient, type ServiceClient } from '../../main/base/service/index.js';
import { createLinkWatcher, createPaymentLinks, LINK_CHECK_MS, type LinkWatcher, type PaymentLinks } from '../../main/features/payment-links/index.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { tempStore } from '../store/helpers.js';

/**
 * A link a guest pays at the service becomes `paid` at the till: the background check on the app's
 * clock learns it (real sandbox over HTTP, real SQLite), tells the screen, and stops asking once
 * every link is final; the list then shows the payment without asking the service.
 */
describe('payment links: the paid state reaches the till', () => {
  let sandbox: Sandbox;
  let temp: ReturnType<typeof tempStore>;
  let links: PaymentLinks;
  let watcher: LinkWatcher;
  let gets: number;
  const changes: PaymentLinkView[] = [];

  beforeEach(async () => {
    sandbox = await startSandbox({ port: 0 });
    temp = tempStore();
    gets = 0;
    changes.length = 0;
    const real = createServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.restaurant.apiKey, posId: randomUUID(), log: silentLogger() });
    // The same client, counting the questions about links.
    const client: ServiceClient = {
      ...real,
      getStaticPaymentLink: (idMerchant, id) => {
        gets += 1;
        return real.getStaticPaymentLink(idMerchant, id);
      },
    };
    links = createPaymentLinks({ store: temp.store, client: () => client, defaultCurrency: () => 'CZK', log: silentLogger(), changed: (l) => changes.push(l) });
    watcher = createLinkWatcher({ links, clock: temp.clock, log: silentLogger() });
  });
  afterEach(async () => {
    watcher.stop();
    temp.cleanup();
    await sandbox.close();
  });

  it('learns on the timer that links were paid, with each payment, then asks no more', async () => {
    const deposit = await links.createPaymentLink({ amount: '250.50', description: 'Deposit' });
    const tab = await links.createPaymentLink({ amount: '10', description: 'Tab' });
    const open = await links.createPaymentLink({ amount: '5', description: 'Still open' });
    if (!deposit.ok || !tab.ok || !open.ok) throw new Error('create failed');
    watcher.start();

    const paid = sandbox.guestPayLink({ linkId: deposit.value.id });
    const paidTab = sandbox.guestPayLink({ linkId: tab.value.id });
    expect(paid.link.state).toBe('PAID');

    // Not before the interval.
    temp.clock.advance(LINK_CHECK_MS - 1);
    expect(gets).toBe(0);
    temp.clock.advance(1);
    // The timer's round is out; asking again joins it instead of doubling the questions.
    await watcher.check();
    expect(gets).toBe(3);
    expect(changes.map((c) => [c.description, c.state, c.payment?.id, c.payment?.amount])).toEqual(
      expect.arrayContaining([
        ['Deposit', 'paid', paid.payment.id, '250.50'],
        ['Tab', 'paid', paidTab.payment.id, '10.00'],
      ]),
    );
    expect(changes).toHaveLength(2);
    expect(temp.store.getPaymentLink(deposit.value.id)).toMatchObject({
      state: 'paid',
      paymentId: paid.payment.id,
      paymentAmount: '250.50',
      paidAt: new Date(paid.payment.time).toISOString(),
    });

    // The next round asks only for the link still open; a round with nothing changed tells nobody.
    temp.clock.advance(LINK_CHECK_MS);
    await watcher.check();
    expect(gets).toBe(4);
    expect(changes).toHaveLength(2);

    // The open one is deleted at the service: gone, final; after that the rounds ask nothing.
    await links.deletePaymentLink({ linkId: open.value.id });
    temp.clock.advance(LINK_CHECK_MS);
    await watcher.check();
    expect(gets).toBe(4);

    // The list shows the payments from the store, with the service away (final links are not asked).
    await sandbox.close();
    const listed = await links.listPaymentLinks();
    expect(listed).toEqual({
      ok: true,
      value: {
        links: [
          expect.objectContaining({
            description: 'Tab',
            state: 'paid',
            payment: { id: paidTab.payment.id, amount: '10.00', time: new Date(paidTab.payment.time).toISOString() },
          }),
          expect.objectContaining({ description: 'Deposit', state: 'paid', payment: expect.objectContaining({ id: paid.payment.id, amount: '250.50' }) }),
        ],
        checkFailed: null,
      },
    });
    sandbox = await startSandbox({ port: 0 });
  });

  it('the list learns it too when it is read, and a paid link cannot be deleted', async () => {
    const made = await links.createPaymentLink({ amount: '80', description: 'Phone order' });
    if (!made.ok) throw new Error('create failed');
    expect((await links.listPaymentLinks()).ok && changes).toEqual([]);
    const { payment } = sandbox.guestPayLink({ linkId: made.value.id });
    const listed = await links.listPaymentLinks();
    expect(listed.ok && listed.value.links[0]).toMatchObject({ state: 'paid', payment: { id: payment.id, amount: '80.00' } });
    expect(changes.map((c) => c.state)).toEqual(['paid']);
    expect(await links.deletePaymentLink({ linkId: made.value.id })).toEqual({
      ok: false,
      error: { code: 'LINK_PAID', params: { amount: '80.00', currency: 'CZK', link: 'Phone order' } },
    });
    expect(temp.store.getPaymentLink(made.value.id)?.state).toBe('paid');
    // The sandbox takes no second payment of a paid link.
    expect(() => sandbox.guestPayLink({ linkId: made.value.id })).toThrow(/PAID, not ACTIVE/);
  });

  it('a link whose guest chooses the amount is paid with the amount the guest chose', async () => {
    // Made elsewhere without an amount: the sandbox asks for one when paying.
    const client = createServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.restaurant.apiKey, posId: randomUUID(), log: silentLogger() });
    const free = await client.createStaticPaymentLink(sandbox.restaurant.id, { currency: 'CZK', description: 'Tip jar' });
    if (!free.ok) throw new Error('create failed');
    temp.store.savePaymentLink({
      id: free.value.id,
      idMerchant: free.value.idMerchant,
      amount: null,
      currency: 'CZK',
      description: 'Tip jar',
      url: free.value.url,
    });
    expect(() => sandbox.guestPayLink({ linkId: free.value.id })).toThrow(/send one/);
    sandbox.guestPayLink({ linkId: free.value.id, amount: '42.5' });
    const got = await links.getPaymentLink({ linkId: free.value.id });
    expect(got.ok && [got.value.amount, got.value.state, got.value.payment?.amount]).toEqual([null, 'paid', '42.50']);
  });
});
