import { describe, expect, it } from 'vitest';
import { ownLoopText, watchOwnLoop } from './own-loop.js';
import { stealMs } from './proc-stats.js';

describe('watchOwnLoop (what kept the measuring process busy)', () => {
  it('sees a task that held the event loop, and words it', async () => {
    const watch = watchOwnLoop();
    // Turns of the loop, then one task that holds it for 60 ms: the delay histogram must show it.
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    const end = performance.now() + 60;
    while (performance.now() < end);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const own = watch.stop();
    expect(own.delayP99Ms).toBeGreaterThanOrEqual(50);
    expect(ownLoopText({ delayP99Ms: 4.04, gcMs: 85.4, gcs: 37, stealMs: 120 })).toBe(
      "this process, which timed them: event-loop delay p99 4.0 ms, 37 GCs (85 ms); the VM's steal time meanwhile 120 ms",
    );
  });

  it("reads the machine's steal time from /proc/stat's cpu line (its 8th number, in 1/100 s)", () => {
    expect(stealMs('cpu  18754 0 4669 46513 510 0 369 310 0 0\ncpu0 9000 0 2000 23000 200 0 100 150 0 0\n')).toBe(3100);
    expect(() => stealMs('intr 1 2 3\n')).toThrow(/steal/);
    expect(stealMs()).toBeGreaterThanOrEqual(0);
  });
});
