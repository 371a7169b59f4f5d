import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { openApp, tab } from './helpers/app-page.js';
import { launchChromium, screenshot, type Chromium } from './helpers/browser.js';
import { startHost, type Host } from './helpers/host.js';
import { PosClient } from './helpers/service-clients.js';

// The order inbox and the Menu view in Chromium against the real host and an
// in-test sandbox: orders arrive by the service's orderStart over WebSocket, the cashier answers
// them in the page, the service hears each answer; both views fit 1366x768 and 1024x768.
const MENU = [
  {
    id: 'drinks',
    name: 'Drinks',
    items: [
      { id: 'pilsner', name: 'Pilsner Urquell 0.5 l', price: '62.00' },
      { id: 'kofola', name: 'Kofola', price: '45.00' },
    ],
  },
  {
    id: 'mains',
    name: 'Mains',
    items: [
      { id: 'svickova', name: 'Svíčková na smetaně s houskovým knedlíkem', price: '259.00' },
      { id: 'goulash', name: 'Beef goulash', price: '229.00', description: 'with bread dumplings' },
    ],
  },
];

const tableOrder = (id: string, table: string, note?: string) => ({
  id,
  currency: 'CZK',
  delivery: { type: 'toBill', idTable: table },
  items: [
    { id: 'pilsner', name: 'Pilsner', quantity: '2' },
    { id: 'svickova', name: 'Svíčková', quantity: '1', note: 'extra sauce, no cranberries' },
  ],
  ...(note ? { note } : {}),
});

const noSidewaysScroll = (page: Page) =>
  page.locator('#tab-panel').evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
    pageWidth: el.ownerDocument.documentElement.scrollWidth,
    viewport: el.ownerDocument.defaultView?.innerWidth ?? 0,
  }));

