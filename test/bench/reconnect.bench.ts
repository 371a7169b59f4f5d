/**
 * Reconnect after the service closes the WebSocket with 1001 ("going away"): from the close until
 * a guest scan is answered again, with the host as deployed (its own process) and the sandbox.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { linkAnswers, startBenchHost } from './bench-host.js';
import { summarize, type Bench } from './harness.js';
import { seedStore } from './seed-store.js';

const RECONNECTS = 10;
/** A reconnect that takes longer than this is not measured further: the figure fails. */
const GIVE_UP_MS = 10_000;

/** Scans until one is answered with the table's bill; false if none was within GIVE_UP_MS. */
const answeredAgain = (sandbox: Sandbox) => linkAnswers(() => sandbox.guestScan({ idTable: 't1' }), GIVE_UP_MS);

const bench: Bench = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tableside-bench-'));
  seedStore(dir, 4, 20);
  const sandbox = await startSandbox();
  const host = await startBenchHost({ dataDir: dir, serviceUrl: sandbox.url, apiKey: sandbox.restaurant.apiKey, transport: 'ws' });
  try {
    const samples: number[] = [];
    let answered = 0;
    for (let i = 0; i < RECONNECTS; i++) {
      const start = performance.now();
      sandbox.injectFault({ kind: 'close-1001' });
      if (await answeredAgain(sandbox)) answered++;
      samples.push(performance.now() - start);
    }
    const s = summarize(samples);
    const max = Math.max(...samples);
    return [
      {
        bench: 'reconnect after close 1001',
        metric: `max of ${RECONNECTS}`,
        what: 'from the close until a guest scan is answered with the bill again',
        value: max,
        unit: 'ms',
        baseline: { metric: 'p50', value: s.p50, unit: 'ms' },
        // Information: an absolute time on this machine (it missed 300 ms on a busy box with the code unchanged); no floor of the same work yet.
        target: null,
        met: null,
        checked: { reconnects: RECONNECTS, answeredAfter: answered },
        expected: { reconnects: RECONNECTS, answeredAfter: RECONNECTS },
      },
    ];
  } finally {
    await host.stop();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

export default bench;
