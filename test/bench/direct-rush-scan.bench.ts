/**
 * getTableContents during a 32-guest payment rush with no sandbox in between: this process is the
 * service's end of the host's one WebSocket (service-socket.ts) and makes each guest's five calls
 * itself (getTableContents, getBill, paymentStart, paymentProcessed, paymentClosed, as the
 * sandbox's guest flow does), with no validation, payment records or HTTP of its own. The same
 * scans as guest-payments' rush figure (tables just paid and untouched ones, alternating) are timed
 * on that socket, each followed by the same call to a bare ws echo POS on a socket of its own.
 *
 * Information beside the target's figure (guest-payments, through the sandbox): it shows whether
 * the echo's tail there is the sandbox's, or this 2-CPU machine's while a rush keeps both busy.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { summarize, type Bench } from './harness.js';
import { ownLoopText, watchOwnLoop } from './own-loop.js';
import { paidInStore, payByCalls, scansDuringRush, type RushScans, type WireAnswer } from './payment-rush.js';
import { cpuMs } from './proc-stats.js';
import type { ServiceSocket } from './service-socket.js';
import { seedStore, storeFile } from './seed-store.js';
import { hostAndEcho } from './table-scans.js';

const ITEMS = 20;
const GUESTS = 32;
const UNCHANGED_POOL = 200;

interface WireBill {
  items: { id: string }[];
}
interface WireFrame {
  result?: unknown;
}

/** One guest pays line i0 (one piece) of the table's bill: the sandbox's five calls over the service socket. */
const pay = (service: ServiceSocket, table: string): Promise<boolean> => payByCalls(async (method, args) => (await service.call(method, args)).frame as WireAnswer, table);

interface Run extends RushScans {
  hostCpuMs: number;
  ownCpuMs: number;
  ms: number;
}

/** The guests pay `tables` as fast as they can over the service socket; meanwhile scans and echoes in turns (scansDuringRush). */
async function scansWhilePaying(o: { service: ServiceSocket; echo: ServiceSocket; hostPid: number }, pool: string[], tables: string[]): Promise<Run> {
  const cpu0 = cpuMs(o.hostPid);
  const own0 = process.cpuUsage();
  const t0 = performance.now();
  const bills = (frame: unknown) => (frame as WireFrame).result as WireBill[] | undefined;
  const run = await scansDuringRush({
    tables,
    pool,
    guests: GUESTS,
    itemsPerBill: ITEMS,
    pay: (table) => pay(o.service, table),
    scan: async (table) => {
      const { ms, frame } = await o.service.call('getTableContents', [table, null]);
      const answer = bills(frame);
      return { ms, items: answer?.length === 1 ? answer[0]!.items : null };
    },
    echo: async (table) => {
      const { ms, frame } = await o.echo.call('getTableContents', [table, null]);
      return { ms, ok: bills(frame)?.[0]?.items.length === ITEMS };
    },
  });
  const own = process.cpuUsage(own0);
  return { ...run, hostCpuMs: cpuMs(o.hostPid) - cpu0, ownCpuMs: (own.user + own.system) / 1000, ms: performance.now() - t0 };
}

const bench: Bench = async ({ quick }) => {
  // About as many payments as guest-payments' host has made before its rush scans (5,040: 240 one
  // at a time, then ten rushes of 480): the host's payment path is as warm in both.
  const warmUp = quick ? 96 : 5_000;
  const payments = quick ? 96 : 2_880;
  const dir = mkdtempSync(join(tmpdir(), 'tableside-direct-'));
  seedStore(dir, UNCHANGED_POOL + warmUp + payments, ITEMS);
  const rig = await hostAndEcho(dir);
  try {
    const o = { service: rig.service, echo: rig.echo, hostPid: rig.host.pid };
    const pool = Array.from({ length: UNCHANGED_POOL }, (_, i) => `t${i}`);
    const tables = (from: number, n: number) => Array.from({ length: n }, (_, i) => `t${from + i}`);
    // Rushes of the same work first, not counted: the first pass through each process is its compiler's.
    const warm = await scansWhilePaying(o, pool, tables(UNCHANGED_POOL, warmUp));
    const rushTables = tables(UNCHANGED_POOL + warmUp, payments);
    const own = watchOwnLoop();
    const run = await scansWhilePaying(o, pool, rushTables);
    const loop = own.stop();
    const s = summarize(run.samples);
    const e = summarize(run.echoes);
    const rate = payments / (run.ms / 1000);
    return [
      {
        bench: 'getTableContents during a 32-guest payment rush, no sandbox: this process drives the service end',
        metric: `p99 (p50 ${s.p50.toFixed(2)} ms)`,
        what: `${s.n} scans over the host's WebSocket while 32 guests' calls (scan, bill, start, processed, closed) go out on it as fast as they are answered, ${rate.toFixed(0)} payments/s (the host ${(run.hostCpuMs / payments).toFixed(2)} ms of CPU per payment, this process ${(run.ownCpuMs / payments).toFixed(2)} ms): tables just paid and untouched ones, alternating, each followed by the same call to a bare ws echo POS (p50 ${e.p50.toFixed(2)} ms), after a rush of ${warmUp} payments like it, not counted; ${ownLoopText(loop)}`,
        value: s.p99,
        unit: 'ms',
        baseline: { metric: 'bare ws echo POS, same process, in turns, p99', value: e.p99, unit: 'ms' },
        target: null,
        met: null,
        checked: { warmUpPaid: warm.paid, scans: s.n, scansOk: run.ok, mixed: run.changed > 0 && s.n - run.changed > 0, echoScans: e.n, echoScansOk: run.echoOk, payments, answeredWithoutError: run.paid, paymentsPaidInStore: paidInStore(storeFile(dir), rushTables) },
        expected: { warmUpPaid: warmUp, scansOk: s.n, mixed: true, echoScans: s.n, echoScansOk: s.n, payments, answeredWithoutError: payments, paymentsPaidInStore: payments },
      },
    ];
  } finally {
    await rig.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

export default bench;
