import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { billPanel, notice, noticesRegion, openApp, paymentRow, tab } from './helpers/app-page.js';
import { VIEWPORT, launchChromium, screenshot, type Chromium } from './helpers/browser.js';
import { startHost, type Host } from './helpers/host.js';
import { SandboxControl } from './helpers/service-clients.js';

// Notices that lead to their table, a payment awaiting capture, and the
// safe choice focused in a confirmation dialog; demo mode with its seeded bills (main/demo/demo-data.ts).
describe('notices and safe actions at 1366x768 and 1024x768', () => {
  let host: Host;
  let chromium: Chromium;
  let page: Page;
  let sandbox: SandboxControl;

  beforeAll(async () => {
    host = await startHost();
    sandbox = new SandboxControl(host.ready.sandbox ?? '');
    chromium = await launchChromium();
    page = await chromium.newPage();
    await openApp(page, host.ui);
  });
  afterAll(async () => {
    await chromium?.close();
    await host?.stop();
  });

  it('a partial payment reads "paid X of Y, Z left"; three notices fit in 90 px; a click opens the table', async () => {
    await tab(page, 'Tables').click();
    // Table 1: 1295.00 in all; the guest pays one Pilsner (62.00).
    expect((await sandbox.guestPay({ idTable: 't1', items: [{ id: 'm-pilsner-1', quantity: '1' }] })).outcome).toBe('paid');
    await notice(page, 'Table 1 paid 62.00 of CZK 1,295.00, 1,233.00 left').waitFor();
    expect((await sandbox.guestPay({ idTable: 't3' })).outcome).toBe('paid');
    expect((await sandbox.guestPay({ idTable: 't11' })).outcome).toBe('paid');
    await notice(page, /^.*Table 3 paid CZK\s296\.00/).waitFor();
    await notice(page, /Bar 1 paid CZK\s124\.00/).waitFor();
    const list = noticesRegion(page).locator('ul.notices-list');
    const box = await list.boundingBox();
    expect(box?.height).toBeLessThanOrEqual(90);
    await screenshot(page, 'notices-1366');

    await noticesRegion(page)
      .getByRole('button', { name: /^Open Table 1: Table 1 paid 62\.00 of/ })
      .click();
    await billPanel(page, 'Table 1').waitFor();
  });

  it('a manual-capture payment raises a capture notice; Capture right there clears it and the payment is paid', async () => {
    const authorized = await sandbox.guestPay({ idTable: 't7', captureMode: 'manual' });
    expect(authorized.outcome).toBe('authorized');
    const capture = notice(page, /Table 7: capture CZK\s567\.00/);
    await capture.waitFor();
    await screenshot(page, 'notices-capture-1366');
    await capture.getByRole('button', { name: /^Capture CZK\s567\.00 at Table 7$/ }).click();
    await capture.waitFor({ state: 'detached' });
    await notice(page, /Table 7 paid CZK\s567\.00/).waitFor();
  });

  it('the cancel dialog opens with the focus on the safe button; Enter goes back; Escape closes', async () => {
    const paid = await sandbox.guestPay({ idTable: 't2' });
    expect(paid.outcome).toBe('paid');
    await tab(page, 'Payments').click();
    const row = paymentRow(page, paid.payment.id);
    await row.getByRole('button', { name: /Cancel payment/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this payment?' });
    await dialog.waitFor();
    const back = dialog.getByRole('button', { name: 'Back' });
    await back.waitFor();
    // Evaluated in the page (a string: this file is typed for Node, without the DOM).
    const focused = await page.evaluate(
      "(() => { const el = document.activeElement; return el ? [el.tagName, el.textContent, el.closest('[role=dialog]') !== null] : null; })()",
    );
    expect(focused).toEqual(['BUTTON', 'Back', true]);
    await screenshot(page, 'dialog-cancel-1366');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'dialog-cancel-1024');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await row.getByRole('button', { name: /Cancel payment/ }).count()).toBe(1);

    await row.getByRole('button', { name: /Cancel payment/ }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await tab(page, 'Tables').click();
    await screenshot(page, 'notices-1024');
    await page.setViewportSize(VIEWPORT);
  });
});
