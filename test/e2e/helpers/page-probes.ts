import type { Page } from 'playwright-core';

/** Measuring probes installed in the app page (benchmarks). Times are wall-clock ms: performance.timeOrigin + performance.now(). */

declare global {
  interface Window {
    __noticeTimes?: Record<string, number>;
    __frames?: { work: number[]; interval: number[]; stop: boolean };
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

/**
 * Starts a frame recorder. Per frame: `interval` is the rAF-to-rAF time (vsync-quantised, ~16.7 ms
 * at 60 Hz when on time), `work` is the main-thread time from the frame's start until a message
 * posted from its rAF callback runs, i.e. rAF callbacks, style, layout, paint and any task queued
 * ahead: the frame's cost, which must stay under 16 ms for the frame to make its deadline.
 */
export async function startFrameRecorder(page: Page): Promise<void> {
  await page.evaluate(() => {
    const rec = { work: [] as number[], interval: [] as number[], stop: false };
    window.__frames = rec;
    const channel = new MessageChannel();
    let last: number | null = null;
    // The frame's start travels with the message, so a message that runs after the next frame began is still measured from its own frame.
    channel.port1.onmessage = (e: MessageEvent<number>) => rec.work.push(performance.now() - e.data);
    const tick = (ts: number) => {
      if (rec.stop) return;
      if (last !== null) rec.interval.push(ts - last);
      last = ts;
      channel.port2.postMessage(ts);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

export async function stopFrameRecorder(page: Page): Promise<{ work: number[]; interval: number[] }> {
  return page.evaluate(() => {
    const rec = window.__frames;
    if (!rec) throw new Error('no frame recorder running');
    rec.stop = true;
    return { work: [...rec.work], interval: [...rec.interval] };
  });
}

/** Records frames for `ms` of page time without any load: the idle baseline. Resolves in the page. */
export async function recordIdleFrames(page: Page, ms: number): Promise<{ work: number[]; interval: number[] }> {
  await startFrameRecorder(page);
  await page.evaluate((duration) => new Promise<void>((resolve) => setTimeout(resolve, duration)), ms);
  return stopFrameRecorder(page);
}
