/**
 * 200 tables with bills and a burst of 50 guest payments within one second (concurrent, different
 * tables) against an external in-process sandbox: does the Tables view keep its frames? Frame
 * recorder in the page (see page-probes.ts): rAF-to-rAF frame times and the main thread's long tasks.
 * Floor (same run, same time): a blank page in the same Chromium recording its own frames while the
 * burst lands (frame-floor.ts); the app page idle after the burst is information beside its long tasks.
 */
import { randomUUID } from 'node:crypto';
import { startSandbox } from '../../sandbox/index.js';
import { openApp, tab } from '../e2e/helpers/app-page.js';
import { launchChromium } from '../e2e/helpers/browser.js';
import { startHost } from '../e2e/helpers/host.js';
import type { Page } from 'playwright-core';
import { recordIdleFrames } from '../e2e/helpers/page-probes.js';
import { PosClient } from '../e2e/helpers/service-clients.js';
import { linkAnswers } from './bench-host.js';
import { frameFigures, openBlankPage, startFrames, stopFrames } from './frame-floor.js';
import type { BenchFigure } from './harness.js';

const TABLES = 200;
const BURST = 50;
const BENCH = 'renderer burst (200 tables, 50 payments/s)';

/** The part of the page's globalThis the wait below reads (the Node tsconfig has no DOM types). */
interface PageGlobals {
  document: { querySelector(selector: string): { dataset: Record<string, string | undefined> } | null };
}

/**
 * Waits until the notices panel counts `n` open notices. The panel draws only the newest few rows
 * (the rest are "+N more"), so counting drawn rows cannot see 50; it says how many it holds in
 * data-open-count, rendered in the same commit as the rows.
 */
async function waitForOpenNotices(page: Page, n: number, timeoutMs = 60_000): Promise<void> {
  await page.waitForFunction(
    (count) => Number((globalThis as unknown as PageGlobals).document.querySelector('section.notices')?.dataset.openCount ?? 0) >= count,
    n,
    { timeout: timeoutMs },
  );
}

/** Payments the host's store holds as PAID, read through the POS API. */
async function paidInStore(posApi: string, token: string): Promise<number> {
  const res = await fetch(`${posApi}/payments`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET /v1/payments: ${res.status}`);
  return ((await res.json()) as { state: string }[]).filter((p) => p.state === 'PAID').length;
}

export default async function rendererBurst(): Promise<BenchFigure[]> {
  const sandbox = await startSandbox({ restaurantName: 'Bistro Burst' });
  const host = await startHost(['--service-url', sandbox.url, '--api-key', sandbox.restaurant.apiKey, '--pos-id', randomUUID(), '--transport', 'ws']);
  const chromium = await launchChromium();
  // The frames' floor: a blank page in a Chromium of its own, started while the tables are set up.
  const floorReady = openBlankPage();
  try {
    const pos = new PosClient(host.ready.posApi, host.ready.posApiToken);
    for (let i = 1; i <= TABLES; i += 1) {
      await pos.putTable(`bt-${i}`, String(100 + i), `Area ${Math.ceil(i / 25)}`);
      await pos.putBill(`bb-${i}`, `bt-${i}`, [
        { id: 'beer', name: 'Pilsner', price: '62.00', quantity: '2' },
        { id: 'soup', name: 'Garlic soup', price: '79.00', quantity: '1' },
      ]);
    }
    // The host's link up (a scan answered) before anything is measured.
    const linked = await linkAnswers(() => sandbox.guestScan({ idTable: 'bt-1' }), 30_000);
    const page = await chromium.newPage();
    await openApp(page, host.ui);
    await tab(page, 'Tables').click();
    await page.getByRole('button', { name: `Table ${100 + TABLES} ` }).first().waitFor();

    const blank = (await floorReady).page;
    await startFrames(page, blank);
    const started = performance.now();
    // 50 payments spread over one second, all in flight together, each on its own table.
    const payments = Array.from({ length: BURST }, (_, n) =>
      new Promise<void>((resolve) => setTimeout(resolve, (n * 1000) / BURST)).then(() => sandbox.guestPay({ idTable: `bt-${n * 4 + 1}` })),
    );
    const results = await Promise.all(payments);
    const paidBySandbox = results.filter((r) => r.outcome === 'paid').length;
    await waitForOpenNotices(page, BURST);
    const burstMs = performance.now() - started;
    const frames = await stopFrames(page, blank);
    const burst = frames.app;
    const idle = await recordIdleFrames(page, burstMs);

    const paymentsPaidInStore = await paidInStore(host.ready.posApi, host.ready.posApiToken);
    const checked = { linked, payments: BURST, paidBySandbox, paymentsPaidInStore, noticesShown: BURST };
    const expected = { linked: true, payments: BURST, paidBySandbox: BURST, paymentsPaidInStore: BURST };
    const longest = (xs: number[]) => (xs.length ? Math.max(...xs) : 0);
    const blocked = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    return [
      ...frameFigures({
        bench: BENCH,
        during: `${BURST} payments land within a second and their notices show (${Math.round(burstMs)} ms until all ${BURST} notices)`,
        app: burst.interval,
        blank: frames.blank.interval,
        longTasks: burst.longTasks,
        checked,
        expected,
      }),
      {
        bench: BENCH,
        metric: `main thread in long tasks (${burst.longTasks.length} tasks, longest ${longest(burst.longTasks).toFixed(0)} ms)`,
        value: blocked(burst.longTasks),
        unit: 'ms',
        baseline: { metric: `idle long tasks (longest ${longest(idle.longTasks).toFixed(0)} ms)`, value: blocked(idle.longTasks), unit: 'ms' },
        what: "the page's long tasks (> 50 ms) during the burst",
        target: 'no task > 50 ms',
        met: burst.longTasks.length === 0,
        checked,
        expected,
      },
    ];
  } finally {
    await floorReady.then((f) => f.close()).catch(() => undefined);
    await chromium.close();
    await host.stop();
    await sandbox.close();
  }
}
