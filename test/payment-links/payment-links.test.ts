import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/base/log.js';
import { createPaymentLinks, type PaymentLinks } from '../../main/features/payment-links/index.js';
import { createServiceClient, type ServiceClient } from '../../main/base/service/index.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { tempStore } from '../store/helpers.js';

/** The payment link commands over a real store (SQLite in a temp dir) and the real sandbox over HTTP. */
describe('payment links: create, list, delete against the sandbox', () => {
  let sandbox: Sandbox;
  let temp: ReturnType<typeof tempStore>;
  let client: ServiceClient;
  let links: PaymentLinks;

  const clientFor = (apiKey: string): ServiceClient => createServiceClient({ baseUrl: sandbox.url, apiKey, posId: randomUUID(), log: silentLogger() });
  const heldBySandbox = (): { id: string; amount?: string; description: string; url: string }[] =>
    (sandbox.state() as { restaurants: { id: string; staticLinks: { id: string; amount?: string; description: string; url: string }[] }[] }).restaurants.find(
      (r) => r.id === sandbox.restaurant.id,
    )!.staticLinks;

  beforeEach(async () => {
    sandbox = await startSandbox({ port: 0 });
    temp = tempStore();
    client = clientFor(sandbox.restaurant.apiKey);
    links = createPaymentLinks({ store: temp.store, client: () => client, defaultCurrency: () => 'CZK', log: silentLogger() });
  });
  afterEach(async () => {
    temp.cleanup();
    await sandbox.close();
  });

  it('creates a link at the service, keeps it in the store, lists it active, and deletes it in both places', async () => {
    const made = await links.createPaymentLink({ amount: '250.5', description: ' Deposit, table for 8 ' });
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    expect(made.value).toMatchObject({ amount: '250.50', currency: 'CZK', description: 'Deposit, table for 8', state: 'active' });
    expect(made.value.url).toBe(`${sandbox.url}/link/${made.value.id}`);
    expect(heldBySandbox()).toEqual([
      expect.objectContaining({ id: made.value.id, amount: '250.50', description: 'Deposit, table for 8', url: made.value.url }),
    ]);
    expect(temp.store.getPaymentLink(made.value.id)).toMatchObject({ idMerchant: sandbox.restaurant.id, amount: '250.50', currency: 'CZK' });

    // The link's page, as a guest's phone opens it.
    const page = await fetch(made.value.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Deposit, table for 8');
    expect(html).toContain('250.50 CZK');

    const second = await links.createPaymentLink({ amount: '12', currency: 'EUR' });
    expect(second).toMatchObject({ ok: true, value: { amount: '12.00', currency: 'EUR', description: '' } });
    const listed = await links.listPaymentLinks();
    expect(listed.ok && listed.value.links.map((l) => [l.amount, l.currency, l.state])).toEqual([
      ['12.00', 'EUR', 'active'],
      ['250.50', 'CZK', 'active'],
    ]);
    expect(listed.ok && listed.value.checkFailed).toBeNull();

    expect(await links.deletePaymentLink({ linkId: made.value.id })).toEqual({ ok: true, value: null });
    expect(heldBySandbox().map((l) => l.id)).toEqual([second.ok && second.value.id]);
    expect(temp.store.getPaymentLink(made.value.id)).toBeNull();
    expect((await fetch(made.value.url)).status).toBe(404);
    expect(await links.deletePaymentLink({ linkId: made.value.id })).toMatchObject({ ok: false, error: { code: 'LINK_NOT_FOUND' } });
  });

  it('refuses a bad amount, currency or description by code, before anything is sent', async () => {
    const cases: [Parameters<PaymentLinks['createPaymentLink']>[0], string, Record<string, unknown>][] = [
      [{ amount: '0' }, 'INVALID_AMOUNT', { reason: 'positive', field: 'amount' }],
      [{ amount: '0.00' }, 'INVALID_AMOUNT', { reason: 'positive' }],
      [{ amount: '-5' }, 'INVALID_AMOUNT', { reason: 'positive' }],
      [{ amount: '12.345' }, 'INVALID_AMOUNT', { reason: 'places', value: '12.345' }],
      [{ amount: '12,50' }, 'INVALID_AMOUNT', { reason: 'format' }],
      [{ amount: '' }, 'INVALID_AMOUNT', { reason: 'format' }],
      [{ amount: '1e3' }, 'INVALID_AMOUNT', { reason: 'format' }],
      [{ amount: '1234567890123456' }, 'INVALID_AMOUNT', { reason: 'large' }],
      [{ amount: '10', currency: 'koruna' }, 'INVALID_CURRENCY', { field: 'currency' }],
      [{ amount: '10', description: 'x'.repeat(201) }, 'DESCRIPTION_TOO_LONG', { max: 200 }],
    ];
    for (const [input, code, params] of cases) {
      const answer = await links.createPaymentLink(input);
      expect(answer, JSON.stringify(input)).toMatchObject({ ok: false, error: { code, params } });
    }
    expect(heldBySandbox()).toEqual([]);
    expect(temp.store.paymentLinks()).toEqual([]);
    // The edges that are allowed: 2 places, 15 digits, a lower-case currency made upper.
    expect(await links.createPaymentLink({ amount: '999999999999999.99', currency: 'eur', description: 'x'.repeat(200) })).toMatchObject({
      ok: true,
      value: { amount: '999999999999999.99', currency: 'EUR' },
    });
  });

  it("words the service's refusals by code with the link's amount and description, never its id", async () => {
    sandbox.injectFault({ kind: 'http-503', restaurantId: sandbox.restaurant.id });
    // The first call of a fresh client is who-am-i, which the fault does not touch; create takes it.
    const restarting = await links.createPaymentLink({ amount: '80', description: 'Phone order' });
    expect(restarting).toEqual({
      ok: false,
      error: { code: 'SERVICE_RESTARTING', params: { amount: '80.00', currency: 'CZK', link: 'Phone order' } },
    });
    expect(heldBySandbox()).toEqual([]);

    const made = await links.createPaymentLink({ amount: '80', description: 'Phone order' });
    expect(made.ok).toBe(true);
    const id = made.ok ? made.value.id : '';
    sandbox.injectFault({ kind: 'http-503', restaurantId: sandbox.restaurant.id });
    const refusedDelete = await links.deletePaymentLink({ linkId: id });
    expect(refusedDelete).toMatchObject({ ok: false, error: { code: 'SERVICE_RESTARTING', params: { amount: '80.00', link: 'Phone order' } } });
    expect(JSON.stringify(refusedDelete)).not.toContain(id);
    expect(temp.store.getPaymentLink(id)).not.toBeNull();
    expect(heldBySandbox().map((l) => l.id)).toEqual([id]);

    // A rejected key: nothing is made, the code says what to check.
    client = clientFor('wrong-key-0000');
    expect(await links.createPaymentLink({ amount: '10' })).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED', params: { amount: '10.00' } } });
  });

  it('reads each stored link back from the service: gone when deleted elsewhere, unknown (with why) when the service cannot be asked', async () => {
    const kept = await links.createPaymentLink({ amount: '40', description: 'Tab of Mr. Novák' });
    const lost = await links.createPaymentLink({ amount: '60', description: 'Deposit' });
    if (!kept.ok || !lost.ok) throw new Error('create failed');
    // Deleted at the service by someone else (another till, the admin console).
    expect((await client.deleteStaticPaymentLink(sandbox.restaurant.id, lost.value.id)).ok).toBe(true);
    const listed = await links.listPaymentLinks();
    expect(listed.ok && listed.value.links.map((l) => [l.description, l.state])).toEqual([
      ['Deposit', 'gone'],
      ['Tab of Mr. Novák', 'active'],
    ]);
    expect((await links.getPaymentLink({ linkId: lost.value.id })).ok && 'gone').toBe('gone');
    // Deleting a link the service lost only forgets it here.
    expect(await links.deletePaymentLink({ linkId: lost.value.id })).toEqual({ ok: true, value: null });
    expect(temp.store.getPaymentLink(lost.value.id)).toBeNull();

    const url = sandbox.url;
    await sandbox.close();
    client = createServiceClient({ baseUrl: url, apiKey: 'k', posId: randomUUID(), log: silentLogger() });
    const offline = await links.listPaymentLinks();
    expect(offline).toEqual({
      ok: true,
      value: { links: [expect.objectContaining({ description: 'Tab of Mr. Novák', state: 'unknown' })], checkFailed: { code: 'NETWORK_ERROR' } },
    });
    sandbox = await startSandbox({ port: 0 });
  });
});
