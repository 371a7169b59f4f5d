import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { statusBar } from './helpers/app-page.js';
import { launchChromium, screenshot, type Chromium } from './helpers/browser.js';
import { startHost, type Host } from './helpers/host.js';
import { PosClient, SandboxControl } from './helpers/service-clients.js';

// A Czech cashier's busy evening: 60 tables in four areas (the demo's 12 given again through the
// POS API, 48 more), every state on the floor at once (free, open, in payment, partly paid, paid,
// capture needed, amounts up to 99 999,99), a declined card before a run of payments, and then the
// link to the service down ("Bez QR" badges). Checked at 1366x768 and 1024x768.
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
] as const;
const NEW_AREAS: [from: number, to: number, area: string][] = [
  [13, 30, 'Sál'],
  [31, 50, 'Terasa'],
  [51, 60, 'Zahrada'],
];
const ITEMS = [
  { id: 'svickova', name: 'Svíčková na smetaně s houskovým knedlíkem', price: '259.00', quantity: '2' },
  { id: 'pilsner', name: 'Pilsner Urquell 0,5 l', price: '62.00', quantity: '6' },
  { id: 'strudl', name: 'Jablečný štrúdl', price: '99.00', quantity: '1' },
];

interface Rect {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

const cards = (page: Page, root: string) =>
  page.locator(`${root} [data-table-id]`).evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { id: e.getAttribute('data-table-id') ?? '', x: r.x, y: r.y, w: r.width, h: r.height };
    }),
  );

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  expect(b).not.toBeNull();
  return b!;
};

function overlapping(rects: Rect[]): [string, string][] {
  const found: [string, string][] = [];
  for (let i = 0; i < rects.length; i++) {
    for (let j = i + 1; j < rects.length; j++) {
      const a = rects[i]!;
      const b = rects[j]!;
      // Half a pixel of slack for subpixel edges that touch.
      if (a.x + a.w - 0.5 > b.x && b.x + b.w - 0.5 > a.x && a.y + a.h - 0.5 > b.y && b.y + b.h - 0.5 > a.y) found.push([a.id, b.id]);
    }
  }
  return found;
}

/**
 * Every card inside the viewport and inside the grid's box (nothing scrolled away), none
 * overlapping, all of one height.
 */
async function expectWholeFloor(page: Page, size: { width: number; height: number }): Promise<void> {
  const rects = await cards(page, '[data-testid="table-grid"]');
  expect(rects).toHaveLength(60);
  expect(overlapping(rects)).toEqual([]);
  expect(new Set(rects.map((r) => Math.round(r.h * 2) / 2)).size).toBe(1);
  const grid = await box(page.getByTestId('table-grid'));
  const outside = rects.filter(
    (r) => r.x < 0 || r.y < 0 || r.x + r.w > size.width || r.y + r.h > size.height || r.y < grid.y - 0.5 || r.y + r.h > grid.y + grid.height + 0.5,
  );
  expect(outside).toEqual([]);
}

const card = (page: Page, id: string) => page.locator(`[data-testid="table-grid"] [data-table-id="${id}"]`);
const notices = (page: Page) => page.getByRole('region', { name: 'Oznámení' }).getByRole('listitem');

