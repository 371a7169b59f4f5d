/**
 * The headless host connected and left alone: CPU time and wake-ups (context switches of all its
 * threads) over a window with no traffic, over WebSocket and over long-poll, beside a bare Node
 * process idling in the same window. The sandbox (this process) counts what crossed the link, so
 * "no traffic" is checked, not assumed; a scan after the window shows the link still answers.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../sandbox/index.js';
import { startBenchHost } from './bench-host.js';
import type { Bench, BenchFigure } from './harness.js';
import { cpuMs, wakeUps } from './proc-stats.js';
import { seedStore } from './seed-store.js';

/** Startup work (JIT, the first checkpoint) is not idleness: the window opens after this. */
const SETTLE_MS = 2_000;

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

async function idleRun(transport: 'ws' | 'longpoll', windowMs: number): Promise<BenchFigure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tableside-idle-'));
  seedStore(dir, 10, 8);
  const sandbox = await startSandbox();
  const host = await startBenchHost({ dataDir: dir, serviceUrl: sandbox.url, apiKey: sandbox.restaurant.apiKey, transport });
  const bare = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], { stdio: 'ignore' });
  try {
    await sandbox.guestScan({ idTable: 't0' });
    await delay(SETTLE_MS);
    const counters = () => (sandbox.state() as { counters: Counters }).counters;
    const c0 = counters();
    const h0 = usage(host.pid);
    const b0 = usage(bare.pid!);
    await delay(windowMs);
    const h1 = usage(host.pid);
    const b1 = usage(bare.pid!);
    const c1 = counters();
    const answer = await sandbox.guestScan({ idTable: 't1' }).catch(() => null);
    const s = windowMs / 1000;
    const cpuPercent = (100 * (h1.cpu - h0.cpu)) / windowMs;
    const barePercent = (100 * (b1.cpu - b0.cpu)) / windowMs;
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
    const what = `${s} s with no calls (the sandbox's counters say so), after ${SETTLE_MS / 1000} s to settle`;
    return [
      { bench, metric: 'CPU', what, value: cpuPercent, unit: '% of one core', baseline: { metric: 'bare node idling', value: barePercent, unit: '%' }, target: '< 0.5% of one core', met: cpuPercent < 0.5, checked, expected },
      { bench, metric: 'wake-ups', what: `context switches of all the host's threads over the ${s} s`, value: (h1.wakes - h0.wakes) / s, unit: '/s', baseline: { metric: 'bare node idling', value: (b1.wakes - b0.wakes) / s, unit: '/s' }, target: null, met: null, checked, expected },
    ];
  } finally {
    bare.kill();
    await host.stop();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const bench: Bench = async ({ quick }) => {
  const windowMs = quick ? 5_000 : 60_000;
  return [...(await idleRun('ws', windowMs)), ...(await idleRun('longpoll', windowMs))];
};

export default bench;
