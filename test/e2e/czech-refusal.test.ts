import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, WebSocketRoute } from 'playwright-core';
import { BRIDGE_PATH } from '../../preload/names.js';
import { statusBar } from './helpers/app-page.js';
import { launchChromium, screenshot, type Chromium } from './helpers/browser.js';
import { startHost, type Host } from './helpers/host.js';
import { SandboxControl } from './helpers/service-clients.js';

// In Czech, a refused close of a locked bill shows a Czech message naming the table and
// no id. A Czech cashier's demo (settings.json says cs, so the demo restaurant is Czech too).
// The refusal happens in a real race: the cashier confirms "Uzavřít účet" while a guest's payment
// has just locked the bill and the screen has not heard of it yet (the app stops offering Close
// once it has). The test holds that race open: the bridge socket's events (main → page) are held
// back while the guest starts paying through the real sandbox; commands and their answers pass.
describe('a Czech cashier closes a bill a guest is paying', () => {
  let host: Host;
  let chromium: Chromium;
  let page: Page;
  let sandbox: SandboxControl;
  const bridge = { holding: false, held: [] as (string | Buffer)[], route: null as WebSocketRoute | null, onHeld: (_text: string) => {} };

  beforeAll(async () => {
    host = await startHost([], { settings: { environment: 'demo', language: 'cs' } });
    sandbox = new SandboxControl(host.ready.sandbox ?? '');
    chromium = await launchChromium();
    page = await chromium.newPage();
    await page.routeWebSocket(
      (url) => url.pathname === BRIDGE_PATH,
      (ws) => {
        bridge.route = ws;
        const server = ws.connectToServer();
        ws.onMessage((m) => server.send(m));
        server.onMessage((m) => {
          const text = typeof m === 'string' ? m : m.toString('utf8');
          if (bridge.holding && text.startsWith('{"event"')) {
            bridge.held.push(m);
            bridge.onHeld(text);
          } else ws.send(m);
        });
      },
    );
    await page.goto(host.ui);
    await page.getByRole('tab', { name: 'Stoly', exact: true }).waitFor({ timeout: 30_000 });
    await statusBar(page).filter({ hasText: 'Připojeno' }).waitFor({ timeout: 30_000 });
  });
  afterAll(async () => {
    await chromium?.close();
    await host?.stop();
  });

  it('the refusal is Czech, names "Stůl 1" and carries no id; the app then stops offering Close', async () => {
    // The Czech demo restaurant, seeded from the settings' language.
    const card = page.locator('[data-table-id="t1"]');
    await expect.poll(() => card.textContent()).toMatch(/^Stůl 1/);
    expect(await page.getByRole('region', { name: 'Sál' }).count()).toBe(1);
    await card.click();
    const panel = page.getByRole('complementary', { name: 'Účet: Stůl 1' });
    await panel.waitFor();
    await panel.getByRole('button', { name: 'Uzavřít účet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Uzavřít tento účet?' });
    await dialog.waitFor();
    await dialog.getByLabel('Hotově').check();

    // The guest starts paying (the service then abandons the payment: its lock stays on the bill).
    const lockSeen = new Promise<void>((resolve) => {
      bridge.onHeld = (text) => {
        if (text.includes('"type":"table"') && text.includes('"id":"t1"') && text.includes('"in-payment"')) resolve();
      };
    });
    bridge.holding = true;
    await sandbox.fault('abandon-payment');
    const started = await sandbox.guestPay({ idTable: 't1' });
    await lockSeen;

    await dialog.getByRole('button', { name: 'Uzavřít účet' }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    const text = (await alert.textContent()) ?? '';
    expect(text).toBe('Stůl 1: host právě platí tento účet. Zavřete ho, až platba skončí.');
    for (const id of ['b-t1', started.payment.id]) expect(text).not.toContain(id);
    expect(text).not.toMatch(/\bt1\b/);
    await screenshot(page, 'czech-refusal-1366x768');

    // The held events reach the page: the bill is in payment, Close is no longer offered.
    bridge.holding = false;
    for (const m of bridge.held.splice(0)) bridge.route?.send(m);
    await dialog.waitFor({ state: 'detached' });
    await panel.getByText('Host tento účet právě platí: zavřete ho, až platba skončí.').waitFor();
    expect(await panel.getByRole('button', { name: 'Uzavřít účet' }).count()).toBe(0);
  });
});
