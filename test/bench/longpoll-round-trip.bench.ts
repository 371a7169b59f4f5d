/**
 * getTableContents round trip over long-poll beside the same over WebSocket, measured the same
 * way: two hosts (their own processes, 1,000 tables / 20,000 items each), one per transport, each
 * a restaurant of one sandbox; the guest scans are timed in this process from the scan to the
 * parsed bills, in alternating blocks, each the first scan of its table after the bill changed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { startBenchHost, type BenchHost } from './bench-host.js';
import { summarize, type Bench } from './harness.js';
import { billBody, seedStore } from './seed-store.js';

const TABLES = 1_000;
const ITEMS = 20;
const BLOCK = 25;

interface Side {
  host: BenchHost;
  restaurantId: string;
  samples: number[];
  ok: number;
  changed: number;
}

/** Changes `tables`' bills on this side's host, then scans each once through the sandbox. */
async function block(sandbox: Sandbox, side: Side, tables: number[], version: number): Promise<void> {
  for (const t of tables) {
    await side.host.pos('PUT', `/v1/bills/b${t}`, billBody(t, ITEMS, String(version)));
    side.changed++;
  }
  for (const t of tables) {
    const t0 = performance.now();
    const answer = (await sandbox.guestScan({ idTable: `t${t}`, restaurantId: side.restaurantId }).catch(() => null)) as { items: { quantity: string }[] }[] | null;
    side.samples.push(performance.now() - t0);
    if (answer?.length === 1 && answer[0]!.items.length === ITEMS && answer[0]!.items[0]!.quantity === String(version)) side.ok++;
  }
}

const bench: Bench = async ({ quick }) => {
  const scans = quick ? 100 : 2_000;
  const dirs = [mkdtempSync(join(tmpdir(), 'tableside-ws-')), mkdtempSync(join(tmpdir(), 'tableside-lp-'))];
  for (const dir of dirs) seedStore(dir, TABLES, ITEMS);
  const sandbox = await startSandbox();
  const lpRestaurant = sandbox.createRestaurant('Long-poll Bistro');
  const hosts: BenchHost[] = [];
  try {
    hosts.push(await startBenchHost({ dataDir: dirs[0]!, serviceUrl: sandbox.url, apiKey: sandbox.restaurant.apiKey, transport: 'ws' }));
    hosts.push(await startBenchHost({ dataDir: dirs[1]!, serviceUrl: sandbox.url, apiKey: lpRestaurant.apiKey, transport: 'longpoll' }));
    const side = (host: BenchHost, restaurantId: string): Side => ({ host, restaurantId, samples: [], ok: 0, changed: 0 });
    // Alternating blocks from scan `from` on, each side's first scans after the change of the same tables.
    const run = async (wsSide: Side, lpSide: Side, from: number, count: number) => {
      for (let start = from, round = 0; start < from + count; start += BLOCK, round++) {
        const tables = Array.from({ length: Math.min(BLOCK, from + count - start) }, (_, k) => ((start + k) * 7919) % TABLES);
        const version = 2 + Math.floor(start / TABLES);
        // Alternate which goes first, so neither always meets the machine right after the other.
        const order = round % 2 === 0 ? [wsSide, lpSide] : [lpSide, wsSide];
        for (const s of order) await block(sandbox, s, tables, version);
      }
    };
    // A warm-up of the same work first, not counted: the first pass through every process here
    // (the sandbox, the hosts, this one timing them) is its compiler's and caches'.
    const warmUp = quick ? 50 : TABLES;
    const warmWs = side(hosts[0]!, sandbox.restaurant.id);
    const warmLp = side(hosts[1]!, lpRestaurant.id);
    await run(warmWs, warmLp, 0, warmUp);
    const ws = side(hosts[0]!, sandbox.restaurant.id);
    const lp = side(hosts[1]!, lpRestaurant.id);
    await run(ws, lp, warmUp, scans);
    const w = summarize(ws.samples);
    const l = summarize(lp.samples);
    const checked = { warmUpScansShowingTheChange: warmWs.ok + warmLp.ok, wsScans: ws.samples.length, wsScansShowingTheChange: ws.ok, longPollScans: lp.samples.length, longPollScansShowingTheChange: lp.ok, billsChanged: ws.changed + lp.changed };
    const expected = { warmUpScansShowingTheChange: 2 * warmUp, wsScans: scans, wsScansShowingTheChange: scans, longPollScans: scans, longPollScansShowingTheChange: scans, billsChanged: 2 * scans };
    const bench = 'getTableContents over long-poll (1,000 tables, 20,000 items)';
    const wp99 = (x: Side) => summarize(x.samples).p99.toFixed(2);
    const what = `guest scan through the sandbox → parsed bills, first scan after the bill changed; the WebSocket host measured the same way, in alternating blocks, after a warm-up of ${warmUp} scans each like these, not counted (there: p99 ${wp99(warmLp)} ms long-poll, ${wp99(warmWs)} ms WebSocket)`;
    return [
      { bench, metric: 'p50', what, value: l.p50, unit: 'ms', baseline: { metric: 'over WebSocket p50', value: w.p50, unit: 'ms' }, target: 'p50 <= 1.5x WebSocket p50', met: l.p50 <= 1.5 * w.p50, checked, expected },
      { bench, metric: 'p99', what, value: l.p99, unit: 'ms', baseline: { metric: 'over WebSocket p99', value: w.p99, unit: 'ms' }, target: 'p99 <= 1.5x WebSocket p99', met: l.p99 <= 1.5 * w.p99, checked, expected },
    ];
  } finally {
    for (const h of hosts) await h.stop();
    await sandbox.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
};

export default bench;
