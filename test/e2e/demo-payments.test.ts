import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { billPanel, billTotal, notice, noticesRegion, openApp, paymentRow, tab, tableCard } from './helpers/app-page.js';
import { launchChromium, screenshot, type Chromium } from './helpers/browser.js';
import { startHost, type Host } from './helpers/host.js';
import { PosClient, SandboxControl } from './helpers/service-clients.js';

// Demo mode: the host's embedded sandbox and its seeded bills (main/demo/demo-data.ts); a guest
// pays through the sandbox's control API while the cashier watches the real page in Chromium.
describe('demo mode: guests pay, the cashier sees it', () => {
  let host: Host;
  let chromium: Chromium;
  let page: Page;
  let sandbox: SandboxControl;
  let pos: PosClient;

  beforeAll(async () => {
    host = await startHost();
    sandbox = new SandboxControl(host.ready.sandbox ?? '');
    pos = new PosClient(host.ready.posApi, host.ready.posApiToken);
    chromium = await launchChromium();
    page = await chromium.newPage();
    await openApp(page, host.ui);
  });
  afterAll(async () => {
    await chromium?.close();
    await host?.stop();
  });

  it('shows the paid notice and the table change state; acknowledging removes the notice', async () => {
    expect(host.ready.demo).toBe(true);
    await tab(page, 'Tables').click();
    await expect(tableCard(page, 'Table 3').locator('.badge').textContent()).resolves.toBe('Open');

    const paid = await sandbox.guestPay({ idTable: 't3', tip: '20' });
    expect(paid.outcome).toBe('paid');

    const shown = notice(page, 'Table 3 paid CZK 296.00');
    await shown.waitFor();
    expect(await shown.textContent()).toContain('20.00 tip');
    // autoCloseBills (on by default): the fully paid bill closes itself; the free card shows what was paid.
    await tableCard(page, 'Table 3')
      .locator('.badge')
      .filter({ hasText: /^Free$/ })
      .waitFor();
    expect(await tableCard(page, 'Table 3').textContent()).toContain('296.00');
    await screenshot(page, 'notifications');

    await shown.getByRole('button', { name: 'OK' }).click();
    await shown.waitFor({ state: 'detached' });
    expect(await noticesRegion(page).count()).toBe(0);
    await screenshot(page, 'tables');
  });

  it('a partial payment shows the due amount on the table and in the bill', async () => {
    // Table 1: 4 Pilsner (62.00), 2 goulash, 2 schnitzel, 1 strudel = 1295.00; the guest pays 2 Pilsner.
    const paid = await sandbox.guestPay({ idTable: 't1', items: [{ id: 'm-pilsner-1', quantity: '2' }] });
    expect(paid.outcome).toBe('paid');
    await notice(page, 'Table 1 paid 124.00 of CZK 1,295.00, 1,171.00 left').waitFor();

    const card = tableCard(page, 'Table 1');
    await card
      .locator('.badge')
      .filter({ hasText: /^Partly paid$/ })
      .waitFor();
    expect((await card.textContent())?.replace(/\s/g, ' ')).toContain('CZK 1,171.00');

    await card.click();
    const panel = billPanel(page, 'Table 1');
    await panel.waitFor();
    expect((await billTotal(panel, 'Due').textContent())?.replace(/\s/g, ' ')).toBe('CZK 1,171.00');
    expect((await billTotal(panel, 'Paid').textContent())?.replace(/\s/g, ' ')).toBe('CZK 124.00');
    const pilsner = panel.getByRole('row', { name: /Pilsner/ });
    expect((await pilsner.locator('td').allTextContents()).slice(4, 6)).toEqual(['2', '0']);
    expect((await pos.bill('b-t1')).totals.due).toBe('1171.00');
    await screenshot(page, 'bill-detail');
  });

  it('a cancel within the window restores the items on the bill and shows the payment as cancelled', async () => {
    const paid = await sandbox.guestPay({ idTable: 't2' });
    expect(paid.outcome).toBe('paid');
    await notice(page, 'Table 2 paid CZK 628.00').waitFor();
    expect((await pos.bill('b-t2')).totals.due).toBe('0.00');

    await tab(page, 'Payments').click();
    const row = paymentRow(page, paid.payment.id);
    await row.waitFor();
    // The history shows money through Intl (en-GB: "CZK 628.00").
    expect((await row.textContent())?.replace(/\s/g, ' ')).toContain('CZK 628.00');
    await screenshot(page, 'payments');
    await row.getByRole('button', { name: /Cancel payment/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this payment?' });
    await dialog.getByText(/Time left to cancel: \d+:\d{2}:\d{2}/).waitFor();
    await screenshot(page, 'payments-cancel-dialog');
    await dialog.getByRole('button', { name: 'Cancel payment' }).click();
    await dialog.waitFor({ state: 'detached' });

    await row.filter({ hasText: 'Refunded' }).waitFor();
    expect(await row.getAttribute('class')).toContain('cancelled');
    expect(await row.getByRole('button', { name: /Cancel payment/ }).count()).toBe(0);

    await tab(page, 'Tables').click();
    const card = tableCard(page, 'Table 2');
    await card.filter({ hasText: 'CZK 628.00' }).waitFor();
    await card.click();
    const panel = billPanel(page, 'Table 2');
    expect((await billTotal(panel, 'Due').textContent())?.replace(/\s/g, ' ')).toBe('CZK 628.00');
    expect((await billTotal(panel, 'Paid').textContent())?.replace(/\s/g, ' ')).toBe('CZK 0.00');
    for (const item of ['Homemade lemonade', 'Svíčková']) {
      const cells = await panel
        .getByRole('row', { name: new RegExp(item) })
        .locator('td')
        .allTextContents();
      expect(cells.slice(4, 6)).toEqual(['0', '0']);
    }
    expect((await pos.bill('b-t2')).totals.due).toBe('628.00');
  });

  it('the Demo panel pays some items with a tip, and a declined card notifies too', async () => {
    await tab(page, 'Demo').click();
    const demo = page.getByRole('region', { name: 'Demo: pay as a guest' });
    const table = demo.getByRole('combobox', { name: 'Table' });
    expect(await table.locator('option[value="t7"]').textContent()).toMatch(/^Table 7 · CZK\s567\.00$/);
    await table.selectOption('t7');
    await demo.getByRole('radio', { name: 'Some items' }).check();
    await demo.getByLabel('Quantity of Pilsner 0.5 l to pay').fill('1');
    await demo.getByLabel('Tip').fill('10');
    await demo.getByRole('button', { name: 'Pay', exact: true }).click();
    const result = demo.getByRole('status').filter({ hasText: /^Paid: the guest has paid/ });
    await result.waitFor();
    expect(await result.textContent()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
    await screenshot(page, 'demo');
    await notice(page, 'Table 7 paid 62.00 of CZK 567.00, 505.00 left (+ 10.00 tip)').waitFor();

    await demo.getByRole('button', { name: 'Decline' }).click();
    await notice(page, 'Payment at Table 7 was declined').waitFor();
    expect((await pos.bill('b-t7')).totals).toMatchObject({ paid: '62.00', due: '505.00', tips: '10.00' });
  });
});
