import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { notice, openApp, statusBar } from './helpers/app-page.js';
import { launchChromium, screenshot, type Chromium } from './helpers/browser.js';
import { installStatusRecorder, statusesSeen, waitForStatusBack, waitForStatusLeft } from './helpers/page-probes.js';
import { startHost, type Host } from './helpers/host.js';
import { PosClient } from './helpers/service-clients.js';

// The sandbox drops the POS connection (fault `drop`); the cashier's status bar leaves
// "Connected", the host reconnects by itself, and payments reach the page again.
describe('reconnect after the service drops the connection', () => {
  let sandbox: Sandbox;
  let host: Host;
  let chromium: Chromium;
  let page: Page;

  beforeAll(async () => {
    sandbox = await startSandbox({ restaurantName: 'Bistro Reconnect' });
    host = await startHost(['--service-url', sandbox.url, '--api-key', sandbox.restaurant.apiKey, '--pos-id', randomUUID(), '--transport', 'ws']);
    chromium = await launchChromium();
    page = await chromium.newPage();
    await openApp(page, host.ui);
  });
  afterAll(async () => {
    await chromium?.close();
    await host?.stop();
    await sandbox?.close();
  });

  it('leaves connected on a drop and comes back to connected', async () => {
    // Every status the bar shows is recorded in the page, so a short "Reconnecting" is not missed.
    await installStatusRecorder(page);
    expect(await statusesSeen(page)).toEqual(['status-bar status-connected']);

    sandbox.injectFault({ kind: 'drop' });
    await waitForStatusLeft(page, 'connected', 30_000);
    await waitForStatusBack(page, 'connected', 60_000);
    const seen = await statusesSeen(page);
    expect(seen[0]).toBe('status-bar status-connected');
    expect(seen.slice(1, -1).every((c) => /status-(reconnecting|connecting|offline)$/.test(c))).toBe(true);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(await statusBar(page).textContent()).toContain('Connected');
    await screenshot(page, 'connection-reconnected');
  });

  it('payments reach the page over the new connection', async () => {
    const pos = new PosClient(host.ready.posApi, host.ready.posApiToken);
    await pos.putTable('r1', '21', 'Hall');
    await pos.putBill('rb1', 'r1', [{ id: 'soup', name: 'Garlic soup', price: '79.00', quantity: '2' }]);
    const paid = await sandbox.guestPay({ idTable: 'r1' });
    expect(paid.outcome).toBe('paid');
    await notice(page, 'Table 21 paid CZK 158.00').waitFor();
  });
});
