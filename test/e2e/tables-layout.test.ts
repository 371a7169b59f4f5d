import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { billPanel, openApp, tab, tableCard } from './helpers/app-page.js';
import { launchChromium, screenshot, type Chromium } from './helpers/browser.js';
import { startHost, type Host } from './helpers/host.js';
import { PosClient } from './helpers/service-clients.js';

// A restaurant of 60 tables fed through the local POS API (the 12 demo tables
// given again, 48 more), seen in Chromium at 1366x768 and 1024x768.
const NEW_AREAS: [from: number, to: number, area: string][] = [
  [13, 30, 'Hall'],
  [31, 50, 'Terrace'],
  [51, 60, 'Garden'],
];

const metrics = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluate((el) => ({ scrollHeight: el.scrollHeight, clientHeight: el.clientHeight, scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));

async function feedSixtyTables(pos: PosClient): Promise<void> {
  const demo = (await pos.call<{ id: string; name: string; area: string | null }[]>('GET', '/tables')).body;
  for (const t of demo) await pos.putTable(t.id, t.name, t.area);
  for (const [from, to, area] of NEW_AREAS) {
    for (let n = from; n <= to; n++) await pos.putTable(`t${n}`, `Table ${n}`, area);
  }
  const items = [
    { id: 'svickova', name: 'Svíčková na smetaně s houskovým knedlíkem', price: '259.00', quantity: '2' },
    { id: 'pilsner', name: 'Pilsner Urquell 0.5 l', price: '62.00', quantity: '6' },
    { id: 'strudel', name: 'Apple strudel', price: '99.00', quantity: '1' },
  ];
  await pos.putBill('b-t60', 't60', items, 'Window');
  await pos.putBill('b-t47', 't47', items.slice(1));
}

describe('Tables with 60 tables at 1366x768 and 1024x768', () => {
  let host: Host;
  let chromium: Chromium;
  let page: Page;
  let pos: PosClient;

  beforeAll(async () => {
    host = await startHost();
    pos = new PosClient(host.ready.posApi, host.ready.posApiToken);
    await feedSixtyTables(pos);
    chromium = await launchChromium();
    page = await chromium.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await openApp(page, host.ui);
    await tab(page, 'Tables').click();
    await tableCard(page, 'Table 60').waitFor();
  });

  afterAll(async () => {
    await chromium?.close();
    await host?.stop();
  });

  it('at 1366x768 the 60 cards fit without scrolling, areas in the order the POS gave them', async () => {
    expect(await page.locator('[data-testid="table-grid"] [data-table-id]').count()).toBe(60);
    const grid = await metrics(page, '[data-testid="table-grid"]');
    expect(grid.scrollHeight).toBeLessThanOrEqual(grid.clientHeight);
    const areas = await page.locator('[data-testid="table-grid"] > section').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(areas).toEqual(['Hall', 'Terrace', 'Bar', 'Garden']);
    // The state word on a card is at least 14 px.
    const badgePx = await tableCard(page, 'Table 60')
      .locator('.badge')
      .first()
      .evaluate((el) => parseFloat(el.ownerDocument.defaultView?.getComputedStyle(el).fontSize ?? '0'));
    expect(badgePx).toBeGreaterThanOrEqual(14);
    await screenshot(page, 'tables-grid-1366x768');
  });

  it('the bill of the last table opens inside the viewport', async () => {
    await tableCard(page, 'Table 60').click();
    const panel = billPanel(page, 'Table 60');
    await panel.waitFor();
    const heading = await panel.getByRole('heading', { name: 'Table 60' }).boundingBox();
    const sheet = await page.locator('.bill-sheet').boundingBox();
    for (const box of [heading, sheet]) {
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(1366);
      expect(box!.y + box!.height).toBeLessThanOrEqual(768);
    }
    await screenshot(page, 'tables-bill-1366x768');
    await page.getByRole('button', { name: 'Hide bill' }).click();
    await panel.waitFor({ state: 'detached' });
  });

  it('typing a table number moves focus to it and Enter opens its bill', async () => {
    await page.keyboard.type('47');
    await expect(tableCard(page, 'Table 47').evaluate((el) => el === el.ownerDocument.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await billPanel(page, 'Table 47').waitFor();
    await page.getByRole('button', { name: 'Hide bill' }).click();
  });

  it('the floor view shows tables placed through the POS API, live', async () => {
    await page.getByRole('button', { name: 'Floor', exact: true }).click();
    const plan = page.getByRole('list', { name: 'Floor plan' });
    await plan.waitFor();
    const places: [string, number, number][] = [
      ['t1', 0.1, 0.2],
      ['t2', 0.3, 0.2],
      ['t47', 0.5, 0.5],
      ['t60', 0.85, 0.8],
    ];
    for (const [id, x, y] of places) {
      const answer = await pos.call('PUT', `/tables/${id}`, {
        name: id === 't60' ? 'Table 60' : id === 't47' ? 'Table 47' : `Table ${id.slice(1)}`,
        area: id === 't60' ? 'Garden' : id === 't47' ? 'Terrace' : 'Hall',
        position: { x, y },
      });
      expect(answer.status).toBe(200);
    }
    // Table 60 is on the plan already, in a free slot: wait for it at the place the POS gave it.
    const placed = plan.locator('li.placed:not(.auto-placed)').getByRole('button', { name: /^Table 60\s/ });
    await placed.waitFor();
    const box = await plan.boundingBox();
    const card = await placed.boundingBox();
    expect(box && card).toBeTruthy();
    // Drawn at its place: the card's centre is at 85% and 80% of the plan.
    expect(Math.abs(card!.x + card!.width / 2 - (box!.x + 0.85 * box!.width))).toBeLessThanOrEqual(2);
    expect(Math.abs(card!.y + card!.height / 2 - (box!.y + 0.8 * box!.height))).toBeLessThanOrEqual(2);
    await screenshot(page, 'tables-floor-1366x768');
    await page.getByRole('button', { name: 'Grid', exact: true }).click();
  });

  it('at 1024x768 the bill has no sideways scrolling; screenshots of grid, bill and floor', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'tables-grid-1024x768');
    await tableCard(page, 'Table 60').click();
    const panel = billPanel(page, 'Table 60');
    await panel.waitFor();
    const sheet = await metrics(page, '.bill-sheet');
    expect(sheet.scrollWidth).toBeLessThanOrEqual(sheet.clientWidth);
    const items = await metrics(page, '.bill-sheet .table-scroll');
    expect(items.scrollWidth).toBeLessThanOrEqual(items.clientWidth);
    const pageWidth = await page.locator('html').evaluate((el) => el.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(1024);
    const box = await page.locator('.bill-sheet').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(1024);
    await screenshot(page, 'tables-bill-1024x768');
    await page.getByRole('button', { name: 'Floor', exact: true }).click();
    await page.getByRole('list', { name: 'Floor plan' }).waitFor();
    await screenshot(page, 'tables-floor-1024x768');
  });
});
