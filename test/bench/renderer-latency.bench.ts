/**
 * paymentClosed committed → the notice visible in the renderer (Chromium, browser mode), over
 * ~30 payments. Commit time: the `at` of the host's `payment.paid` store event, read from the POS
 * API event stream. Notice time: a MutationObserver in the page. Same machine clock for both.
 * Floor (same run, same payments): SSE delivery, commit → the event read in this process, plus one
 * frame at 60 Hz: the page applies events once per animation frame (decision 011), so a notice
 * waits up to a frame after its event arrived by design. Target: at most 1.25x that floor, at p50
 * and p95 (what the page adds past its socket and its frame: reading the frame, the store, React).
 */
import { openApp } from '../e2e/helpers/app-page.js';
import { launchChromium } from '../e2e/helpers/browser.js';
import { openEventStream } from '../e2e/helpers/event-stream.js';
import { startHost } from '../e2e/helpers/host.js';
import { installNoticeProbe, noticeSeenAt } from '../e2e/helpers/page-probes.js';
import { PosClient, SandboxControl } from '../e2e/helpers/service-clients.js';
import { linkAnswers } from './bench-host.js';
import { VSYNC_MS } from './frame-floor.js';
import { summarize, type BenchFigure, type BenchOptions } from './harness.js';

const BENCH = 'renderer notice latency';
/** The notice may take this much longer than the event stream's delivery plus one frame. */
const RATIO = 1.25;

export default async function rendererLatency({ quick }: BenchOptions): Promise<BenchFigure[]> {
  // A p95 of 100 payments is their 5th slowest, not the 2nd of 30: one stall of this shared machine
  // does not decide it. Quick: the same path, 30 payments.
  const PAYMENTS = quick ? 30 : 100;
  const host = await startHost();
  const chromium = await launchChromium();
  try {
    const pos = new PosClient(host.ready.posApi, host.ready.posApiToken);
    const sandbox = new SandboxControl(host.ready.sandbox ?? '');
    for (let i = 1; i <= PAYMENTS; i += 1) {
      await pos.putTable(`lat-${i}`, `Latency ${i}`, 'Bench');
      await pos.putBill(`lat-b${i}`, `lat-${i}`, [{ id: 'espresso', name: 'Espresso', price: '49.00', quantity: '1' }]);
    }
    // The host's link up (a scan of the embedded sandbox answered) before anything is measured.
    const scan = async () => (await fetch(`${host.ready.sandbox}/sandbox/guest/scan`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ idTable: 'lat-1' }) })).json();
    const linked = await linkAnswers(scan, 30_000);
    const page = await chromium.newPage();
    await openApp(page, host.ui);
    await installNoticeProbe(page);
    const stream = await openEventStream(host.ready.posApi, host.ready.posApiToken);

    let paidBySandbox = 0;
    const latency: number[] = [];
    const delivery: number[] = [];
    // One payment at a time: each measures the path alone, not a queue behind the previous one.
    for (let i = 1; i <= PAYMENTS; i += 1) {
      if ((await sandbox.guestPay({ idTable: `lat-${i}` })).outcome === 'paid') paidBySandbox++;
      const paid = await stream.waitFor((e) => e.kind === 'payment.paid' && e.tableId === `lat-${i}`, `payment.paid for lat-${i}`);
      const shown = await noticeSeenAt(page, `Latency ${i} paid `);
      const committed = Date.parse(paid.event.at);
      latency.push(shown - committed);
      delivery.push(paid.receivedAt - committed);
      // The cashier says OK, after the time was taken: the panel folds paid notices of the same
      // minute into one line, so the next payment's notice must arrive to an empty panel.
      await page.locator('section.notices li').filter({ hasText: `Latency ${i} paid ` }).getByRole('button', { name: 'OK', exact: true }).click();
      await page.locator('section.notices').waitFor({ state: 'detached' });
    }
    stream.close();
    const l = summarize(latency);
    const d = summarize(delivery);
    const figure = (metric: 'p50' | 'p95'): BenchFigure => {
      const floor = d[metric] + VSYNC_MS;
      return {
      bench: BENCH,
      metric: `commit → notice in DOM ${metric} (n=${l.n}; ${(l[metric] / floor).toFixed(2)}x)`,
      value: l[metric],
      unit: 'ms',
      baseline: { metric: `commit → SSE event read ${metric} (${d[metric].toFixed(1)} ms) + one frame at 60 Hz`, value: floor, unit: 'ms' },
      what: "payment.paid event's commit time (POS API event stream) → the notice in the page's DOM (MutationObserver), one payment at a time; the floor is the same event read from the POS API's event stream in this process, plus one frame at 60 Hz (the page applies events on its next animation frame)",
      target: `<= ${RATIO}x (SSE read + one frame)`,
      met: l[metric] <= RATIO * floor,
      // Each latency sample exists only once its payment.paid event was read and its notice seen.
      checked: { linked, payments: PAYMENTS, paidBySandbox, paidEventsRead: d.n, noticesSeen: l.n },
      expected: { linked: true, payments: PAYMENTS, paidBySandbox: PAYMENTS, paidEventsRead: PAYMENTS, noticesSeen: PAYMENTS },
      };
    };
    return [figure('p50'), figure('p95')];
  } finally {
    await chromium.close();
    await host.stop();
  }
}
