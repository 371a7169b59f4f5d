import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { stealMs } from './proc-stats.js';

/** What kept this (the measuring) process busy while it timed something. */
export interface OwnLoop {
  /** Event-loop delay p99 (1 ms resolution, so an idle loop reads about 1 ms). */
  delayP99Ms: number;
  /** Garbage collection pauses: their total and how many. */
  gcMs: number;
  gcs: number;
  /** The VM's steal time meanwhile, all CPUs (proc-stats.ts stealMs). */
  stealMs: number;
}

/**
 * Watches this process's event loop and GC from now until `stop`. A round trip is timed by this
 * process: a reply that lands while its loop is busy (a GC, the sandbox's guests) waits here, and
 * that wait is in the figure. Reported beside a latency tail so it can be read apart from the host's.
 */
export function watchOwnLoop(): { stop: () => OwnLoop } {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let gcMs = 0;
  let gcs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gcMs += e.duration;
      gcs++;
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  const steal0 = stealMs();
  delay.enable();
  return {
    stop() {
      delay.disable();
      gc.disconnect();
      return { delayP99Ms: delay.percentile(99) / 1e6, gcMs, gcs, stealMs: stealMs() - steal0 };
    },
  };
}

/** "this process, which timed them: event-loop delay p99 4.0 ms, 37 GCs (85 ms); the VM's steal time meanwhile 120 ms". */
export function ownLoopText(o: OwnLoop): string {
  return `this process, which timed them: event-loop delay p99 ${o.delayP99Ms.toFixed(1)} ms, ${o.gcs} GCs (${Math.round(o.gcMs)} ms); the VM's steal time meanwhile ${Math.round(o.stealMs)} ms`;
}
