import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { billPanel, openApp, statusBar, tab, tableCard } from './helpers/app-page.js';
import { VIEWPORT, launchChromium, screenshot, type Chromium } from './helpers/browser.js';
import { startHost, type Host } from './helpers/host.js';
import { SandboxControl } from './helpers/service-clients.js';

// Demo mode at 1366x768: an authorised manual-capture payment is "Capture
// needed" on its table and in its bill, with Capture right there; when the service restarts, the
// banner says so at once, whose side it is and what guests see, and the cards guests would pay dim.
describe('capture needed and the connection banner at 1366x768', () => {
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

  it('a manual-capture payment shows "Capture needed" on the card and in the bill; Capture there clears it', async () => {
    expect(page.viewportSize()).toEqual(VIEWPORT);
    await tab(page, 'Tables').click();
    const authorized = await sandbox.guestPay({ idTable: 't7', captureMode: 'manual' });
    expect(authorized.outcome).toBe('authorized');
    const card = tableCard(page, 'Table 7');
    await page
      .locator('.table-card.state-capture-needed', { hasText: 'Capture needed' })
      .filter({ hasText: /^Table 7\s/ })
      .waitFor();
    expect(await card.getAttribute('class')).toContain('state-capture-needed');
    await card.click();
    const payments = billPanel(page, 'Table 7').getByRole('region', { name: 'Payments on this bill' });
    await payments.getByText('Capture needed').waitFor();
    expect(await payments.textContent()).not.toContain('Processing');
    await screenshot(page, 'tables-capture-needed-1366x768');
    await payments.getByRole('button', { name: /^Capture CZK\s567\.00 at Table 7$/ }).click();
    await payments.getByText('Capture needed').waitFor({ state: 'detached' });
    // The card follows the table's own event, which may come a frame after the payment's: wait for it.
    await page
      .locator('.table-card:not(.state-capture-needed)')
      .filter({ hasText: /^Table 7\s/ })
      .waitFor();
    expect(await card.getAttribute('class')).not.toContain('state-capture-needed');
  });

  it('the service restarting: a banner at once (its side, what guests see), cards guests would pay dim', async () => {
    await tab(page, 'Tables').click();
    await sandbox.fault('close-4503');
    const banner = page.getByRole('alert').filter({ hasText: 'The payment service is restarting' });
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.textContent()).toContain('The problem is on its side, not yours');
    expect(await banner.textContent()).toContain('Guests: scanning a QR code does not open their bill');
    expect(await statusBar(page).textContent()).toContain('Service restarting');
    expect(await statusBar(page).locator('.status-word').textContent()).not.toContain('WebSocket');
    // Table 1 has a bill with something due (demo data): its guests cannot pay by phone now.
    const open = tableCard(page, 'Table 1');
    await open.getByText('No QR pay').waitFor();
    expect(await open.getAttribute('class')).toContain('guests-offline');
    await screenshot(page, 'connection-restarting-1366x768');
  });
});
