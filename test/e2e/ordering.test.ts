import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OrderView } from '../../preload/contract.js';
import type { ServiceOrder } from '../../sandbox/index.js';
import { billPanel, notice, openApp, tab, tableCard } from './helpers/app-page.js';
import { launchChromium, screenshot, type Chromium } from './helpers/browser.js';
import { startHost, type Host } from './helpers/host.js';
import { PosClient } from './helpers/service-clients.js';

/** The POS's menu: what it pushes with PUT /v1/menu (prices in CZK, tax included). */
const MENU = {
  menus: [
    {
      id: 'drinks',
      name: 'Drinks',
      items: [
        { id: 'beer', name: 'Beer 0.5 l', price: '59.00', category: 'Drinks', tags: ['beer'] },
        { id: 'kofola', name: 'Kofola 0.3 l', price: '39.00', category: 'Drinks' },
      ],
    },
    { id: 'food', name: 'Food', items: [{ id: 'burger', name: 'Burger', price: '229.00', category: 'Food' }] },
  ],
};

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

/** Polls a condition on the sandbox or the POS API (bounded): the flows run in other processes. */
async function until<T>(probe: () => Promise<T | null | undefined | false>, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// Demo mode: the POS pushes its menu through the local POS API, a guest orders through the Demo
// tab (the embedded sandbox runs orderPrepare / orderStart against the till), the inbox rings, the
// cashier answers in the Orders tab, and the sandbox counts every status it received.
describe('ordering: the menu pushed, guests order to a table and for pickup', () => {
  let host: Host;
  let chromium: Chromium;
  let page: Page;
  let pos: PosClient;
  let sandboxUrl: string;

  const serviceOrder = (id: string) => getJson<ServiceOrder>(`${sandboxUrl}/sandbox/orders/${id}`);
  const orders = async () => (await pos.call<OrderView[]>('GET', '/orders')).body;
  const inbox = () => page.getByRole('region', { name: 'Order inbox' });
  /** Waits until the service received `status` for the order (its count is 1 or more). */
  const serviceSaw = (id: string, status: string) =>
    until(async () => {
      const o = await serviceOrder(id);
      return (o.counts as Record<string, number>)[status] ? o : null;
    }, `${status} of ${id} at the service`);

  beforeAll(async () => {
    host = await startHost();
    sandboxUrl = host.ready.sandbox ?? '';
    pos = new PosClient(host.ready.posApi, host.ready.posApiToken);
    chromium = await launchChromium();
    page = await chromium.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    // The inbox rings through WebAudio: record every tone the page starts (wave type and pitch).
    await page.addInitScript(() => {
      // Runs in the page (this file is typed without the DOM): the page's own OscillatorNode.
      type Tone = { type: string; frequency: { value: number } };
      const page = globalThis as unknown as { tones: string[]; OscillatorNode: { prototype: { start(this: Tone, ...args: unknown[]): void } } };
      const tones: string[] = [];
      page.tones = tones;
      const start = page.OscillatorNode.prototype.start;
      page.OscillatorNode.prototype.start = function (this: Tone, ...args: unknown[]) {
        tones.push(`${this.type}@${Math.round(this.frequency.value)}`);
        start.apply(this, args);
      };
    });
    await openApp(page, host.ui);
  });
  afterAll(async () => {
    await chromium?.close();
    await host?.stop();
  });

  it('the POS pushes a menu and the service holds it', async () => {
    const put = await pos.call<{ version: number }>('PUT', '/menu', MENU);
    expect(put.status).toBe(200);
    const held = await until(async () => {
      const state = await getJson<{ restaurants: { pushedMenus: { items: { id: string; price: string }[] }[] }[] }>(`${sandboxUrl}/sandbox/state`);
      const items = state.restaurants[0]!.pushedMenus.flatMap((m) => m.items);
      return items.some((i) => i.id === 'beer') ? items : null;
    }, 'the pushed menu at the service');
    // The store keeps prices as canonical decimals: "59.00" is held and pushed as "59".
    expect(held.map((i) => [i.id, i.price])).toEqual([
      ['beer', '59'],
      ['kofola', '39'],
      ['burger', '229'],
    ]);
  });

  it('a guest orders two beers onto table 5; accepted, the lines are on its bill, and the guest pays them', async () => {
    await page.reload(); // the menu is in the snapshot
    await tab(page, 'Demo').click();
    const form = page.getByRole('region', { name: 'Demo: order as a guest' });
    await form.getByRole('combobox', { name: 'Order to table' }).selectOption('t5');
    await form.getByLabel('Quantity of Beer 0.5 l to order').fill('2');
    const rang = () => page.evaluate(() => (globalThis as unknown as { tones: string[] }).tones.some((t) => t.startsWith('triangle@')));
    expect(await rang()).toBe(false);
    await form.getByRole('button', { name: 'Place order' }).click();
    await form.getByRole('status').filter({ hasText: 'Order sent: CZK 118.00 is on the bill of Table 5.' }).waitFor();
    await screenshot(page, 'demo-order');

    const placed = (await orders()).find((o) => o.tableId === 't5');
    expect(placed).toMatchObject({ status: 'NEW', deliveryType: 'toBill', total: '118.00' });

    // The inbox rings (the order pattern: triangle tones) and the Orders tab counts it.
    await until(rang, 'the order ring');
    expect(await page.locator('#tab-badge-orders').textContent()).toContain('1');
    await tab(page, 'Orders').click();
    const card = inbox().getByRole('article', { name: 'Table 5' });
    expect(await card.textContent()).toContain('2× Beer 0.5 l');
    await screenshot(page, 'ordering-inbox');
    await card.getByRole('button', { name: 'Accept' }).click();
    await serviceSaw(placed!.id, 'ACCEPTED');

    await tab(page, 'Tables').click();
    await tableCard(page, 'Table 5').click();
    const panel = billPanel(page, 'Table 5');
    const beer = panel.getByRole('row', { name: /Beer 0\.5 l/ });
    await beer.waitFor();
    await beer.getByText('Ordered by the guest').waitFor();
    expect(await beer.getByRole('textbox', { name: 'Quantity of Beer 0.5 l' }).inputValue()).toBe('2');
    expect((await beer.locator('td.money').allTextContents()).map((s) => s.replace(/\s/g, ' '))).toEqual(['CZK 59.00', 'CZK 118.00']);
    await screenshot(page, 'ordered-lines-on-bill');

    await tab(page, 'Demo').click();
    const payForm = page.getByRole('region', { name: 'Demo: pay as a guest' });
    await payForm.getByRole('combobox', { name: 'Table' }).selectOption('t5');
    await payForm.getByRole('button', { name: 'Pay', exact: true }).click();
    await notice(page, 'Table 5 paid CZK 118.00').waitFor();
    expect((await pos.bill(placed!.billId!)).totals).toMatchObject({ paid: '118.00', due: '0.00' });
    expect((await serviceOrder(placed!.id)).counts).toEqual({ ACCEPTED: 1 });
  });

  it('a pickup order is paid in advance, accepted, ready and complete; the service saw every status once', async () => {
    await tab(page, 'Demo').click();
    const form = page.getByRole('region', { name: 'Demo: order as a guest' });
    await form.getByRole('radio', { name: 'For pickup (paid in advance)' }).check();
    await form.getByLabel('Pickup time').fill('18:30');
    await form.getByLabel('Quantity of Burger to order').fill('1');
    await form.getByLabel('Quantity of Kofola 0.3 l to order').fill('2');
    await form.getByLabel('Note for the kitchen').fill('no onion');
    await form.getByRole('button', { name: 'Place order' }).click();
    await form.getByRole('status').filter({ hasText: 'Order paid (CZK 307.00) and sent.' }).waitFor();

    const pickup = (await orders()).find((o) => o.deliveryType === 'byCustomer');
    expect(pickup).toMatchObject({ status: 'NEW', paid: true, total: '307.00', note: 'no onion' });
    expect(pickup!.pickupAt).toMatch(/T18:30:00/);

    await tab(page, 'Orders').click();
    const card = inbox().getByRole('article', { name: 'Pickup 18:30' });
    expect(await card.textContent()).toContain('Note: no onion');
    for (const [button, status] of [
      ['Accept', 'ACCEPTED'],
      ['Ready', 'READY'],
      ['Complete', 'COMPLETE'],
    ] as const) {
      await card.getByRole('button', { name: button }).click();
      await serviceSaw(pickup!.id, status);
    }

    const closed = await until(async () => {
      const o = await serviceOrder(pickup!.id);
      return o.guest?.closed ? o : null;
    }, 'the service closing the pickup order');
    expect(closed.counts).toEqual({ ACCEPTED: 1, READY: 1, COMPLETE: 1 });
    expect(closed.guest).toMatchObject({ closed: { state: 'COMPLETED', cause: 'COMPLETE' }, payment: { state: 'PAID' } });
    const atTill = await until(async () => (await orders()).find((o) => o.id === pickup!.id && o.closedState === 'COMPLETED'), 'orderClose at the till');
    expect(atTill.status).toBe('COMPLETE');
  });
});
