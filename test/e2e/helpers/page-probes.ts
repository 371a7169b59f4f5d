import type { Page } from 'playwright-core';

/**
 * Measuring probes installed in the app page (benchmarks, reconnect test). Times are wall-clock ms:
 * performance.timeOrigin + performance.now(). The probes are plain JavaScript text (the Node tsconfig
 * has no DOM types; run through tsx, named inner functions would also need esbuild's __name helper).
 * Wait conditions are inline functions over the few page globals below: the app's CSP forbids
 * eval, so waitForFunction cannot take a string.
 */

/** The part of the page's globalThis that the wait conditions read. */
interface PageGlobals {
  __noticeTimes?: Record<string, number>;
  __statusSeen?: string[];
  document: { body: { dataset: Record<string, string | undefined> }; querySelectorAll(selector: string): { length: number } };
}

const NOTICE_PROBE = `(() => {
  const times = {};
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
})()`;

/** Records when each notice text first appears in the DOM (MutationObserver callback, before paint), keyed by its text. */
export async function installNoticeProbe(page: Page): Promise<void> {
  await page.evaluate(NOTICE_PROBE);
}

/** Waits until a notice whose text starts with `prefix` has appeared; returns when (wall-clock ms). */
export async function noticeSeenAt(page: Page, prefix: string, timeoutMs = 30_000): Promise<number> {
  const handle = await page.waitForFunction(
    (p) => Object.entries((globalThis as unknown as PageGlobals).__noticeTimes ?? {}).find(([text]) => text.startsWith(p))?.[1],
    prefix,
    { timeout: timeoutMs },
  );
  return (await handle.jsonValue()) as number;
}

/** Frames seen in the page: rAF-to-rAF intervals, and the main thread's long tasks (> 50 ms). */
export interface Frames {
  /** rAF-to-rAF ms: vsync-quantised, ~16.7 at 60 Hz when every frame is on time, a multiple when frames drop. */
  interval: number[];
  /** Durations of long tasks (PerformanceObserver 'longtask'): what kept the main thread from drawing. */
  longTasks: number[];
}

const FRAME_RECORDER = `(() => {
  const rec = { interval: [], longTasks: [], stop: false, observer: null };
  window.__frames = rec;
  rec.observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) rec.longTasks.push(entry.duration);
  });
  rec.observer.observe({ type: 'longtask' });
  let last = null;
  const tick = (ts) => {
    if (rec.stop) return;
    if (last !== null) rec.interval.push(ts - last);
    last = ts;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

const FRAME_STOP = `(() => {
  const rec = window.__frames;
  if (!rec) throw new Error('no frame recorder running');
  rec.stop = true;
  for (const entry of rec.observer.takeRecords()) rec.longTasks.push(entry.duration);
  rec.observer.disconnect();
  return { interval: [...rec.interval], longTasks: [...rec.longTasks] };
})()`;

/** Starts the frame recorder; stopFrameRecorder ends it and returns what it saw. */
export async function startFrameRecorder(page: Page): Promise<void> {
  await page.evaluate(FRAME_RECORDER);
}

export async function stopFrameRecorder(page: Page): Promise<Frames> {
  return page.evaluate<Frames>(FRAME_STOP);
}

/** Records frames for `ms` of page time without any load: the idle baseline. The wait runs in the page. */
export async function recordIdleFrames(page: Page, ms: number): Promise<Frames> {
  await startFrameRecorder(page);
  await page.evaluate(`new Promise((resolve) => setTimeout(resolve, ${Math.round(ms)}))`);
  return stopFrameRecorder(page);
}

const STATUS_RECORDER = `(() => {
  const bar = document.querySelector('footer.status-bar');
  if (!bar) throw new Error('no status bar');
  const seen = [bar.className];
  window.__statusSeen = seen;
  new MutationObserver(() => {
    const now = document.querySelector('footer.status-bar')?.className ?? 'none';
    if (seen[seen.length - 1] !== now) seen.push(now);
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'], childList: true });
})()`;

/** Records every class the status bar takes (so a short "reconnecting" is not missed). */
export async function installStatusRecorder(page: Page): Promise<void> {
  await page.evaluate(STATUS_RECORDER);
}

export async function statusesSeen(page: Page): Promise<string[]> {
  return page.evaluate<string[]>('[...(window.__statusSeen ?? [])]');
}

/** Waits until the status bar has left `status` at least once since the recorder was installed. */
export async function waitForStatusLeft(page: Page, status: string, timeoutMs: number): Promise<void> {
  await page.waitForFunction((cls) => ((globalThis as unknown as PageGlobals).__statusSeen ?? []).some((c) => c !== cls), `status-bar status-${status}`, {
    timeout: timeoutMs,
  });
}

/** Waits until the status bar, after some change, shows `status` again. */
export async function waitForStatusBack(page: Page, status: string, timeoutMs: number): Promise<void> {
  await page.waitForFunction(
    (cls) => {
      const seen = (globalThis as unknown as PageGlobals).__statusSeen ?? [];
      return seen.length > 1 && seen[seen.length - 1] === cls;
    },
    `status-bar status-${status}`,
    { timeout: timeoutMs },
  );
}

/** The print sheet says it is done: body[data-ready] is 'true' (drawn) or 'error'. */
export async function waitForSheetReady(page: Page, timeoutMs = 30_000): Promise<{ ready: string; error: string | null }> {
  await page.waitForFunction(() => ['true', 'error'].includes((globalThis as unknown as PageGlobals).document.body.dataset.ready ?? ''), undefined, {
    timeout: timeoutMs,
  });
  return page.evaluate<{ ready: string; error: string | null }>(`({ ready: document.body.dataset.ready, error: document.body.dataset.error ?? null })`);
}
