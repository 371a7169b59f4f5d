/**
 * The headless host connected and left alone: CPU time and wake-ups (context switches of all its
 * threads) over a window with no traffic, over WebSocket and over long-poll, beside the floor: a
 * bare POS in its own process keeping the same link to the same sandbox (its heartbeat pings, or
 * its held polls: `startKeepalivePeer`), and a bare Node process idling. The sandbox (this
 * process) counts what crossed the host's link, so "no traffic" is checked, not assumed; a scan
 * after the window shows the link still answers.
 */
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../sandbox/index.js';
import { WS_PING_INTERVAL_MS } from '../../main/base/wire/index.js';
import { openStore } from '../../main/store/index.js';
import { startBenchHost } from './bench-host.js';
import type { Bench, BenchFigure } from './harness.js';
import { cpuMs, wakeUps } from './proc-stats.js';
import { echoAuthorized, startKeepalivePeer } from './service-socket.js';
import { seedStore, storeFile } from './seed-store.js';

/**
 * Start-up is not idleness: the JIT, the first checkpoint, and V8's memory reducer, which
 * collects the start-up's garbage in up to three full GCs some 8 s apart within the first
 * 40 s. The window opens after this (the settle's own CPU is in the figure's text).
 */
const SETTLE_MS = 40_000;
const QUICK_SETTLE_MS = 2_000;

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Counters {
  callsSent: number;
  callsFailed: number;
  polls: number;
  wsConnections: number;
}

function usage(pid: number) {
  const w = wakeUps(pid);
  return { cpu: cpuMs(pid), wakes: w.voluntary + w.involuntary };
}

/** A store as a till's is after its first day: with a backup, so the daily one is not due in the window. */
async function seedWithBackup(dir: string): Promise<void> {
  seedStore(dir, 10, 8);
  const store = openStore({ file: storeFile(dir) });
  try {
    await store.engine.backup('seed');
  } finally {
    store.engine.close();
  }
}

async function idleRun(transport: 'ws' | 'longpoll', windowMs: number, settleMs: number): Promise<BenchFigure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tableside-idle-'));
  await seedWithBackup(dir);
  const sandbox = await startSandbox();
  const other = sandbox.createRestaurant('Keepalive Bistro');
  const floor = startKeepalivePeer(sandbox.url, transport, { apiKey: other.apiKey, posId: randomUUID() }, WS_PING_INTERVAL_MS);
  const bare = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], { stdio: 'ignore' });
  let host: Awaited<ReturnType<typeof startBenchHost>> | null = null;
  try {
    await echoAuthorized(floor);
    host = await startBenchHost({ dataDir: dir, serviceUrl: sandbox.url, apiKey: sandbox.restaurant.apiKey, transport });
    await sandbox.guestScan({ idTable: 't0' });
    const s0 = usage(host.pid);
    await delay(settleMs);
    const counters = () => (sandbox.state() as { counters: Counters }).counters;
    const c0 = counters();
    const h0 = usage(host.pid);
    const f0 = usage(floor.pid!);
    const b0 = usage(bare.pid!);
    await delay(windowMs);
    const h1 = usage(host.pid);
    const f1 = usage(floor.pid!);
    const b1 = usage(bare.pid!);
    const c1 = counters();
    const answer = await sandbox.guestScan({ idTable: 't1' }).catch(() => null);
    const s = windowMs / 1000;
    const cpuPercent = (100 * (h1.cpu - h0.cpu)) / windowMs;
    const floorPercent = (100 * (f1.cpu - f0.cpu)) / windowMs;
    const barePercent = (100 * (b1.cpu - b0.cpu)) / windowMs;
    const settlePercent = (100 * (h0.cpu - s0.cpu)) / settleMs;
    const checked = {
      idleSeconds: s,
      callsDuringIdle: c1.callsSent - c0.callsSent,
      failedCalls: c1.callsFailed - c0.callsFailed,
      reconnectsDuringIdle: c1.wsConnections - c0.wsConnections,
      pollsDuringIdle: c1.polls - c0.polls,
      answeredAfter: Array.isArray(answer) && answer.length === 1,
    };
    const expected = { callsDuringIdle: 0, failedCalls: 0, reconnectsDuringIdle: 0, answeredAfter: true };
    const bench = `idle host, connected over ${transport === 'ws' ? 'WebSocket' : 'long-poll'}`;
    const link = transport === 'ws' ? `signed in, pinging every ${WS_PING_INTERVAL_MS / 1000} s as the host does` : 'holding a poll, the next as soon as the service answers, as the host does';
    const floorText = `the floor: a bare POS in its own process keeping the same link to the same sandbox (${link})`;
    const what = `${s} s with no calls (the sandbox's counters say so), after ${settleMs / 1000} s to settle (start-up: the JIT, the first checkpoint, V8's memory reducer; the host's CPU then ${settlePercent.toFixed(2)} %); the store has its daily backup, as a till's has after its first day; ${floorText}; a bare Node process idling: ${barePercent.toFixed(2)} %`;
    const wakes = (b: { wakes: number }, a: { wakes: number }) => (b.wakes - a.wakes) / s;
    return [
      { bench, metric: 'CPU', what, value: cpuPercent, unit: '% of one core', baseline: { metric: 'bare POS keeping the same link', value: floorPercent, unit: '%' }, target: '< 0.5% of one core', met: cpuPercent < 0.5, checked, expected },
      {
        bench,
        metric: 'wake-ups',
        what: `context switches of all the host's threads over the ${s} s, beside ${floorText}; a bare Node process idling: ${wakes(b1, b0).toFixed(2)} /s`,
        value: wakes(h1, h0),
        unit: '/s',
        baseline: { metric: 'bare POS keeping the same link', value: wakes(f1, f0), unit: '/s' },
        target: null,
        met: null,
        checked,
        expected,
      },
    ];
  } finally {
    bare.kill();
    floor.kill();
    await host?.stop();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const bench: Bench = async ({ quick }) => {
  const windowMs = quick ? 5_000 : 60_000;
  const settleMs = quick ? QUICK_SETTLE_MS : SETTLE_MS;
  return [...(await idleRun('ws', windowMs, settleMs)), ...(await idleRun('longpoll', windowMs, settleMs))];
};

export default bench;
