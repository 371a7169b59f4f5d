/**
 * The renderer over a shift: 60 tables on the Tables view in every state (free, open, partly paid,
 * paid, awaiting capture), then 2,000 guest payments, 500 declined cards (their notices) and 200
 * acknowledgements (the cashier's "OK" on the top notice, clicked in the page) land in Debian's
 * Chromium through the real host, in rounds. The page's JS heap (after a forced GC over CDP,
 * HeapProfiler.collectGarbage) and its DOM nodes (CDP Performance.getMetrics "Nodes": every live
 * node, detached ones too) after the shift, beside the same after the first round (100 payments);
 * frame times while they land, from requestAnimationFrame in the page (page-probes.ts), beside one
 * frame at 60 Hz. Every payment is PAID in the store, every notice counted by the page, every
 * acknowledgement taken.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { openApp, tab } from '../e2e/helpers/app-page.js';
import { launchChromium } from '../e2e/helpers/browser.js';
import { startHost } from '../e2e/helpers/host.js';
import { PosClient } from '../e2e/helpers/service-clients.js';
import { linkAnswers } from './bench-host.js';
import { frameFigures, openBlankPage, startFrames, stopFrames } from './frame-floor.js';
import type { Bench } from './harness.js';

const TABLES = 60;
/** How much the heap and the DOM may grow over the shift, as a ratio to the first round's. */
const GROWTH = 1.2;
const BENCH = `renderer over a shift (${TABLES} tables on screen)`;
/** Guests paying at once: a busy evening, not a benchmark rush. */
const LANES = 6;

interface Sizes {
  rounds: number;
  /** Per round. */
  paid: number;
  declined: number;
  acks: number;
}

/** The part of the page's globalThis the waits read (the Node tsconfig has no DOM types). */
interface PageGlobals {
  document: { querySelector(selector: string): { dataset: Record<string, string | undefined> } | null };
}

const openCount = (page: Page): Promise<number> =>
  page.evaluate(() => Number((globalThis as unknown as PageGlobals).document.querySelector('section.notices')?.dataset.openCount ?? 0));

/** Waits until the notices panel holds exactly `n` open notices (each payment's and decline's notice counted by the page). */
async function waitForOpen(page: Page, n: number): Promise<boolean> {
  return page
    .waitForFunction((count) => Number((globalThis as unknown as PageGlobals).document.querySelector('section.notices')?.dataset.openCount ?? 0) === count, n, { timeout: 60_000 })
    .then(() => true)
    .catch(() => false);
}

/** The page's JS heap after a forced collection, and its live DOM nodes, over CDP. */
async function pageMemory(page: Page): Promise<{ heapMb: number; nodes: number }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => {
      const m = metrics.find((x) => x.name === name);
      if (!m) throw new Error(`no ${name} in Performance.getMetrics`);
      return m.value;
    };
    return { heapMb: metric('JSHeapUsedSize') / 1e6, nodes: metric('Nodes') };
  } finally {
    await cdp.detach();
  }
}

/** `n` guests' payments spread over the tables from `from` on, LANES at once; resolves with how many the sandbox called `outcome`. */
async function guests(sandbox: Sandbox, tables: string[], n: number, from: number, outcome: 'paid' | 'declined'): Promise<{ done: number; paymentIds: string[] }> {
  let done = 0;
  const paymentIds: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: LANES }, async () => {
      while (next < n) {
        const i = next++;
        const r = await sandbox.guestPay({ idTable: tables[(from + i) % tables.length]!, items: [{ id: 'beer', quantity: '1' }], outcome }).catch(() => null);
        if (r?.outcome === outcome) {
          done++;
          paymentIds.push(r.payment.id);
        }
      }
    }),
  );
  return { done, paymentIds };
}

