import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DayReport, PaymentHistoryEntry } from '../../preload/contract.js';
import { notice, openApp, paymentRow, tab } from './helpers/app-page.js';
import { SCREENSHOT_DIR, launchChromium, printRequested, screenshot, type Chromium } from './helpers/browser.js';
import { startHost, type Host } from './helpers/host.js';
import { waitForSheetReady } from './helpers/page-probes.js';
import { pdfText } from './helpers/pdf-qr.js';
import { PosClient, SandboxControl } from './helpers/service-clients.js';
import { parseCsv } from '../reports/parse-csv.js';

interface PaymentView {
  id: string;
  amount: string;
  tip: string;
}

/** en-GB money as the page shows it ("CZK 1,432.00"), for a decimal string. */
const shown = (value: string) => `CZK ${new Decimal(value).toNumber().toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;
const flat = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');

// Close of day in demo mode: guests pay several tables, the cashier refunds one; the day report's
// totals equal the payments' sum, the exported CSV sums to the same, and the printed report holds them.
describe('close of day: the day report, the CSV and the printed Z report agree with the payments', () => {
  let host: Host;
  let chromium: Chromium;
  let page: Page;
  let pos: PosClient;
  const paid: string[] = [];
  let refunded = '';

  beforeAll(async () => {
    host = await startHost();
    const sandbox = new SandboxControl(host.ready.sandbox ?? '');
    pos = new PosClient(host.ready.posApi, host.ready.posApiToken);
    chromium = await launchChromium();
    page = await chromium.newPage();
    await openApp(page, host.ui);
    for (const guest of [
      { idTable: 't3', tip: '20.50' },
      { idTable: 't1', items: [{ id: 'm-pilsner-1', quantity: '2' }], tip: '0.10' },
      { idTable: 't2', tip: '0.20' },
    ]) {
      const answer = await sandbox.guestPay(guest);
      expect(answer.outcome).toBe('paid');
      paid.push(answer.payment.id);
    }
    expect((await sandbox.guestPay({ idTable: 't11', outcome: 'declined' })).outcome).toBe('declined');
    await notice(page, 'Table 2 paid').waitFor();
  });
  afterAll(async () => {
    await chromium?.close();
    await host?.stop();
  });

  it('refunds one payment from the history (cancelPayment) and the summary follows', async () => {
    await tab(page, 'Payments').click();
    refunded = paid[2]!;
    const row = paymentRow(page, refunded);
    await row.getByRole('button', { name: /Cancel payment/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this payment?' });
    await dialog.getByRole('button', { name: 'Cancel payment' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.filter({ hasText: 'Refunded' }).waitFor();
    await screenshot(page, 'payments-history');
  });

  it("the day report's totals equal the payments' sum, and the JSON list and the CSV sum to the same", async () => {
    const report = (await pos.call<DayReport>('GET', '/reports/day')).body;
    // The payments themselves, from the older list (PaymentView per payment).
    const views = (await pos.call<PaymentView[]>('GET', '/payments?since=0')).body;
    const of = (ids: string[], key: 'amount' | 'tip') => views.filter((v) => ids.includes(v.id)).reduce((s, v) => s.plus(v[key]), new Decimal(0));
    const gone = views.find((v) => v.id === refunded)!;
    expect(report.count).toBe(3);
    expect(new Decimal(report.amount).equals(of(paid, 'amount'))).toBe(true);
    expect(new Decimal(report.tips).equals(of(paid, 'tip'))).toBe(true);
    expect(report.tips).toBe('20.80');
    expect(new Decimal(report.refunded).equals(new Decimal(gone.amount).plus(gone.tip))).toBe(true);
    expect(new Decimal(report.net).equals(new Decimal(report.amount).plus(report.tips).minus(report.refunded))).toBe(true);

    const list = (await pos.call<PaymentHistoryEntry[]>('GET', `/payments?from=${report.date}&to=${report.date}`)).body;
    const listed = (keep: (e: PaymentHistoryEntry) => boolean, key: 'amount' | 'tip') => list.filter(keep).reduce((s, e) => s.plus(e[key]), new Decimal(0));
    const counted = (e: PaymentHistoryEntry) => e.state === 'paid' || e.state === 'refunded';
    expect(listed(counted, 'amount').equals(report.amount)).toBe(true);
    expect(listed(counted, 'tip').equals(report.tips)).toBe(true);
    // The sandbox closes a declined card as CANCELLED before paymentProcessed: the store's ending
    // says declined (migration 019): listed, not counted.
    expect(list.map((e) => e.state).sort()).toEqual(['declined', 'paid', 'paid', 'refunded']);

    // The page's Export CSV (browser mode: a download), parsed back and summed.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`tableside-payments-${report.date}.csv`);
    const file = join(SCREENSHOT_DIR, download.suggestedFilename());
    await download.saveAs(file);
    const csv = readFileSync(file, 'utf8');
    const rows = parseCsv(csv);
    const sum = (key: string, states: string[]) => rows.filter((r) => states.includes(r.state!)).reduce((s, r) => s.plus(r[key]!), new Decimal(0));
    expect(sum('amount', ['paid', 'refunded']).equals(report.amount)).toBe(true);
    expect(sum('tip', ['paid', 'refunded']).equals(report.tips)).toBe(true);
    expect(
      sum('amount', ['refunded', 'refund'])
        .plus(sum('tip', ['refunded', 'refund']))
        .equals(report.refunded),
    ).toBe(true);
    // The same file as the POS API's CSV for Excel in the app's language (English here).
    const api = await fetch(`${host.ready.posApi}/payments?from=${report.date}&to=${report.date}&excel=en`, {
      headers: { authorization: `Bearer ${host.ready.posApiToken}`, accept: 'text/csv' },
    });
    expect(Buffer.from(await api.arrayBuffer()).toString('utf8')).toBe(csv);

    // The summary on the page says the same.
    const summary = page.getByRole('region', { name: 'Day summary' });
    await summary.filter({ hasText: 'Refunds' }).waitFor();
    const figures = flat(await summary.locator('dl.day-figures').textContent());
    expect(figures).toContain(`Paid${shown(report.amount)}`);
    expect(figures).toContain(`Tips${shown(report.tips)}`);
    expect(figures).toContain(`Refunds${shown(report.refunded)}`);
    expect(figures).toContain(`Net${shown(report.net)}`);
  });

  it('prints the day report (a new tab in browser mode) whose PDF holds the totals and the payments', async () => {
    const report = (await pos.call<DayReport>('GET', '/reports/day')).body;
    const [sheet] = await Promise.all([chromium.context.waitForEvent('page'), page.getByRole('button', { name: 'Print day report' }).click()]);
    await sheet.waitForLoadState('domcontentloaded');
    const opened = new URL(sheet.url());
    expect(opened.searchParams.get('report')).toBe('day');
    expect(opened.searchParams.get('date')).toBe(report.date);
    expect(await waitForSheetReady(sheet)).toEqual({ ready: 'true', error: null });
    // The sheet asks the browser to print once, on its own, before the test makes its PDF.
    expect(await printRequested(sheet)).toBe(1);
    const pdf = await sheet.pdf({ format: 'A4', printBackground: true });
    writeFileSync(join(SCREENSHOT_DIR, 'day-report.pdf'), pdf);
    const text = flat(pdfText(pdf));
    expect(text).toContain('Day report (Z report)');
    expect(text).toContain('Bistro Demo');
    for (const value of [report.amount, report.tips, report.refunded, report.net]) expect(text).toContain(shown(value));
    for (const id of [...paid]) expect(text).toContain(id);
    await sheet.close();
  });
});
