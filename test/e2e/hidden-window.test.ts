import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { notice, openApp, tableCard } from './helpers/app-page.js';
import { launchChromium, type Chromium } from './helpers/browser.js';
import { startHost, type Host } from './helpers/host.js';
import { PosClient } from './helpers/service-clients.js';

type Frame = { at: number; text: string; json: { id?: number; cmd?: string; input?: unknown; result?: unknown; event?: { type: string } } };

/** Every bridge frame a page sends and receives, numbered in the order the page saw them. */
function recordBridge(page: Page) {
  const sent: Frame[] = [];
  const received: Frame[] = [];
  let n = 0;
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/bridge')) return;
    const read = (list: Frame[]) => (f: { payload: string | Buffer }) => {
      const text = String(f.payload);
      list.push({ at: n++, text, json: JSON.parse(text) as Frame['json'] });
    };
    ws.on('framesent', read(sent));
    ws.on('framereceived', read(received));
  });
  return { sent, received };
}

/** Makes the page hidden or shown as the browser would (a tray window, a background tab), and fires the event. */
async function setVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  // A string: this file is type-checked without the DOM's types.
  await page.evaluate(`(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => '${state}' });
    document.dispatchEvent(new Event('visibilitychange'));
  })()`);
}

const VIEWS = new Set(['bill', 'table', 'payment']);

// The real renderer in Chromium against the browser-mode host: a hidden page tells main, which
// then sends it no views, only notices; shown again, it reads the snapshot and shows what changed.
describe('the cashier page while hidden', () => {
  let sandbox: Sandbox;
  let host: Host;
  let chromium: Chromium;
  let page: Page;
  let witness: Page;
  let frames: ReturnType<typeof recordBridge>;

  beforeAll(async () => {
    sandbox = await startSandbox({ restaurantName: 'Bistro Tray' });
    host = await startHost(['--service-url', sandbox.url, '--api-key', sandbox.restaurant.apiKey, '--pos-id', randomUUID(), '--transport', 'ws']);
    chromium = await launchChromium();
    page = await chromium.newPage();
    frames = recordBridge(page);
    await openApp(page, host.ui);
    // A second page, shown all along, sees every view: once it shows a change, the hidden page's would have been sent.
    witness = await chromium.context.newPage();
    await witness.goto(new URL(host.ui).origin + '/');
    await witness.getByRole('tab', { name: 'Tables' }).waitFor({ timeout: 30_000 });
  });
  afterAll(async () => {
    await chromium?.close();
    await host?.stop();
    await sandbox?.close();
  });

  /** Sends the visibility and waits for main's answer to the page's setShown; returns where the answer came. */
  async function toldMain(state: 'hidden' | 'visible'): Promise<number> {
    const from = frames.sent.length;
    await setVisibility(page, state);
    const request = await vi.waitUntil(() => frames.sent.slice(from).find((f) => f.json.cmd === 'setShown'), { timeout: 10_000 });
    expect(request.json.input).toBe(state === 'visible');
    const answer = await vi.waitUntil(() => frames.received.find((f) => f.json.id === request.json.id), { timeout: 10_000 });
    expect(answer.json.result).toBeNull();
    return answer.at;
  }

  it('is sent the paid notice but no views while hidden, and shows the payment once shown again', async () => {
    const pos = new PosClient(host.ready.posApi, host.ready.posApiToken);
    await pos.putTable('h1', '31', 'Hall');
    await pos.putBill('hb1', 'h1', [{ id: 'soup', name: 'Garlic soup', price: '79.00', quantity: '2' }]);
    await tableCard(page, 'Table 31')
      .locator('.badge')
      .filter({ hasText: /^Open$/ })
      .waitFor();

    const hiddenAt = await toldMain('hidden');
    const paid = await sandbox.guestPay({ idTable: 'h1' });
    expect(paid.outcome).toBe('paid');
    // Notices still reach the hidden page (their sound, the OS notification).
    await notice(page, 'Table 31 paid CZK 158.00').waitFor();
    await tableCard(witness, 'Table 31')
      .locator('.badge')
      .filter({ hasText: /^Free$/ })
      .waitFor();
    // The hidden page still shows the table as it was.
    expect(await tableCard(page, 'Table 31').locator('.badge').textContent()).toBe('Open');

    const shownAt = await toldMain('visible');
    const views = frames.received.filter((f) => f.at > hiddenAt && f.at < shownAt && VIEWS.has(f.json.event?.type ?? ''));
    expect(views.map((f) => f.text.slice(0, 80))).toEqual([]);
    expect(frames.received.some((f) => f.at > hiddenAt && f.at < shownAt && f.json.event?.type === 'notice')).toBe(true);

    // Shown: the snapshot read again brings the payment.
    await tableCard(page, 'Table 31')
      .locator('.badge')
      .filter({ hasText: /^Free$/ })
      .waitFor();
    expect(frames.sent.filter((f) => f.json.cmd === 'getSnapshot').length).toBeGreaterThanOrEqual(2);

    // And the views flow again.
    await pos.putBill('hb2', 'h1', [{ id: 'tea', name: 'Mint tea', price: '45.00', quantity: '1' }]);
    await tableCard(page, 'Table 31')
      .locator('.badge')
      .filter({ hasText: /^Open$/ })
      .waitFor();
  });
});
