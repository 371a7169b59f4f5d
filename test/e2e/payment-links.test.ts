import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import jsqrModule from 'jsqr';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, tab } from './helpers/app-page.js';
import { SCREENSHOT_DIR, launchChromium, printRequested, screenshot, type Chromium } from './helpers/browser.js';
import { startHost, type Host } from './helpers/host.js';
import { waitForSheetReady } from './helpers/page-probes.js';
import { pdfQrCodes, pdfText } from './helpers/pdf-qr.js';

// jsqr is CommonJS: under nodenext its default import is the module, whose `default` is the decoder.
const jsQR = jsqrModule.default;

interface HeldLink {
  id: string;
  amount?: string;
  currency: string;
  description: string;
  url: string;
}

/** Decodes the one QR code in a screenshot of an element (jsQR over its pixels). */
function decodeScreenshot(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

// Payment links in demo mode (the embedded sandbox is the service): the cashier creates a link,
// its QR code on screen and on the printed sheet decode to the URL the service holds, the URL
// opens the guest's page, and deleting it removes it at the service.
describe('payment links', () => {
  let host: Host;
  let chromium: Chromium;
  let page: Page;

  /** The service's own record of the links (the sandbox's state). */
  const serviceLinks = async (): Promise<HeldLink[]> => {
    const res = await fetch(`${host.ready.sandbox}/sandbox/state`);
    const state = (await res.json()) as { restaurants: { staticLinks: HeldLink[] }[] };
    return state.restaurants.flatMap((r) => r.staticLinks);
  };

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

  it('creates a link shown as a QR code that decodes to the URL the service holds', async () => {
    await tab(page, 'Payment links').click();
    await page.getByText('No payment links yet.').waitFor();
    const form = page.getByRole('form', { name: 'New payment link' });
    await form.getByLabel('Amount').fill('1250,5');
    await form.getByLabel('What it is for').fill('Birthday deposit, Friday 19:00');
    await form.getByRole('button', { name: 'Create link' }).click();
    await form.getByRole('status').filter({ hasText: 'created' }).waitFor();

    const held = await serviceLinks();
    expect(held).toEqual([expect.objectContaining({ amount: '1250.50', currency: 'CZK', description: 'Birthday deposit, Friday 19:00' })]);
    const url = held[0]!.url;
    // On the demo sandbox's own address (this computer's; the LAN's with IT's demoOnLan).
    expect(url).toMatch(/^http:\/\/[^/]+\/link\/.+$/);
    expect(new URL(url).host).toBe(new URL(host.ready.sandbox ?? '').host);

    const preview = page.getByRole('complementary', { name: 'Link' });
    const code = preview.getByRole('img', { name: `QR code for ${url}` });
    await code.locator('svg').waitFor();
    expect(await preview.locator('p.url').textContent()).toBe(url);
    expect(decodeScreenshot(await code.screenshot())).toBe(url);
    await screenshot(page, 'payment-links');

    // The URL is the guest's page at the service.
    const guest = await fetch(url);
    expect(guest.status).toBe(200);
    expect(await guest.text()).toContain('Birthday deposit, Friday 19:00');
  });

  it("prints the link's sheet, whose PDF holds its description and a code decoding to its URL", async () => {
    const { url, id } = (await serviceLinks())[0]!;
    const [sheet] = await Promise.all([chromium.context.waitForEvent('page'), page.getByRole('button', { name: /^Print Birthday deposit/ }).click()]);
    await sheet.waitForLoadState('domcontentloaded');
    const opened = new URL(sheet.url());
    expect(opened.pathname).toBe('/print.html');
    expect(opened.searchParams.get('link')).toBe(id);
    expect(await waitForSheetReady(sheet)).toEqual({ ready: 'true', error: null });
    // The sheet asks the browser to print once, on its own, before the test makes its PDF.
    expect(await printRequested(sheet)).toBe(1);
    const pdf = await sheet.pdf({ format: 'A4', printBackground: true });
    writeFileSync(join(SCREENSHOT_DIR, 'payment-link-sheet.pdf'), pdf);
    const text = pdfText(pdf);
    expect(text).toContain('Birthday deposit, Friday 19:00');
    expect(text).toContain('Bistro Demo');
    expect(pdfQrCodes(pdf)).toEqual([url]);
    await sheet.close();
  });

  it('deletes the link after a confirmation that opens on Keep: gone at the service and from the list', async () => {
    const { url } = (await serviceLinks())[0]!;
    await page.getByRole('button', { name: /^Delete Birthday deposit/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this payment link?' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Keep' }).evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await dialog.getByRole('button', { name: 'Delete link' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('No payment links yet.').waitFor();
    expect(await serviceLinks()).toEqual([]);
    expect((await fetch(url)).status).toBe(404);
  });
});
