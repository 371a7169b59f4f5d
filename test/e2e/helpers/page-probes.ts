import type { Page } from 'playwright-core';

/** Measuring probes installed in the app page (benchmarks). Times are wall-clock ms: performance.timeOrigin + performance.now(). */

declare global {
  interface Window {
    __noticeTimes?: Record<string, number>;
    __frames?: { interval: number[]; longTasks: number[]; stop: boolean; observer: PerformanceObserver | null };
  }
}

/**
 * Records when each notice text first appears in the DOM (MutationObserver callback, before paint),
 * keyed by the notice's text.
 */
export async function installNoticeProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const times: Record<string, number> = {};
    window.__noticeTimes = times;
    const scan = () => {
      const now = performance.timeOrigin + performance.now();
      for (const el of document.querySelectorAll('.notice-text')) {
        const text = el.textContent ?? '';
        if (!(text in times)) times[text] = now;
      }
    };
    scan();
    new MutationObserver(scan).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

export async function noticeTimes(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => ({ ...(window.__noticeTimes ?? {}) }));
}

/** Frames seen in the page: rAF-to-rAF intervals, and the main thread's long tasks (> 50 ms). */
export interface Frames {
  /** rAF-to-rAF ms: vsync-quantised, ~16.7 at 60 Hz when every frame is on time, a multiple when frames drop. */
  interval: number[];
  /** Durations of long tasks (PerformanceObserver 'longtask'): what kept the main thread from drawing. */
  longTasks: number[];
}

/** Starts the frame recorder; stopFrameRecorder ends it and returns what it saw. */
export async function startFrameRecorder(page: Page): Promise<void> {
  await page.evaluate(() => {
    const rec = { interval: [] as number[], longTasks: [] as number[], stop: false, observer: null as PerformanceObserver | null };
    window.__frames = rec;
    rec.observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) rec.longTasks.push(entry.duration);
    });
    rec.observer.observe({ type: 'longtask' });
    let last: number | null = null;
    const tick = (ts: number) => {
      if (rec.stop) return;
      if (last !== null) rec.interval.push(ts - last);
      last = ts;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

export async function stopFrameRecorder(page: Page): Promise<Frames> {
  return page.evaluate(() => {
    const rec = window.__frames;
    if (!rec) throw new Error('no frame recorder running');
    rec.stop = true;
    for (const entry of rec.observer?.takeRecords() ?? []) rec.longTasks.push(entry.duration);
    rec.observer?.disconnect();
    return { interval: [...rec.interval], longTasks: [...rec.longTasks] };
  });
}

/** Records frames for `ms` of page time without any load: the idle baseline. Resolves in the page. */
export async function recordIdleFrames(page: Page, ms: number): Promise<Frames> {
  await startFrameRecorder(page);
  await page.evaluate((duration) => new Promise<void>((resolve) => setTimeout(resolve, duration)), ms);
  return stopFrameRecorder(page);
}