describe('Order inbox and Menu in the browser', () => {
  let sandbox: Sandbox;
  let host: Host;
  let chromium: Chromium;
  let page: Page;
  let pos: PosClient;
  const serviceStatus = (id: string) =>
    (sandbox.state() as { restaurants: { orders: { idOrder: string; status: string }[] }[] }).restaurants[0]!.orders.find((o) => o.idOrder === id)?.status ??
    null;

  beforeAll(async () => {
    sandbox = await startSandbox({ restaurantName: 'Bistro Orders' });
    host = await startHost(['--service-url', sandbox.url, '--api-key', sandbox.restaurant.apiKey, '--pos-id', randomUUID(), '--transport', 'ws']);
    pos = new PosClient(host.ready.posApi, host.ready.posApiToken);
    for (const n of [3, 5, 8, 12]) await pos.putTable(`t${n}`, `Table ${n}`, 'Hall');
    expect((await pos.call('PUT', '/menu', { menus: MENU })).status).toBe(200);
    chromium = await launchChromium();
    page = await chromium.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await openApp(page, host.ui);
  });

  afterAll(async () => {
    await chromium?.close();
    await host?.stop();
    await sandbox?.close();
  });

  it('new orders show in the inbox with table or pickup time, lines and notes, and the tab counts them', async () => {
    for (const [id, table] of [
      ['o-5', 't5'],
      ['o-3', 't3'],
      ['o-8', 't8'],
      ['o-12', 't12'],
    ] as const) {
      expect(await sandbox.callPos('orderStart', [tableOrder(id, table, id === 'o-5' ? 'We sit by the window' : undefined)])).toMatchObject({
        result: { idOrder: id },
      });
    }
    const pickup = {
      id: 'p-1',
      currency: 'CZK',
      delivery: { type: 'byCustomer', pickupAt: '2026-11-22T18:30:00+01:00' },
      items: [{ id: 'goulash', name: 'Goulash', quantity: '3' }],
      customer: { name: 'Eva' },
    };
    expect(await sandbox.callPos('orderStart', [pickup])).toMatchObject({ result: { idOrder: 'p-1' } });

    await tab(page, 'Orders').click();
    const inbox = page.getByRole('region', { name: 'Order inbox' });
    await expect.poll(() => inbox.getByRole('article').count(), { timeout: 10_000 }).toBe(5);
    expect(await tab(page, 'Orders').getAttribute('aria-describedby')).toBe('tab-badge-orders');
    expect(await page.locator('#tab-badge-orders').textContent()).toContain('5');
    const five = inbox.getByRole('article', { name: 'Table 5' });
    expect(await five.textContent()).toContain('2× Pilsner Urquell 0.5 l');
    expect(await five.textContent()).toContain('(extra sauce, no cranberries)');
    expect(await five.textContent()).toContain('Note: We sit by the window');
    const pickupCard = inbox.getByRole('article', { name: 'Pickup 18:30' });
    expect(await pickupCard.textContent()).toContain('For Eva');
    const fit = await noSidewaysScroll(page);
    expect(fit.scrollWidth).toBeLessThanOrEqual(fit.clientWidth);
    expect(fit.pageWidth).toBeLessThanOrEqual(fit.viewport);
    await screenshot(page, 'orders-inbox-1366x768');
  });

  it('Accept, Preparing, Ready, Complete and Reject with a reason each reach the service', async () => {
    const inbox = page.getByRole('region', { name: 'Order inbox' });
    const five = inbox.getByRole('article', { name: 'Table 5' });
    await five.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => serviceStatus('o-5'), { timeout: 10_000 }).toBe('ACCEPTED');
    for (const [button, status] of [
      ['Preparing', 'PREPARING'],
      ['Ready', 'READY'],
      ['Complete', 'COMPLETE'],
    ] as const) {
      await five.getByRole('button', { name: button }).click();
      await expect.poll(() => serviceStatus('o-5'), { timeout: 10_000 }).toBe(status);
    }
    // Done: it leaves the inbox for today's answered list.
    const answered = page.getByRole('region', { name: 'Answered today' }).getByRole('article', { name: 'Table 5' });
    await answered.waitFor();
    // Once the service took every decision, the card stops saying it is still being sent.
    await expect.poll(() => answered.textContent(), { timeout: 10_000 }).not.toContain('Not yet confirmed');
    const three = inbox.getByRole('article', { name: 'Table 3' });
    await three.getByRole('button', { name: 'Reject' }).click();
    await three.getByLabel('Reason the guest sees').selectOption({ label: 'Sorry, the kitchen is closed.' });
    await three.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => serviceStatus('o-3'), { timeout: 10_000 }).toBe('REJECTED');
    expect((await pos.call<{ rejectReason: string }>('GET', '/orders/o-3')).body.rejectReason).toBe('Sorry, the kitchen is closed.');
    // The guest's lines of the accepted order are on table 5's bill, marked.
    await tab(page, 'Tables').click();
    await page.getByRole('button', { name: /^Table 5\s/ }).click();
    const bill = page.getByRole('complementary', { name: 'Bill of Table 5' });
    await bill
      .getByRole('row', { name: /Pilsner Urquell/ })
      .getByText('Ordered by the guest')
      .waitFor();
  });

  it('pausing orders makes the service hear ORDERS_PAUSED; the views fit 1024x768', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await tab(page, 'Orders').click();
    await page.getByRole('switch', { name: 'Pause orders' }).click();
    await expect
      .poll(async () => sandbox.callPos('orderPrepare', [tableOrder('o-x', 't5')]), { timeout: 10_000 })
      .toMatchObject({ error: { code: 'ORDERS_PAUSED' } });
    await page.getByRole('switch', { name: 'Pause orders' }).click();
    await expect.poll(async () => sandbox.callPos('orderPrepare', [tableOrder('o-x', 't5')]), { timeout: 10_000 }).toMatchObject({ result: { total: '383' } });
    const fit = await noSidewaysScroll(page);
    expect(fit.scrollWidth).toBeLessThanOrEqual(fit.clientWidth);
    expect(fit.pageWidth).toBeLessThanOrEqual(fit.viewport);
    const accept = await page
      .getByRole('region', { name: 'Order inbox' })
      .getByRole('article', { name: 'Table 8' })
      .getByRole('button', { name: 'Accept' })
      .boundingBox();
    expect(accept!.x + accept!.width).toBeLessThanOrEqual(1024);
    await screenshot(page, 'orders-inbox-1024x768');
  });

  it('the Menu view: search, sold out in one press (the POS API sees it), fits 1024x768 and 1366x768', async () => {
    await tab(page, 'Menu').click();
    await page.getByRole('searchbox', { name: 'Search the menu' }).fill('svickova');
    await page.getByText('1 of 4 items').waitFor();
    await page.getByRole('button', { name: 'Mark Svíčková na smetaně s houskovým knedlíkem sold out' }).click();
    await expect
      .poll(
        async () =>
          (await pos.call<{ menus: { items: { id: string; available: boolean }[] }[] }>('GET', '/menu')).body.menus[1]!.items.find((i) => i.id === 'svickova')
            ?.available,
        { timeout: 10_000 },
      )
      .toBe(false);
    await page.getByRole('searchbox', { name: 'Search the menu' }).fill('');
    for (const width of [1024, 1366]) {
      await page.setViewportSize({ width, height: 768 });
      const fit = await noSidewaysScroll(page);
      expect(fit.scrollWidth).toBeLessThanOrEqual(fit.clientWidth);
      expect(fit.pageWidth).toBeLessThanOrEqual(fit.viewport);
      await screenshot(page, `menu-${width}x768`);
    }
  });
});
