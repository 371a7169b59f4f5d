import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DayReport, PaymentHistoryEntry } from '../../preload/contract.js';
import { paymentRow, statusBar, tab } from './helpers/app-page.js';
import { SCREENSHOT_DIR, launchChromium, screenshot, type Chromium } from './helpers/browser.js';
import { startHost, type Host } from './helpers/host.js';
import { waitForSheetReady } from './helpers/page-probes.js';
import { PosClient, SandboxControl } from './helpers/service-clients.js';
import { parseCsv } from '../reports/parse-csv.js';

/** Intl groups with no-break spaces: read as plain spaces. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ');

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
] as const;

/** "2026-11-21T18:29:58.000Z" as the till in Prague writes it in the Excel CSV. */
const pragueIso = (iso: string) => {
  const d = new Date(iso);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Prague',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
};

// A Czech cashier's evening (settings.json says cs) at 1366x768 and 1024x768: a price typed the
// Czech way is asked about, never saved as a thousandth; a declined card reads "Zamítnuto" in
// Payments, the Excel CSV and the printed Z report; the CSV read as Czech Excel reads it sums to
// the POS API's day report.
describe('a Czech cashier types money and reads the day in Czech', () => {
  let host: Host;
  let chromium: Chromium;
  let page: Page;
  let pos: PosClient;
  let paidId = '';
  let declinedId = '';

  beforeAll(async () => {
    // A till in Prague: its OS time zone is the restaurant's (the CSV's local times, the days).
    host = await startHost([], { settings: { environment: 'demo', language: 'cs' }, env: { TZ: 'Europe/Prague' } });
    const sandbox = new SandboxControl(host.ready.sandbox ?? '');
    pos = new PosClient(host.ready.posApi, host.ready.posApiToken);
    chromium = await launchChromium();
    page = await chromium.newPage();
    await page.goto(host.ui);
    await page.getByRole('tab', { name: 'Stoly', exact: true }).waitFor({ timeout: 30_000 });
    await statusBar(page).filter({ hasText: 'Připojeno' }).waitFor({ timeout: 30_000 });
    const paid = await sandbox.guestPay({ idTable: 't3', tip: '20.50' });
    expect(paid.outcome).toBe('paid');
    paidId = paid.payment.id;
    const declined = await sandbox.guestPay({ idTable: 't11', outcome: 'declined' });
    expect(declined.outcome).toBe('declined');
    declinedId = declined.payment.id;
  });
  afterAll(async () => {
    await chromium?.close();
    await host?.stop();
  });

  for (const size of SIZES) {
    const at = `${size.width}x${size.height}`;

    it(`"1.250" typed as a price is asked about and saved as 1 250 Kč, never 1,25 (${at})`, async () => {
      await page.setViewportSize(size);
      await tab(page, 'Stoly').click();
      await page.locator('[data-table-id="t1"]').click();
      const panel = page.getByRole('complementary', { name: 'Účet: Stůl 1' });
      await panel.waitFor();
      const form = panel.getByRole('form', { name: 'Přidat položku' });
      const name = `Dort ${at}`;
      await form.getByRole('textbox', { name: 'Název' }).fill(name);
      const price = form.getByRole('textbox', { name: 'Cena' });
      await price.fill('1.250');
      const reading = form.locator('.amount-reading');
      await expect.poll(async () => plain(await reading.textContent())).toContain('Myslíte 1 250,00 Kč, nebo 1,25 Kč?');
      await reading.scrollIntoViewIfNeeded();
      await screenshot(page, `czech-price-ask-${at}`);
      // Adding now is refused: nothing reaches the bill.
      await form.getByRole('button', { name: 'Přidat', exact: true }).click();
      await form.getByRole('alert').waitFor();
      expect(await panel.getByText(name).count()).toBe(0);
      // The cashier meant a thousand two hundred and fifty.
      await form.getByRole('button', { name: /^1\s250,00\sKč$/ }).click();
      expect(plain(await price.inputValue())).toBe('1 250');
      await form.getByRole('button', { name: 'Přidat', exact: true }).click();
      const line = panel.getByRole('row').filter({ hasText: name });
      await line.waitFor();
      expect(plain(await line.textContent())).toContain('1 250,00 Kč');
      expect(plain(await line.textContent())).not.toContain('1,25 Kč');
      await line.scrollIntoViewIfNeeded();
      await screenshot(page, `czech-price-saved-${at}`);
    });

    it(`a declined card reads "Zamítnuto" in Payments and its filter finds it (${at})`, async () => {
      await page.setViewportSize(size);
      await tab(page, 'Platby').click();
      const row = paymentRow(page, declinedId);
      await row.waitFor();
      expect(plain(await row.textContent())).toContain('Zamítnuto');
      expect(await row.getAttribute('class')).not.toContain('cancelled');
      await page.getByRole('combobox', { name: 'Stav' }).selectOption({ label: 'Zamítnuto' });
      await expect.poll(() => paymentRow(page, paidId).count()).toBe(0);
      await row.waitFor();
      await screenshot(page, `czech-declined-payments-${at}`);
      await page.getByRole('combobox', { name: 'Stav' }).selectOption({ label: 'Všechny stavy' });
      await paymentRow(page, paidId).waitFor();
    });

    it(`the paid payment's receipt dialog fits: no sideways scroll, inside the viewport (${at})`, async () => {
      await page.setViewportSize(size);
      await tab(page, 'Platby').click();
      await paymentRow(page, paidId)
        .getByRole('button', { name: /^Účtenka/ })
        .click();
      const dialog = page.locator('.dialog:has(.receipt-dialog)');
      await dialog.locator('.receipt-lines').waitFor();
      const fit = await dialog.evaluate((box, view) => {
        const inner = box.querySelector('.receipt-dialog')!;
        const r = box.getBoundingClientRect();
        return {
          box: box.scrollWidth - box.clientWidth,
          inner: inner.scrollWidth - inner.clientWidth,
          inside: r.left >= 0 && r.top >= 0 && r.right <= view.width && r.bottom <= view.height,
        };
      }, size);
      await screenshot(page, `czech-receipt-dialog-${at}`);
      await page.getByRole('button', { name: 'Zavřít' }).click();
      await dialog.waitFor({ state: 'detached' });
      // Asserted once closed, so a failure here leaves the page usable for the cases after it.
      expect(fit).toEqual({ box: 0, inner: 0, inside: true });
    });

    it(`the downloaded CSV, read as Czech Excel reads it, equals the POS API's day report (${at})`, async () => {
      await page.setViewportSize(size);
      await tab(page, 'Platby').click();
      const report = (await pos.call<DayReport>('GET', '/reports/day')).body;
      const list = (await pos.call<PaymentHistoryEntry[]>('GET', `/payments?from=${report.date}&to=${report.date}`)).body;
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportovat CSV' }).click()]);
      const file = join(SCREENSHOT_DIR, `czech-${at}-${download.suggestedFilename()}`);
      await download.saveAs(file);
      const bytes = readFileSync(file);
      // Excel's way: the BOM says UTF-8, ";" separates, a comma is the decimal mark.
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows = parseCsv(bytes.toString('utf8').slice(1), ';');
      const number = (text: string) => new Decimal(text.replace(',', '.'));
      const counted = rows.filter((r) => r.Stav === 'zaplaceno' || r.Stav === 'vráceno');
      expect(counted.reduce((s, r) => s.plus(number(r['Částka']!)), new Decimal(0)).equals(report.amount)).toBe(true);
      expect(counted.reduce((s, r) => s.plus(number(r['Spropitné']!)), new Decimal(0)).equals(report.tips)).toBe(true);
      expect(counted.length).toBe(report.count);
      const declined = rows.find((r) => r['ID platby'] === declinedId)!;
      expect(declined.Stav).toBe('zamítnuto');
      // Local time with its offset: the same moment as the API's UTC time, on Prague's wall clock.
      for (const entry of list) {
        const row = rows.find((r) => r['ID platby'] === entry.paymentId)!;
        expect(row['Čas']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
        expect(Date.parse(row['Čas']!)).toBe(Math.floor(Date.parse(entry.time) / 1000) * 1000);
        expect(row['Čas']!.slice(0, 19)).toBe(pragueIso(entry.time));
      }
      await page.getByText(/Soubor CSV se stahuje/).waitFor();
      await screenshot(page, `czech-csv-downloaded-${at}`);
    });

    it(`the printed Z report says "Zamítnuto" for the declined card (${at})`, async () => {
      await page.setViewportSize(size);
      await tab(page, 'Platby').click();
      const [sheet] = await Promise.all([chromium.context.waitForEvent('page'), page.getByRole('button', { name: 'Vytisknout uzávěrku' }).click()]);
      await sheet.setViewportSize(size);
      await sheet.waitForLoadState('domcontentloaded');
      expect(await waitForSheetReady(sheet)).toEqual({ ready: 'true', error: null });
      const row = sheet.getByRole('row').filter({ hasText: declinedId });
      await row.waitFor();
      expect(plain(await row.textContent())).toContain('Zamítnuto');
      // In a browser tab the sheet has Print and Back, as every other sheet.
      const toolbar = sheet.getByRole('toolbar', { name: 'Vytisknout uzávěrku' });
      await toolbar.getByRole('button', { name: 'Zpět' }).waitFor();
      await screenshot(sheet, `czech-z-report-top-${at}`);
      await row.scrollIntoViewIfNeeded();
      await screenshot(sheet, `czech-z-report-${at}`);
      await sheet.close();
    });
  }
});
