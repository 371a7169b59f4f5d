import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openApp, tab } from './helpers/app-page.js';
import { VIEWPORT, launchChromium, screenshot, type Chromium } from './helpers/browser.js';
import { startHost, type Host } from './helpers/host.js';

// In Settings the cashier's fields are open and the integration fields are
// locked until the manager PIN is entered (chosen on first use); demo mode, 1366x768.
const CASHIER = ['Printer for QR sheets', 'Sound on new notifications', 'Remind of unacknowledged problems every (seconds, 0 = never)', 'Start at login'];
const INTEGRATION = ['Environment', 'Service URL', 'New API key (leave empty to keep the stored one)', 'Pos-Id', 'Connection', 'Local POS API port'];

describe('manager PIN at 1366x768', () => {
  let host: Host;
  let chromium: Chromium;
  let page: Page;
  const settings = () => page.getByRole('region', { name: 'Settings' });
  const integration = () => page.getByRole('region', { name: 'Integration (manager only)' });
  const enabledStates = async (form: Locator, labels: string[]) =>
    Promise.all(labels.map((l) => form.getByLabel(new RegExp(`^${l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)).isEnabled()));

  beforeAll(async () => {
    host = await startHost();
    chromium = await launchChromium();
    page = await chromium.newPage();
    await openApp(page, host.ui);
  });
  afterAll(async () => {
    await chromium?.close();
    await host?.stop();
  });

  it('shows the cashier fields open and the integration fields locked until a PIN is chosen', async () => {
    expect(page.viewportSize()).toEqual(VIEWPORT);
    await tab(page, 'Settings').click();
    await integration().getByRole('heading', { name: 'Choose a manager PIN' }).waitFor();
    expect(await enabledStates(settings(), CASHIER)).toEqual(CASHIER.map(() => true));
    expect(await enabledStates(settings(), INTEGRATION)).toEqual(INTEGRATION.map(() => false));
    expect(await settings().getByLabel('Token', { exact: true }).count()).toBe(0);
    await screenshot(page, 'settings-pin-first-use-1366x768');

    await integration().getByLabel('New PIN (6 to 8 digits)').fill('246813');
    await integration().getByLabel('Repeat the PIN').fill('246813');
    await integration().getByRole('button', { name: 'Set the PIN and unlock' }).click();
    await integration().getByRole('button', { name: 'Lock', exact: true }).waitFor();
    expect(await enabledStates(settings(), INTEGRATION)).toEqual(INTEGRATION.map(() => true));
    // The token comes from main on request, to the live unlock only.
    expect(await settings().getByLabel('Token', { exact: true }).count()).toBe(0);
    await settings().getByRole('button', { name: 'Show token', exact: true }).click();
    expect(await settings().getByLabel('Token', { exact: true }).inputValue()).toBe(host.ready.posApiToken);
    await screenshot(page, 'settings-pin-unlocked-1366x768');
  });

  it('locked again, a cashier change saves; a wrong PIN is refused in words; the right one unlocks until Settings closes', async () => {
    await integration().getByRole('button', { name: 'Lock', exact: true }).click();
    await integration().getByLabel('Manager PIN', { exact: true }).waitFor();
    expect(await enabledStates(settings(), INTEGRATION)).toEqual(INTEGRATION.map(() => false));

    // Main accepts the whole form while locked: its integration fields are unchanged.
    await settings().getByLabel('Sound on new notifications').click();
    await settings().getByRole('button', { name: 'Save', exact: true }).click();
    await settings().getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();

    await integration().getByLabel('Manager PIN', { exact: true }).fill('1111');
    await integration().getByLabel('Manager PIN', { exact: true }).press('Enter');
    const alert = integration().getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Wrong PIN. 4 more tries before a 5-minute wait.');
    await screenshot(page, 'settings-pin-wrong-1366x768');
    expect(await enabledStates(settings(), INTEGRATION)).toEqual(INTEGRATION.map(() => false));

    await integration().getByLabel('Manager PIN', { exact: true }).fill('246813');
    await integration().getByRole('button', { name: 'Unlock', exact: true }).click();
    await integration().getByRole('button', { name: 'Lock', exact: true }).waitFor();
    expect(await enabledStates(settings(), INTEGRATION)).toEqual(INTEGRATION.map(() => true));

    await tab(page, 'Tables').click();
    await tab(page, 'Settings').click();
    await integration().getByLabel('Manager PIN', { exact: true }).waitFor();
    expect(await enabledStates(settings(), INTEGRATION)).toEqual(INTEGRATION.map(() => false));
  });
});
