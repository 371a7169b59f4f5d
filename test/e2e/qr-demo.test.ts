import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { statusBar } from './helpers/app-page.js';
import { launchChromium, screenshot, type Chromium } from './helpers/browser.js';
import { startHost, type Host } from './helpers/host.js';
import { PosClient } from './helpers/service-clients.js';

// A Czech cashier's demo with 60 tables in four areas, at 1366x768 and 1024x768: the QR list keeps
// one line per table and the preview of the last table is drawn inside the viewport. A trainee's
// phone (390x844) opens a table's printed code on the demo guest page, pays some items with a tip
// and the cashier's screen shows the notice; a declined card shows its notice too.
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
] as const;
const PHONE = { width: 390, height: 844 };
// The demo's own twelve tables are in Sál, Terasa and Bar; these 48 fill Sál and a fourth area.
const MORE_TABLES: [from: number, to: number, area: string][] = [
  [13, 30, 'Sál'],
  [31, 60, 'Zahrada'],
];

const inViewport = (box: { x: number; y: number; width: number; height: number } | null, size: { width: number; height: number }) =>
  box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height;

describe('QR codes at 60 tables and the demo guest page on a phone, in Czech', () => {
  let host: Host;
  let chromium: Chromium;
  let page: Page;
  let phone: Page;

  beforeAll(async () => {
    host = await startHost([], { settings: { environment: 'demo', language: 'cs' } });
    const pos = new PosClient(host.ready.posApi, host.ready.posApiToken);
    for (const [from, to, area] of MORE_TABLES) {
      for (let n = from; n <= to; n++) await pos.putTable(`t${n}`, String(n), area);
    }
    chromium = await launchChromium();
    page = await chromium.newPage();
    await page.goto(host.ui);
    await page.getByRole('tab', { name: 'Stoly', exact: true }).waitFor({ timeout: 30_000 });
    await statusBar(page).filter({ hasText: 'Připojeno' }).waitFor({ timeout: 30_000 });
    await page.getByRole('tab', { name: 'QR kódy', exact: true }).click();
    // Every table gets its code: select all, create for the selected.
    await page.getByRole('button', { name: 'Vybrat vše' }).click();
    await page.getByRole('button', { name: 'Vytvořit kódy pro vybrané (60)' }).click();
    await page.getByRole('button', { name: 'Náhled kódu: Stůl 60', exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Zrušit výběr' }).click();
    phone = await chromium.context.newPage();
    await phone.setViewportSize(PHONE);
  });

  afterAll(async () => {
    await chromium?.close();
    await host?.stop();
  });

  for (const size of SIZES) {
    const at = `${size.width}x${size.height}`;

    it(`${at}: one line per table, areas in the POS's order, the last table's preview in view`, async () => {
      await page.setViewportSize(size);
      await page.getByRole('tab', { name: 'QR kódy', exact: true }).click();
      const list = page.getByTestId('qr-list');
      const areas = await list.locator('tbody').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
      expect(areas).toEqual(['Sál', 'Terasa', 'Bar', 'Zahrada']);
      const rows = list.locator('tr[data-table-id]');
      expect(await rows.count()).toBe(60);
      // One line: in every row the name, the checkbox and each button sit on the same line (a
      // wrap would put one below), every row as tall as the others, and no sideways scroll.
      const spreads = await rows.evaluateAll((els) =>
        els.map((tr) => {
          const middles = [...tr.querySelectorAll('button, input, td.qr-name')].map((e) => {
            const r = e.getBoundingClientRect();
            return r.top + r.height / 2;
          });
          return Math.max(...middles) - Math.min(...middles);
        }),
      );
      for (const spread of spreads) expect(spread).toBeLessThanOrEqual(3);
      const heights = await rows.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
      expect(Math.max(...heights) - Math.min(...heights)).toBeLessThanOrEqual(1);
      const scroll = await list.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
      expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.clientWidth);
      await screenshot(page, `qr-list-${at}`);

      await page.getByRole('button', { name: 'Náhled kódu: Stůl 60', exact: true }).click();
      const preview = page.getByRole('complementary', { name: 'Náhled' });
      await preview.getByRole('heading', { name: 'Stůl 60' }).waitFor();
      const code = preview.locator('.qr-preview svg');
      expect(inViewport(await preview.getByRole('heading', { name: 'Stůl 60' }).boundingBox(), size)).toBe(true);
      expect(inViewport(await code.boundingBox(), size)).toBe(true);
      expect(await list.locator('tr[data-table-id="t60"]').getAttribute('aria-current')).toBe('true');
      await screenshot(page, `qr-preview-last-${at}`);
    });

    it(`${at}: a phone pays some items of a demo bill with a tip; the cashier's screen shows the notice`, async () => {
      await page.setViewportSize(size);
      const table = size.width === 1366 ? { id: 't1', label: 'Stůl 1' } : { id: 't2', label: 'Stůl 2' };
      await page.getByRole('tab', { name: 'QR kódy', exact: true }).click();
      await page.getByRole('button', { name: `Náhled kódu: ${table.label}`, exact: true }).click();
      const url = (await page.getByRole('complementary', { name: 'Náhled' }).locator('.url').textContent()) ?? '';
      expect(new URL(url).hostname).toBe('127.0.0.1');
      await page.getByRole('tab', { name: 'Stoly', exact: true }).click();

      await phone.goto(url);
      // The phone's browser says English; the page's switch turns it Czech.
      await phone.getByRole('link', { name: 'Čeština' }).click();
      await phone.getByRole('heading', { name: table.label }).waitFor();
      expect(await phone.locator('html').getAttribute('lang')).toBe('cs');
      expect(await phone.locator('body').textContent()).not.toMatch(new RegExp(`\\b${table.id}\\b`));
      // Pay all but the last item, with a 10 % tip.
      const boxes = phone.getByRole('checkbox');
      await boxes.last().uncheck();
      await phone.getByLabel('10 %').check();
      await screenshot(phone, `qr-demo-guest-bill-${at}-phone-390x844`);
      await phone.getByRole('button', { name: 'Zaplatit', exact: true }).click();
      const status = phone.getByRole('status');
      await expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/^Zaplaceno .+ Děkujeme!$/);
      await screenshot(phone, `qr-demo-guest-paid-${at}-phone-390x844`);

      const notices = page.getByRole('region', { name: 'Oznámení' });
      await notices
        .getByRole('listitem')
        .filter({ hasText: `${table.label} zaplatil` })
        .filter({ hasText: 'spropitné' })
        .first()
        .waitFor({ timeout: 30_000 });
      await screenshot(page, `qr-demo-paid-notice-${at}`);
    });

    it(`${at}: a declined card on the phone pays nothing; the cashier's screen shows the decline`, async () => {
      await page.setViewportSize(size);
      const label = size.width === 1366 ? 'Stůl 1' : 'Stůl 2';
      await phone.getByRole('link', { name: 'Zobrazit účet znovu' }).click();
      await phone.getByRole('heading', { name: label }).waitFor();
      await phone.getByRole('button', { name: 'Zkusit zamítnutou kartu' }).click();
      const alert = phone.getByRole('alert');
      await expect.poll(() => alert.textContent(), { timeout: 30_000 }).toBe('Karta byla zamítnuta: nic nebylo zaplaceno.');
      await screenshot(phone, `qr-demo-guest-declined-${at}-phone-390x844`);
      const notices = page.getByRole('region', { name: 'Oznámení' });
      await notices
        .getByRole('listitem')
        .filter({ hasText: `Platba u stolu ${label} byla zamítnuta` })
        .first()
        .waitFor({ timeout: 30_000 });
      await screenshot(page, `qr-demo-declined-notice-${at}`);
    });
  }
});
