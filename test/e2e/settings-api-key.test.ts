import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { openApp, statusBar, tab } from './helpers/app-page.js';
import { launchChromium, screenshot, type Chromium } from './helpers/browser.js';
import { startHost, type Host } from './helpers/host.js';

/** Well-formed, but no restaurant of the sandbox has it. */
const WRONG_KEY = 'wxyz-0000-wxyz-0000-wxyz';
/** What the app says for the service's 401 (main/base/service/service-result.ts). */
const REJECTED = 'The payment service rejected the API key or Pos-Id: check them in Settings.';

// A new host has no manager PIN yet; the key field opens once one is chosen.
const choosePin = async (page: Page) => {
  const integration = page.getByRole('region', { name: 'Integration (manager only)' });
  await integration.getByLabel('New PIN (6 to 8 digits)').fill('246813');
  await integration.getByLabel('Repeat the PIN').fill('246813');
  await integration.getByRole('button', { name: 'Set the PIN and unlock' }).click();
  await integration.getByRole('button', { name: 'Lock', exact: true }).waitFor();
};

// Settings against an external sandbox: a wrong key is checked with the service (who-am-i) and
// refused before anything is saved; a host whose key is rejected shows a banner leading to Settings.
describe('settings and the API key', () => {
  let sandbox: Sandbox;
  const hosts: Host[] = [];
  let chromium: Chromium;
  // Each host its own Pos-Id: two companions with one Pos-Id would be a conflict, not what is tested here.
  const posId = randomUUID();

  const hostWith = async (apiKey: string, id = posId): Promise<Host> => {
    const host = await startHost(['--service-url', sandbox.url, '--api-key', apiKey, '--pos-id', id, '--transport', 'ws']);
    hosts.push(host);
    return host;
  };
  const settingsForm = (page: Page) => page.getByRole('region', { name: 'Settings' });
  beforeAll(async () => {
    sandbox = await startSandbox({ restaurantName: 'Bistro E2E' });
    chromium = await launchChromium();
  });
  afterAll(async () => {
    await chromium?.close();
    for (const h of hosts) await h.stop();
    await sandbox?.close();
  });

  it('rejects a bad API key in the cashier words and changes nothing', async () => {
    const host = await hostWith(sandbox.restaurant.apiKey);
    const page = await chromium.newPage();
    await openApp(page, host.ui);
    expect(await statusBar(page).textContent()).toContain('Bistro E2E');

    // The service itself refuses the key: the same who-am-i the app asks answers 401.
    const direct = await fetch(`${sandbox.url}/api/v2/pos/who-am-i`, { headers: { authorization: `Bearer ${WRONG_KEY}`, 'pos-id': posId } });
    expect(direct.status).toBe(401);
    const serviceSays = ((await direct.json()) as { message: string }).message;

    await tab(page, 'Settings').click();
    const form = settingsForm(page);
    await expect(form.getByLabel('Environment').inputValue()).resolves.toBe('sandbox');
    await expect(form.getByLabel('Service URL').inputValue()).resolves.toBe(sandbox.url);
    const storedKey = await form.getByText(/^Stored API key:/).textContent();
    expect(storedKey).not.toContain(sandbox.restaurant.apiKey);

    await choosePin(page);
    await form.getByLabel('New API key (leave empty to keep the stored one)').fill(WRONG_KEY);
    await form.getByRole('button', { name: 'Save' }).click();
    const alert = form.getByRole('alert');
    await alert.waitFor();
    // Worded from the refusal's code in the cashier's language; the service's own English reason is
    // for the log, not the screen.
    expect(await alert.textContent()).toBe(REJECTED);
    expect(await alert.textContent()).not.toContain(serviceSays);
    expect(await alert.textContent()).not.toContain(WRONG_KEY);
    expect(await form.getByRole('status').count()).toBe(0);
    await screenshot(page, 'settings-rejected-key');

    // Nothing changed: the stored key, the session, and what main reports after a reload.
    expect(await form.getByText(/^Stored API key:/).textContent()).toBe(storedKey);
    expect(await statusBar(page).textContent()).toContain('Connected');
    // The printed URL was good for one visit; the page reloads on the cookie alone.
    await page.reload();
    await openApp(page, host.home);
    await tab(page, 'Settings').click();
    await expect(settingsForm(page).getByLabel('Environment').inputValue()).resolves.toBe('sandbox');
    await expect(settingsForm(page).getByLabel('Service URL').inputValue()).resolves.toBe(sandbox.url);
    await expect(settingsForm(page).getByLabel('Pos-Id').inputValue()).resolves.toBe(posId);
    expect(
      await settingsForm(page)
        .getByText(/^Stored API key:/)
        .textContent(),
    ).toBe(storedKey);
    await screenshot(page, 'settings');
    await page.close();
  });

  it('a rejected key shows a banner saying what to do; a good key in Settings connects', async () => {
    // A restaurant of its own: the sandbox keeps one POS connection per restaurant.
    const second = sandbox.createRestaurant('Bistro Two');
    const host = await hostWith(WRONG_KEY, randomUUID());
    const page = await chromium.newPage();
    await page.goto(host.ui);
    const banner = page.getByRole('alert').filter({ hasText: 'rejected the API key' });
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.textContent()).toContain('Enter a valid key in Settings');
    expect(await statusBar(page).textContent()).toContain('API key rejected');
    await screenshot(page, 'connection-banner');

    await banner.getByRole('button', { name: 'Open Settings' }).click();
    const form = settingsForm(page);
    await choosePin(page);
    await form.getByLabel('New API key (leave empty to keep the stored one)').fill(second.apiKey);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
    // Connected first, then who-am-i names the restaurant: wait for the name itself.
    await statusBar(page).filter({ hasText: 'Bistro Two' }).waitFor({ timeout: 30_000 });
    expect(await statusBar(page).textContent()).toContain('Connected');
    await banner.waitFor({ state: 'detached' });
    await page.close();
  });
});
