import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { statusBar } from './helpers/app-page.js';
import { SCREENSHOT_DIR, launchChromium, screenshot, type Chromium } from './helpers/browser.js';
import { startHost, type Host } from './helpers/host.js';
import { waitForSheetReady } from './helpers/page-probes.js';
import { pdfQrCodes, pdfText } from './helpers/pdf-qr.js';

// A Czech manager puts the restaurant's logo on the QR cards in Settings (a real JPEG, then an SVG
// that is refused and changes nothing) with English as the cards' second language; the printed card
// shows the logo above the code, never on it, and its code still decodes from the PDF.
const LOGO = fileURLToPath(new URL('../settings/fixtures/logo.jpg', import.meta.url));
const CREATE_T1 = 'Vytvořit kód pro Stůl 1';
const PREVIEW_T1 = 'Náhled kódu: Stůl 1';
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
] as const;

describe('the QR card with the restaurant logo and a second language, in Czech', () => {
  let host: Host;
  let chromium: Chromium;
  let page: Page;

  beforeAll(async () => {
    host = await startHost([], { settings: { environment: 'demo', language: 'cs', qrSecondLanguage: 'en' } });
    chromium = await launchChromium();
    page = await chromium.newPage();
    await page.goto(host.ui);
    await page.getByRole('tab', { name: 'Stoly', exact: true }).waitFor({ timeout: 30_000 });
    await statusBar(page).filter({ hasText: 'Připojeno' }).waitFor({ timeout: 30_000 });
  });
  afterAll(async () => {
    await chromium?.close();
    await host?.stop();
  });

  it('Settings takes the JPEG, refuses an SVG in Czech and keeps the logo', async () => {
    await page.getByRole('tab', { name: 'Nastavení', exact: true }).click();
    const section = page.getByRole('region', { name: 'Logo na QR kartách' });
    await section.getByLabel('Vybrat logo…').setInputFiles(LOGO);
    await section.getByRole('status').filter({ hasText: 'Logo uloženo' }).waitFor();
    const shown = section.getByRole('img', { name: 'Současné logo (JPEG, 160 × 80 px)' });
    await shown.waitFor();

    const svg = join(SCREENSHOT_DIR, 'not-a-logo.svg');
    writeFileSync(svg, '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    await section.getByLabel('Vybrat logo…').setInputFiles(svg);
    await section.getByRole('alert').filter({ hasText: 'Obrázek SVG nemůže být logem' }).waitFor();
    expect(await shown.isVisible()).toBe(true);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'qr-card-logo-settings');

    // Stůl 1's code, for the sheet below.
    await page.getByRole('tab', { name: 'QR kódy', exact: true }).click();
    await page.getByRole('button', { name: CREATE_T1, exact: true }).click();
    await page.getByRole('button', { name: PREVIEW_T1, exact: true }).waitFor();
  });

  for (const size of SIZES) {
    const at = `${size.width}x${size.height}`;
    it(`${at}: the printed card shows the logo above the code, both languages, and the code decodes`, async () => {
      const sheet = await chromium.newPage();
      await sheet.setViewportSize(size);
      await sheet.goto(new URL('/print.html?tables=t1', host.home).toString());
      expect(await waitForSheetReady(sheet)).toEqual({ ready: 'true', error: null });
      const card = sheet.locator('article.card');
      const logo = await card.locator('.card-logo img').boundingBox();
      const code = await card.locator('.card-qr svg').boundingBox();
      const box = await card.boundingBox();
      expect(logo && code && box).toBeTruthy();
      // Decoded, drawn, above the code and inside the card.
      expect(await card.locator('.card-logo img').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(160);
      expect(logo!.height).toBeGreaterThan(0);
      expect(logo!.y + logo!.height).toBeLessThanOrEqual(code!.y);
      expect(logo!.x).toBeGreaterThanOrEqual(box!.x);
      expect(logo!.x + logo!.width).toBeLessThanOrEqual(box!.x + box!.width);
      expect(await card.locator('.card-scan').allTextContents()).toEqual(['Naskenujte a zaplaťte', 'Scan to pay']);
      await screenshot(sheet, `qr-card-logo-${at}`);

      const pdf = await sheet.pdf({ format: 'A4', printBackground: true });
      const text = pdfText(pdf);
      expect(text).toContain('Naskenujte a zaplaťte');
      expect(text).toContain('Scan to pay');
      const url = await card.locator('[data-qr-url]').getAttribute('data-qr-url');
      expect(pdfQrCodes(pdf)).toEqual([url]);
      await sheet.close();
    });
  }
});
