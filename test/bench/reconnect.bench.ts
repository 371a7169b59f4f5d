/**
 * Reconnect after the service closes the WebSocket with 1001 ("going away"): from the close until
 * a guest scan is answered again, with the host as deployed (its own process) and the sandbox,
 * in turns with the floor: a bare `ws` POS of another restaurant of the same sandbox, in its own
 * process, that connects and signs in again at once after a close and answers the scan with the
 * host's own answer (`startReconnectingEchoPeer`), timed the same way.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { linkAnswers, startBenchHost } from './bench-host.js';
import { summarize, type Bench } from './harness.js';
import { seedStore } from './seed-store.js';
import { echoAuthorized, startReconnectingEchoPeer } from './service-socket.js';

/** A reconnect that takes longer than this is not measured further: the figure fails. */
const GIVE_UP_MS = 10_000;

/** Closes `restaurantId`'s socket with 1001; ms until a scan is answered with the table's bill again, or null. */
async function reconnect(sandbox: Sandbox, restaurantId: string): Promise<number | null> {
  const start = performance.now();
  sandbox.injectFault({ kind: 'close-1001', restaurantId });
  const answered = await linkAnswers(() => sandbox.guestScan({ idTable: 't1', restaurantId }), GIVE_UP_MS);
  return answered ? performance.now() - start : null;
}

const bench: Bench = async ({ quick }) => {
  const reconnects = quick ? 5 : 40;
  const dir = mkdtempSync(join(tmpdir(), 'tableside-bench-'));
  seedStore(dir, 4, 20);
  const sandbox = await startSandbox();
  const other = sandbox.createRestaurant('Reconnecting Bistro');
  const host = await startBenchHost({ dataDir: dir, serviceUrl: sandbox.url, apiKey: sandbox.restaurant.apiKey, transport: 'ws' });
  const bills = await sandbox.guestScan({ idTable: 't1' });
  const floor = startReconnectingEchoPeer(sandbox.url, { getTableContents: bills }, { apiKey: other.apiKey, posId: randomUUID() });
  try {
    await echoAuthorized(floor);
    // One of each first, not counted: the first reconnect through each process's code.
    await reconnect(sandbox, sandbox.restaurant.id);
    await reconnect(sandbox, other.id);
    const samples: number[] = [];
    const floorSamples: number[] = [];
    for (let i = 0; i < reconnects; i++) {
      // Alternate which goes first, so neither always meets the machine right after the other.
      const order = i % 2 === 0 ? [sandbox.restaurant.id, other.id] : [other.id, sandbox.restaurant.id];
      for (const id of order) {
        const ms = await reconnect(sandbox, id);
        if (ms !== null) (id === other.id ? floorSamples : samples).push(ms);
      }
    }
    const s = summarize(samples);
    const f = summarize(floorSamples);
    const max = Math.max(...samples);
    const checked = { reconnects, answeredAfter: samples.length, floorAnsweredAfter: floorSamples.length };
    const expected = { reconnects, answeredAfter: reconnects, floorAnsweredAfter: reconnects };
    const bench = 'reconnect after close 1001';
    const what = `from the close until a guest scan is answered with the bill again, ${reconnects} times in turns with the floor: a bare ws POS of another restaurant of the same sandbox (its own process) that connects and signs in again at once and answers with the host's bytes (floor max ${Math.max(...floorSamples).toFixed(1)} ms); the host's max ${max.toFixed(1)} ms`;
    return [
      { bench, metric: 'p50', what, value: s.p50, unit: 'ms', baseline: { metric: 'bare ws POS reconnecting, p50', value: f.p50, unit: 'ms' }, target: 'p50 <= 2x the bare POS p50', met: s.p50 <= 2 * f.p50, checked, expected },
    ];
  } finally {
    floor.kill();
    await host.stop();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

export default bench;
