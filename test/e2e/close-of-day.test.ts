import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AttentionEntry, DayReport, PaymentHistoryEntry } from '../../preload/contract.js';
import { notice, openApp, paymentRow, tab } from './helpers/app-page.js';
import { launchChromium, screenshot, type Chromium } from './helpers/browser.js';
import { startHost, type Host } from './helpers/host.js';
import { PosClient, SandboxControl } from './helpers/service-clients.js';
import { parseCsv } from '../reports/parse-csv.js';

/** The day's figures, three ways: the report, its JSON list summed, the CSV summed. */
async function dayFigures(host: Host, pos: PosClient) {
  const report = (await pos.call<DayReport>('GET', '/reports/day')).body;
  const list = (await pos.call<PaymentHistoryEntry[]>('GET', `/payments?from=${report.date}&to=${report.date}`)).body;
  const csvAnswer = await fetch(`${host.ready.posApi}/payments?from=${report.date}&to=${report.date}&format=csv`, {
    headers: { authorization: `Bearer ${host.ready.posApiToken}` },
  });
  const rows = parseCsv(await csvAnswer.text());
  const sumList = (states: string[], key: 'amount' | 'tip') => list.filter((e) => states.includes(e.state)).reduce((s, e) => s.plus(e[key]), new Decimal(0));
  const sumCsv = (states: string[], key: string) => rows.filter((r) => states.includes(r.state!)).reduce((s, r) => s.plus(r[key]!), new Decimal(0));
  return { report, list, rows, sumList, sumCsv };
}

/** The report's totals equal the listed payments' sum and the CSV's, to the last decimal. */
function expectTotalsAgree({ report, sumList, sumCsv }: Awaited<ReturnType<typeof dayFigures>>) {
  const counted = ['paid', 'refunded'];
  const refunds = ['refunded', 'refund'];
  expect(sumList(counted, 'amount').equals(report.amount)).toBe(true);
  expect(sumList(counted, 'tip').equals(report.tips)).toBe(true);
  expect(sumList(refunds, 'amount').plus(sumList(refunds, 'tip')).equals(report.refunded)).toBe(true);
  expect(sumCsv(counted, 'amount').equals(report.amount)).toBe(true);
  expect(sumCsv(counted, 'tip').equals(report.tips)).toBe(true);
  expect(sumCsv(refunds, 'amount').plus(sumCsv(refunds, 'tip')).equals(report.refunded)).toBe(true);
  expect(new Decimal(report.net).equals(new Decimal(report.amount).plus(report.tips).minus(report.refunded))).toBe(true);
}

// The close of day in demo mode: guests pay several tables, one payment is refunded and one
// waits for capture. The day report's totals equal the payments' sum, the CSV sums to the same, the
// capture shows in Needs attention (tab, badge, POS API) and leaves it when captured.
describe('close of day: the report agrees with the payments; a capture waits in Needs attention until captured', () => {
  let host: Host;
  let chromium: Chromium;
  let page: Page;
  let pos: PosClient;
  const paid: string[] = [];
  let waiting = '';

  beforeAll(async () => {
    host = await startHost();
    const sandbox = new SandboxControl(host.ready.sandbox ?? '');
    pos = new PosClient(host.ready.posApi, host.ready.posApiToken);
    chromium = await launchChromium();
    page = await chromium.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
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
    const authorized = await sandbox.guestPay({ idTable: 't7', captureMode: 'manual', tip: '33' });
    expect(authorized.outcome).toBe('authorized');
    waiting = authorized.payment.id;
    await notice(page, /Table 7: capture/).waitFor();
  });
  afterAll(async () => {
    await chromium?.close();
    await host?.stop();
  });

  it('refunds one payment from the Payments history', async () => {
    await tab(page, 'Payments').click();
    const row = paymentRow(page, paid[2]!);
    await row.getByRole('button', { name: /Cancel payment/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this payment?' });
    await dialog.getByRole('button', { name: 'Cancel payment' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.filter({ hasText: 'Refunded' }).waitFor();
  });

  it('before the capture: the report counts the paid and refunded payments, the list and the CSV sum to it, the capture is apart', async () => {
    const figures = await dayFigures(host, pos);
    expect(figures.report.count).toBe(3);
    expect(figures.list.map((e) => e.state).sort()).toEqual(['capture_needed', 'paid', 'paid', 'refunded']);
    expect(figures.rows.find((r) => r.paymentId === waiting)?.state).toBe('capture_needed');
    expectTotalsAgree(figures);
  });

  it('the capture shows in Needs attention: the badge, the entry with its table and amount, and GET /v1/attention', async () => {
    const attentionTab = page.getByRole('tab', { name: /^Needs attention/ });
    await attentionTab.filter({ hasText: '1' }).waitFor();
    await attentionTab.click();
    const entry = page.locator(`[data-entry="capture:${waiting}"]`);
    await entry.waitFor();
    expect(await entry.textContent()).toMatch(/Waiting for capture.*Table 7.*567\.00.*tip.*33\.00/s);
    const api = (await pos.call<AttentionEntry[]>('GET', '/attention')).body;
    expect(api.map((e) => [e.kind, e.paymentId, e.tableName, e.amount, e.tip, e.actions])).toEqual([
      ['capture', waiting, 'Table 7', '567.00', '33.00', ['capture']],
    ]);
    await screenshot(page, 'attention-capture-1366');
  });

  it('Capture there takes it off the list and the badge; the paid payment joins the report, which still equals the sums', async () => {
    const entry = page.locator(`[data-entry="capture:${waiting}"]`);
    await entry.getByRole('button', { name: /^Capture CZK\s567\.00/ }).click();
    await entry.waitFor({ state: 'detached' });
    await page.getByText('Nothing needs attention.').waitFor();
    expect(
      await page
        .getByRole('tab', { name: /^Needs attention/ })
        .locator('.tab-badge')
        .count(),
    ).toBe(0);
    expect((await pos.call<AttentionEntry[]>('GET', '/attention')).body).toEqual([]);
    await notice(page, /Table 7 paid CZK\s567\.00/).waitFor();

    const figures = await dayFigures(host, pos);
    expect(figures.report.count).toBe(4);
    expect(figures.list.find((e) => e.paymentId === waiting)?.state).toBe('paid');
    expectTotalsAgree(figures);
    // The resolution is in the event log for the POS.
    const events = (await pos.call<{ kind: string; paymentId: string | null; data: Record<string, unknown> }[]>('GET', '/events?after=0&limit=1000')).body;
    expect(events.filter((e) => e.kind === 'attention.resolved')).toMatchObject([
      { paymentId: waiting, data: { entryId: `capture:${waiting}`, action: 'capture' } },
    ]);
    await screenshot(page, 'attention-empty-1366');
  });
});
