/**
 * The floor of the renderer benches' frame times: a blank page in a Chromium of its own (the same
 * binary and flags, launchChromium), the front and only page of its window like the app's page in
 * its own, recording its own rAF intervals over the same rounds as the app page, so both see the
 * same load of this machine (host, sandbox, the other benches). A do-nothing page misses frames
 * here when the CPUs are busy; one frame at 60 Hz stays the target, and the figure says when the
 * floor itself was above it. Not a second tab beside the app: headless Chromium draws a tab that
 * is not in front at a fraction of the rate, so either page would be measured behind the other.
 */
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/helpers/browser.js';
import { startFrameRecorder, stopFrameRecorder, type Frames } from '../e2e/helpers/page-probes.js';
import { summarize, type BenchFigure, type Checked } from './harness.js';

/** One frame at 60 Hz: the screen's budget, whatever machine draws it. */
export const VSYNC_MS = 1000 / 60;
/** rAF intervals are vsync-quantised: an on-time frame reads 16.7 ms give or take timer jitter. */
export const ONE_FRAME_MS = VSYNC_MS + 1;
/** The app's frames may drop at most this much more often than the blank page's in the same run. */
export const DROPPED_RATIO = 1.25;

export interface BlankPage {
  page: Page;
  close(): Promise<void>;
}

/** A blank page, visible, in a Chromium of its own; close() ends that Chromium. */
export async function openBlankPage(): Promise<BlankPage> {
  const chromium = await launchChromium();
  try {
    const page = await chromium.newPage();
    const state = await page.evaluate<string>('document.visibilityState');
    if (state !== 'visible') throw new Error(`the blank floor page is ${state}, not visible: its rAF would not run`);
    return { page, close: () => chromium.close() };
  } catch (e) {
    await chromium.close();
    throw e;
  }
}

/** Starts the frame recorders of the app and the blank page together. */
export async function startFrames(app: Page, blank: Page): Promise<void> {
  await Promise.all([startFrameRecorder(app), startFrameRecorder(blank)]);
}

export async function stopFrames(app: Page, blank: Page): Promise<{ app: Frames; blank: Frames }> {
  const [a, b] = await Promise.all([stopFrameRecorder(app), stopFrameRecorder(blank)]);
  return { app: a, blank: b };
}

/** Time the page spent beyond one frame per interval: what it dropped, in frames of 60 Hz. */
function droppedFrames(intervals: number[]): number {
  return intervals.reduce((n, ms) => n + Math.max(0, Math.round(ms / VSYNC_MS) - 1), 0);
}

/**
 * The two frame figures of a renderer bench: the app's rAF p95 against one frame at 60 Hz (the
 * blank page's p95 beside it, and said in the metric when it is itself above one frame: then the
 * target is below this run's floor), and the frames the app dropped per frame the blank page
 * dropped while recording the same time.
 */
export function frameFigures(o: {
  bench: string;
  /** What landed while the frames were recorded, for the figures' text. */
  during: string;
  app: number[];
  blank: number[];
  longTasks: number[];
  checked: Checked;
  expected: Checked;
}): BenchFigure[] {
  const a = summarize(o.app);
  const b = summarize(o.blank);
  const floorAbove = b.p95 > ONE_FRAME_MS;
  const dropped = { app: droppedFrames(o.app), blank: droppedFrames(o.blank) };
  // Per 100 frames drawn, so a page that drew fewer frames is not flattered by fewer intervals.
  const rate = (d: number, n: number) => (100 * d) / Math.max(1, n + d);
  const appRate = rate(dropped.app, a.n);
  const blankRate = rate(dropped.blank, b.n);
  // The blank page dropping none: any drop of the app's is over its floor; one per 100 frames is the grain.
  const ratio = appRate / Math.max(blankRate, 1);
  return [
    {
      bench: o.bench,
      metric: `frame time p95 (n=${a.n}, p99 ${a.p99.toFixed(1)} ms; ${o.longTasks.length} long tasks)${floorAbove ? `; target below this run's floor: the blank page's own p95 ${b.p95.toFixed(1)} ms > one frame` : ''}`,
      what: `rAF-to-rAF intervals in the app page (requestAnimationFrame, page-probes.ts) while ${o.during}; beside them, recorded over the same time, a blank page in the same Chromium (its own window and renderer process, visible): what a page doing nothing gets under the same load. rAF intervals are vsync-quantised, so one frame at 60 Hz is 16.7 ms (+1 ms timer jitter)`,
      value: a.p95,
      unit: 'ms',
      baseline: { metric: `blank page's frame time p95, same time (n=${b.n})`, value: b.p95, unit: 'ms' },
      target: '<= 1 frame at 60 Hz (16.7 ms)',
      met: a.p95 <= ONE_FRAME_MS,
      checked: o.checked,
      expected: o.expected,
    },
    {
      bench: o.bench,
      metric: `frames dropped per 100, beside the blank page (${ratio.toFixed(2)}x; ${dropped.app} against ${dropped.blank})`,
      what: `frames the app page dropped (each rAF interval past one frame at 60 Hz counts the frames it skipped) per 100 it should have drawn while ${o.during}, beside the blank page recording the same time; the ratio divides by the blank page's rate, at least 1 per 100`,
      value: appRate,
      unit: '%',
      baseline: { metric: "blank page's frames dropped per 100, same time", value: blankRate, unit: '%' },
      target: `<= ${DROPPED_RATIO}x the blank page's (at least 1 per 100)`,
      met: ratio <= DROPPED_RATIO,
      checked: o.checked,
      expected: o.expected,
    },
  ];
}
