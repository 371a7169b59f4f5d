import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { tab } from './helpers/app-page.js';
import { launchChromium, screenshot, type Chromium } from './helpers/browser.js';
import { startHost, type Host } from './helpers/host.js';
import { SandboxControl } from './helpers/service-clients.js';

// A screenshot of every view at 1366x768 and 1024x768 under test-results/screenshots/
// (view-<name>-<size>.png) for review, and no view scrolls sideways at either size. Demo mode,
// with a few payments so Payments, the notices and the bill have something to show.

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
];

type Language = 'en' | 'cs';

interface View {
  file: string;
  /** The tab that shows it, in each language. */
  tab: Record<Language, string>;
  /** What is on screen once the view has its data. */
  ready(page: Page): Locator;
}

const anything = (p: Page) => p.locator('.tab-panel > *').first();
const VIEWS: View[] = [
  { file: 'tables', tab: { en: 'Tables', cs: 'Stoly' }, ready: (p) => p.locator('[data-table-id="t12"]') },
  { file: 'orders', tab: { en: 'Orders', cs: 'Objednávky' }, ready: anything },
  { file: 'payments', tab: { en: 'Payments', cs: 'Platby' }, ready: (p) => p.locator('tr[data-payment-id]').first() },
  { file: 'attention', tab: { en: 'Needs attention', cs: 'K vyřešení' }, ready: anything },
  { file: 'menu', tab: { en: 'Menu', cs: 'Menu' }, ready: anything },
  { file: 'qr', tab: { en: 'QR codes', cs: 'QR kódy' }, ready: (p) => p.getByRole('cell', { name: 'Bar 2', exact: true }) },
  { file: 'links', tab: { en: 'Payment links', cs: 'Platební odkazy' }, ready: anything },
  { file: 'settings', tab: { en: 'Settings', cs: 'Nastavení' }, ready: (p) => p.locator('.tab-panel form, .tab-panel section').first() },
  { file: 'demo', tab: { en: 'Demo', cs: 'Demo' }, ready: anything },
];

/**
 * Every box that scrolls sideways with more content than room (the page itself first), and every
 * box that cuts off what does not fit (overflow hidden or clip) unless it says so with an ellipsis.
 */
function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.locator('body').evaluate((body) => {
    const doc = body.ownerDocument;
    const view = doc.defaultView!;
    const found: string[] = [];
    const root = doc.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) found.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    // A text field scrolls its own long value (a token, a URL): that is the field's job, not a layout fault.
    for (const el of doc.querySelectorAll<typeof body>('body *:not(input, textarea, select)')) {
      const style = view.getComputedStyle(el);
      // Skipped: boxes that show what does not fit with an ellipsis, and words for screen readers only (1 px, .sr-only).
      if (style.overflowX === 'visible' || style.textOverflow === 'ellipsis' || el.clientWidth <= 1) continue;
      if (el.scrollWidth > el.clientWidth + 1)
        found.push(`${el.tagName.toLowerCase()}.${el.className} ${el.scrollWidth} > ${el.clientWidth} (${style.overflowX})`);
    }
    return found;
  });
}

async function shoot(page: Page, view: View, language: Language, size: { width: number; height: number }): Promise<void> {
  const name = view.tab[language];
  await tab(page, name).click();
  await page.locator(`[role="tab"][aria-selected="true"]`, { hasText: name }).waitFor();
  await view.ready(page).waitFor();
  expect({ view: view.file, size: size.width, overflow: await sidewaysOverflow(page) }).toEqual({ view: view.file, size: size.width, overflow: [] });
  await screenshot(page, `view-${view.file}${language === 'en' ? '' : `-${language}`}-${size.width}x${size.height}`);
}

/** One demo host per language: English (the default), and a Czech cashier's (longer words, Czech demo data). */
function everyView(language: Language, sizes: { width: number; height: number }[]): void {
  describe(`every view in ${language === 'en' ? 'English' : 'Czech'}`, () => {
    let host: Host;
    let chromium: Chromium;
    let page: Page;

    beforeAll(async () => {
      host = await startHost([], language === 'en' ? {} : { settings: { environment: 'demo', language } });
      const sandbox = new SandboxControl(host.ready.sandbox ?? '');
      chromium = await launchChromium();
      page = await chromium.newPage();
      await page.goto(host.ui);
      await page.locator('footer.status-bar.status-connected').waitFor({ timeout: 30_000 });
      expect((await sandbox.guestPay({ idTable: 't1', items: [{ id: 'm-pilsner-1', quantity: '1' }] })).outcome).toBe('paid');
      expect((await sandbox.guestPay({ idTable: 't3' })).outcome).toBe('paid');
      expect((await sandbox.guestPay({ idTable: 't2', outcome: 'declined' })).outcome).toBe('declined');
    });
    afterAll(async () => {
      await chromium?.close();
      await host?.stop();
    });

    // Demo mode: a table's code leads to the sandbox's address (the LAN's with IT's demoOnLan),
    // and the QR view names it for the staff's phones (the screenshots below then show the line).
    it("the QR view names the address phones open: the demo sandbox's", async () => {
      await tab(page, VIEWS.find((v) => v.file === 'qr')!.tab[language]).click();
      await page.getByRole('button', { name: language === 'en' ? 'Create a code for Bar 2' : 'Vytvořit kód pro Bar 2' }).click();
      const origin = new URL(host.ready.sandbox ?? '').origin;
      const loopback = new URL(origin).hostname.startsWith('127.');
      const expected = {
        en: loopback ? `only on this computer (${origin})` : `open these codes at ${origin}.`,
        cs: loopback ? `jen na tomto počítači (${origin})` : `na adrese ${origin}.`,
      };
      await page.getByRole('note').filter({ hasText: expected[language] }).waitFor();
    });

    for (const size of sizes) {
      it(`${size.width}x${size.height}: each view, and the Tables view with a bill open, fits without sideways scrolling`, async () => {
        await page.setViewportSize(size);
        for (const view of VIEWS) await shoot(page, view, language, size);
        await tab(page, VIEWS[0]!.tab[language]).click();
        await page.locator('[data-table-id="t1"]').click();
        await page.locator('.bill-sheet h2, .bill-sheet h3').first().waitFor();
        expect(await sidewaysOverflow(page)).toEqual([]);
        await screenshot(page, `view-bill${language === 'en' ? '' : `-${language}`}-${size.width}x${size.height}`);
        await page.keyboard.press('Escape');
      });
    }
  });
}

// The screens, at both sizes in English and at both in Czech.
everyView('en', SIZES);
everyView('cs', SIZES);