describe('a busy evening in Czech at 1366x768 and 1024x768', () => {
  let host: Host;
  let chromium: Chromium;
  let page: Page;
  let pos: PosClient;
  let sandbox: SandboxControl;
  const places = new Map<string, { name: string; area: string | null }>();

  beforeAll(async () => {
    // Paid tables stay paid (no auto-close): every state stays on the floor.
    host = await startHost([], { settings: { environment: 'demo', language: 'cs', autoCloseBills: false } });
    pos = new PosClient(host.ready.posApi, host.ready.posApiToken);
    sandbox = new SandboxControl(host.ready.sandbox ?? '');
    const demo = (await pos.call<{ id: string; name: string; area: string | null }[]>('GET', '/tables')).body;
    for (const t of demo) await pos.putTable(t.id, t.name, t.area);
    for (const t of demo) places.set(t.id, { name: t.name, area: t.area });
    for (const [from, to, area] of NEW_AREAS) {
      for (let n = from; n <= to; n++) {
        await pos.putTable(`t${n}`, `Stůl ${n}`, area);
        places.set(`t${n}`, { name: `Stůl ${n}`, area });
      }
    }
    for (let n = 13; n <= 40; n++) await pos.putBill(`b-t${n}`, `t${n}`, ITEMS.slice(n % 3));
    // The widest amounts a card must hold.
    await pos.putBill('b-t41', 't41', [{ id: 'raut', name: 'Raut pro firmu', price: '99999.99', quantity: '1' }]);
    await pos.putBill('b-t42', 't42', [
      { id: 'raut', name: 'Raut pro firmu', price: '12345.67', quantity: '1' },
      { id: 'pilsner', name: 'Pilsner Urquell 0,5 l', price: '62.00', quantity: '2' },
    ]);
    chromium = await launchChromium();
    page = await chromium.newPage();
    await page.goto(host.ui);
    await page.getByRole('tab', { name: 'Stoly', exact: true }).waitFor({ timeout: 30_000 });
    await statusBar(page).filter({ hasText: 'Připojeno' }).waitFor({ timeout: 30_000 });
    await card(page, 't60').waitFor();
  });
  afterAll(async () => {
    await chromium?.close();
    await host?.stop();
  });

  it('a declined card before eight payments stays the first notice; the payments fold into one line', async () => {
    expect((await sandbox.guestPay({ idTable: 't40', outcome: 'declined' })).outcome).toBe('declined');
    await notices(page).filter({ hasText: 'Platba u stolu Stůl 40 byla zamítnuta' }).waitFor();
    for (let n = 13; n <= 20; n++) expect((await sandbox.guestPay({ idTable: `t${n}` })).outcome).toBe('paid');
    await page.locator('[data-table-id="t20"].state-paid').waitFor();
    // Eight payments within a minute fold (a run that straddles a minute makes at most two lines).
    await expect.poll(async () => (await notices(page).allTextContents()).join('|')).toMatch(/(stoly zaplaceny|stolů zaplaceno)/);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      const first = notices(page).first();
      expect(await first.textContent()).toContain('Platba u stolu Stůl 40 byla zamítnuta');
      expect(await first.getAttribute('class')).toContain('notice-problem');
      expect(await page.locator('.notices-problems').textContent()).toBe('1 problém');
      await screenshot(page, `busy-notices-${size.width}x${size.height}`);
    }
  });

  it('60 tables in every state, with three notices, all on screen at once: inside the viewport, none overlapping, one height', async () => {
    // Partly paid (one beer of the big bill), in payment (the service abandons the lock), capture needed.
    expect((await sandbox.guestPay({ idTable: 't1', items: [{ id: 'm-pilsner-1', quantity: '1' }] })).outcome).toBe('paid');
    expect((await sandbox.guestPay({ idTable: 't42', items: [{ id: 'pilsner', quantity: '1' }] })).outcome).toBe('paid');
    await sandbox.fault('abandon-payment');
    await sandbox.guestPay({ idTable: 't2' });
    expect((await sandbox.guestPay({ idTable: 't7', captureMode: 'manual' })).outcome).toBe('authorized');
    for (const [id, state] of [
      ['t1', 'partly-paid'],
      ['t42', 'partly-paid'],
      ['t2', 'in-payment'],
      ['t7', 'capture-needed'],
      ['t13', 'paid'],
      ['t41', 'open'],
      ['t60', 'free'],
    ] as const) {
      await page.locator(`[data-table-id="${id}"].state-${state}`).waitFor();
    }
    expect(await notices(page).count()).toBe(3);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await expectWholeFloor(page, size);
      // The widest amount is whole on its card: nothing cut off.
      const amount = card(page, 't41').locator('.amount');
      expect(await amount.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(await amount.textContent()).toMatch(/^99\s999,99\sKč$/);
      await screenshot(page, `busy-floor-${size.width}x${size.height}`);
    }
  });

  it('the floor plan with a bill open: cards scale to the room left and no two overlap', async () => {
    await page.getByRole('button', { name: 'Plánek', exact: true }).click();
    const plan = page.getByRole('list', { name: 'Plánek podniku' });
    await plan.waitFor();
    // A few tables placed by the POS, the rest laid out on a grid of the plan.
    for (const [id, x, y] of [
      ['t1', 0.1, 0.1],
      ['t2', 0.9, 0.1],
      ['t47', 0.5, 0.5],
      ['t60', 0.9, 0.9],
    ] as const) {
      const t = places.get(id)!;
      expect((await pos.call('PUT', `/tables/${id}`, { name: t.name, area: t.area, position: { x, y } })).status).toBe(200);
    }
    await page.locator('[data-testid="floor-plan"] li.placed [data-table-id="t60"]').waitFor();
    await page.locator('[data-testid="floor-plan"] [data-table-id="t41"]').click();
    await page.getByRole('complementary', { name: 'Účet: Stůl 41' }).waitFor();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      // The plan scales its cards after its resize observer has measured the new room: wait for that layout.
      const laidOut = async () => {
        const [now, right, room] = [
          await cards(page, '[data-testid="floor-plan"]'),
          await box(page.locator('.bill-sheet')),
          await box(page.getByTestId('floor-plan')),
        ];
        return [
          ...overlapping(now),
          ...now.filter((r) => r.x < room.x - 0.5 || r.x + r.w > right.x || r.y < room.y - 0.5 || r.y + r.h > room.y + room.height + 0.5),
        ];
      };
      await expect.poll(laidOut, { timeout: 10_000 }).toEqual([]);
      const rects = await cards(page, '[data-testid="floor-plan"]');
      expect(rects).toHaveLength(60);
      expect(overlapping(rects)).toEqual([]);
      const sheet = await box(page.locator('.bill-sheet'));
      const inPlan = await box(page.getByTestId('floor-plan'));
      // Every card on the plan, left of the bill sheet.
      expect(rects.filter((r) => r.x < inPlan.x - 0.5 || r.x + r.w > sheet.x || r.y < inPlan.y - 0.5 || r.y + r.h > inPlan.y + inPlan.height + 0.5)).toEqual(
        [],
      );
      await screenshot(page, `busy-floor-plan-bill-${size.width}x${size.height}`);
    }
    await page.getByRole('button', { name: 'Skrýt účet' }).click();
    await page.getByRole('button', { name: 'Mřížka', exact: true }).click();
  });

  it('with the link down (QR struck through on the cards of guests who would pay) the 60 tables and three notices still fit at both sizes', async () => {
    await sandbox.fault('close-4503');
    await card(page, 't41').getByText('QR platba nejde').waitFor({ timeout: 15_000 });
    expect(await notices(page).count()).toBe(3);
    const banner = page.getByRole('alert').filter({ has: page.locator('.banner-short') });
    for (const size of SIZES) {
      await page.setViewportSize(size);
      // The outage banner is one line, its words whole (not cut to an ellipsis); the sentences wait behind Details.
      const short = banner.locator('.banner-short');
      expect(await short.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      // One row: the whole banner is lower than two of its own buttons.
      const button = await box(banner.getByRole('button', { name: 'Připojit znovu' }));
      expect((await box(banner)).height).toBeLessThan(button.height * 2);
      expect(await banner.locator('.banner-details').isHidden()).toBe(true);
      await screenshot(page, `busy-floor-offline-${size.width}x${size.height}`);
      await expectWholeFloor(page, size);
      expect(
        await card(page, 't21')
          .locator('.table-name')
          .evaluate((el) => el.scrollWidth <= el.clientWidth),
      ).toBe(true);
    }
  });
});