const bench: Bench = async ({ quick }) => {
  // Quick: the same shift cut to a fifth, every check the same.
  const size: Sizes = quick ? { rounds: 4, paid: 100, declined: 25, acks: 10 } : { rounds: 20, paid: 100, declined: 25, acks: 10 };
  const sandbox = await startSandbox({ restaurantName: 'Bistro Shift' });
  const host = await startHost(['--service-url', sandbox.url, '--api-key', sandbox.restaurant.apiKey, '--pos-id', randomUUID(), '--transport', 'ws']);
  const chromium = await launchChromium();
  // The frames' floor: a blank page in a Chromium of its own, started while the tables are set up.
  const floorReady = openBlankPage();
  try {
    const pos = new PosClient(host.ready.posApi, host.ready.posApiToken);
    const id = (i: number) => `sh-${i}`;
    // Tables 1-6 free; the rest with a bill. Beer is what guests pay, one at a time, all shift long.
    for (let i = 1; i <= TABLES; i += 1) {
      await pos.putTable(id(i), String(i), `Area ${Math.ceil(i / 15)}`);
      if (i > 6) {
        await pos.putBill(`shb-${i}`, id(i), [
          { id: 'beer', name: 'Pilsner', price: '62.00', quantity: '1000' },
          { id: 'soup', name: 'Garlic soup', price: '79.00', quantity: '1' },
        ]);
      }
    }
    const linked = await linkAnswers(() => sandbox.guestScan({ idTable: id(7) }), 30_000);
    // Awaiting capture on tables 7-9 (a notice each), paid in full on 10-12 (a notice each).
    let setupDone = 0;
    for (let i = 7; i <= 9; i += 1) if ((await sandbox.guestPay({ idTable: id(i), items: [{ id: 'soup', quantity: '1' }], captureMode: 'manual' })).outcome === 'authorized') setupDone++;
    for (let i = 10; i <= 12; i += 1) if ((await sandbox.guestPay({ idTable: id(i) })).outcome === 'paid') setupDone++;
    const setupNotices = 6;
    // Tables 13-60 stay open and are paid part by part all shift.
    const paying = Array.from({ length: TABLES - 12 }, (_, k) => id(13 + k));

    const page = await chromium.newPage();
    await openApp(page, host.ui);
    await tab(page, 'Tables').click();
    await page.getByRole('button', { name: `Table ${TABLES} ` }).first().waitFor();
    const blank = (await floorReady).page;
    let open = setupNotices;
    let noticesCounted = (await waitForOpen(page, open)) ? 1 : 0;

    let paid = 0;
    let declined = 0;
    let acked = 0;
    let first: { heapMb: number; nodes: number } | null = null;
    const intervals: number[] = [];
    const blankIntervals: number[] = [];
    const longTasks: number[] = [];
    for (let round = 0; round < size.rounds; round++) {
      await startFrames(page, blank);
      const p = await guests(sandbox, paying, size.paid, round * size.paid, 'paid');
      const d = await guests(sandbox, paying, size.declined, round * size.declined + 7, 'declined');
      paid += p.done;
      declined += d.done;
      open += p.done + d.done;
      if (await waitForOpen(page, open)) noticesCounted++;
      // The cashier says OK to the top notice (a declined card: problems come first), one at a time.
      for (let a = 0; a < size.acks; a++) {
        await page.locator('section.notices li.notice-problem').first().getByRole('button', { name: 'OK', exact: true }).click();
        open -= 1;
        if (await waitForOpen(page, open)) acked++;
      }
      const frames = await stopFrames(page, blank);
      intervals.push(...frames.app.interval);
      blankIntervals.push(...frames.blank.interval);
      longTasks.push(...frames.app.longTasks);
      if (round === 0) first = await pageMemory(page);
    }
    const last = await pageMemory(page);
    const inStore = await pos.call<{ state: string }[]>('GET', '/payments');
    const paidInStore = Array.isArray(inStore.body) ? inStore.body.filter((x) => x.state === 'PAID').length : -1;
    const total = { paid: size.rounds * size.paid, declined: size.rounds * size.declined, acks: size.rounds * size.acks };
    const checked = {
      linked,
      setupPayments: setupDone,
      payments: paid,
      paymentsPaidInStore: paidInStore,
      declined,
      acknowledged: acked,
      noticeCountsSeen: noticesCounted,
      openAtTheEnd: await openCount(page),
    };
    const expected = {
      linked: true,
      setupPayments: 6,
      payments: total.paid,
      // The setup's three paid in full too.
      paymentsPaidInStore: total.paid + 3,
      declined: total.declined,
      acknowledged: total.acks,
      noticeCountsSeen: size.rounds + 1,
      openAtTheEnd: setupNotices + total.paid + total.declined - total.acks,
    };
    const shift = `${total.paid.toLocaleString('en')} payments, ${total.declined} declined cards and ${total.acks} acknowledgements in ${size.rounds} rounds`;
    const after = `after the first round (${size.paid} payments, ${size.declined} declined, ${size.acks} acknowledged)`;
    return [
      {
        bench: BENCH,
        metric: `JS heap after the shift (${(last.heapMb / first!.heapMb).toFixed(2)}x)`,
        what: `${shift}: the page's used JS heap after a forced GC (CDP HeapProfiler.collectGarbage, then Performance.getMetrics JSHeapUsedSize), beside the same ${after}`,
        value: last.heapMb,
        unit: 'MB',
        baseline: { metric: after, value: first!.heapMb, unit: 'MB' },
        target: `<= ${GROWTH}x after the first round`,
        met: last.heapMb <= GROWTH * first!.heapMb,
        checked,
        expected,
      },
      {
        bench: BENCH,
        metric: `DOM nodes after the shift (${(last.nodes / first!.nodes).toFixed(2)}x)`,
        what: `${shift}: the page's live DOM nodes, detached ones included (CDP Performance.getMetrics Nodes, after the same GC), beside the same ${after}`,
        value: last.nodes,
        unit: 'nodes',
        baseline: { metric: after, value: first!.nodes, unit: 'nodes' },
        target: `<= ${GROWTH}x after the first round`,
        met: last.nodes <= GROWTH * first!.nodes,
        checked,
        expected,
      },
      ...frameFigures({ bench: BENCH, during: `the ${shift} land`, app: intervals, blank: blankIntervals, longTasks, checked, expected }),
    ];
  } finally {
    await floorReady.then((f) => f.close()).catch(() => undefined);
    await chromium.close();
    await host.stop();
    await sandbox.close();
  }
};

export default bench;
