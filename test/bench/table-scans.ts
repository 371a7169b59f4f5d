import { startBenchHost, type BenchHost } from './bench-host.js';
import { summarize, type Checked } from './harness.js';
import { watchOwnLoop, type OwnLoop } from './own-loop.js';
import { cpuMs } from './proc-stats.js';
import { billBody } from './seed-store.js';
import { startEchoPeer, startServiceSocket, type ServiceSocket } from './service-socket.js';

interface WireAnswer {
  result?: { id: string; items: { id: string; quantity: string }[] }[];
}

/** One bill, `b<table>`, with all its `items` lines, line i0 showing `quantity` (a stale answer would show the old one). */
function showsChange(frame: unknown, table: number, items: number, quantity: string): boolean {
  const bills = (frame as WireAnswer).result;
  return bills?.length === 1 && bills[0]!.id === `b${table}` && bills[0]!.items.length === items && bills[0]!.items[0]!.quantity === quantity;
}

export interface ScanSamples {
  /** First scan of a table after its bill changed (the per-table answer was dropped). */
  uncached: number[];
  /** The same table again, nothing changed in between: answered from the per-table JSON cache. */
  cached: number[];
  /** The echo peer: the same request bytes out, the same answer bytes back, no work. */
  echo: number[];
  /** This process's own loop and GC while it timed the scans and echoes. */
  own: OwnLoop;
  /** The warm-up pass before them (the same work, not counted): how many scans, and its own p99s. */
  warmUp: { scans: number; uncachedP99: number; echoP99: number };
  checked: Checked;
  expected: Checked;
}

/** "after a warm-up of 1000 scans like these, not counted (there: uncached p99 1.18 ms, echo p99 0.60 ms)". */
export function warmUpText(w: ScanSamples['warmUp']): string {
  return `after a warm-up of ${w.scans} scans like these, not counted (there: uncached p99 ${w.uncachedP99.toFixed(2)} ms, echo p99 ${w.echoP99.toFixed(2)} ms)`;
}

/**
 * getTableContents over the WebSocket as the service sees it, in blocks that meet the same
 * machine conditions: change `block` bills through the POS API (PUT, each awaited: committed),
 * then scan each of those tables once (uncached: the first scan after the change), then once
 * more (cached), then as many echo round trips. Every answer is checked: one bill, all its lines,
 * and line i0 showing the quantity just written (a stale answer would show the old one).
 *
 * First `warmUp` scans of the same work, not counted: the first pass through a process is its
 * compiler's and caches' (this one's, which times every round trip, the echo peer's and the
 * host's), and the echo, which does no work, shows it: its p99 falls by half after such a pass.
 * Every counted scan is still the first after its bill changed. The warm-up's own p99s are kept
 * for the figure's text.
 */
export async function measureScans(
  o: { host: BenchHost; service: ServiceSocket; echo: ServiceSocket; tables: number; items: number; scans: number; block: number; warmUp: number },
): Promise<ScanSamples> {
  // A spread over the whole store, not one hot page; each table's version counts its changes.
  const tableAt = (i: number) => (i * 7919) % o.tables;
  const version = new Map<number, number>();
  const pass = async (from: number, scans: number, into: { uncached: number[]; cached: number[]; echo: number[] }) => {
    const ok = { changed: 0, uncached: 0, cached: 0, echo: 0 };
    for (let start = from; start < from + scans; start += o.block) {
      const block = Array.from({ length: Math.min(o.block, from + scans - start) }, (_, k) => tableAt(start + k));
      for (const t of block) {
        const v = (version.get(t) ?? 1) + 1;
        version.set(t, v);
        await o.host.pos('PUT', `/v1/bills/b${t}`, billBody(t, o.items, String(v)));
        ok.changed++;
      }
      for (const t of block) {
        const { ms, frame } = await o.service.call('getTableContents', [`t${t}`, null]);
        into.uncached.push(ms);
        if (showsChange(frame, t, o.items, String(version.get(t)))) ok.uncached++;
      }
      for (const t of block) {
        const { ms, frame } = await o.service.call('getTableContents', [`t${t}`, null]);
        into.cached.push(ms);
        if (showsChange(frame, t, o.items, String(version.get(t)))) ok.cached++;
      }
      for (let k = 0; k < block.length; k++) {
        const { ms, frame } = await o.echo.call('getTableContents', [`t${block[k]}`, null]);
        into.echo.push(ms);
        if ((frame as WireAnswer).result?.length === 1) ok.echo++;
      }
    }
    return ok;
  };
  const warm = { uncached: [] as number[], cached: [] as number[], echo: [] as number[] };
  const warmOk = await pass(0, o.warmUp, warm);
  const warmUp = { scans: o.warmUp, uncachedP99: summarize(warm.uncached).p99, echoP99: summarize(warm.echo).p99 };
  const s: ScanSamples = { uncached: [], cached: [], echo: [], own: { delayP99Ms: 0, gcMs: 0, gcs: 0, stealMs: 0 }, warmUp, checked: {}, expected: {} };
  const own = watchOwnLoop();
  const ok = await pass(o.warmUp, o.scans, s);
  s.own = own.stop();
  s.checked = { warmUpScansShowingTheChange: warmOk.uncached, billsChanged: ok.changed, uncachedScans: s.uncached.length, uncachedScansShowingTheChange: ok.uncached, cachedScans: s.cached.length, cachedScansOk: ok.cached, echoes: s.echo.length, echoesOk: ok.echo };
  s.expected = { warmUpScansShowingTheChange: o.warmUp, billsChanged: o.scans, uncachedScans: o.scans, uncachedScansShowingTheChange: o.scans, cachedScans: o.scans, cachedScansOk: o.scans, echoes: o.scans, echoesOk: o.scans };
  return s;
}

/** The host and the echo peer, each connected to its own service socket. */
export async function hostAndEcho(
  dataDir: string,
): Promise<{ host: BenchHost; service: ServiceSocket; echo: ServiceSocket; echoPid: number; answerText: string; close: () => Promise<void> }> {
  const service = await startServiceSocket();
  const host = await startBenchHost({ dataDir, serviceUrl: service.url, apiKey: 'bnch-bnch-bnch-bnch-bnch', transport: 'ws' });
  await service.ready;
  const sample = await service.call('getTableContents', ['t0', null]);
  const echo = await startServiceSocket();
  const peer = startEchoPeer(echo.url, sample.text);
  await echo.ready;
  return {
    host,
    service,
    echo,
    echoPid: peer.pid!,
    answerText: sample.text,
    async close() {
      const exited = new Promise((r) => peer.once('exit', r));
      await echo.close();
      await exited;
      await host.stop();
      await service.close();
    },
  };
}

export interface WorkEcho {
  /** The host's CPU per uncached scan (user + system, /proc), and the bare echo's per call, in µs. */
  hostUs: number;
  echoUs: number;
  /** Uncached scans of the host and calls of the echo that spins (hostUs - echoUs) first, in alternating blocks. */
  uncached: number[];
  working: number[];
  checked: Checked;
  expected: Checked;
}

/**
 * What this machine makes of a process that works as long per call as the host does: every table
 * changed (PUT) and then scanned once, the host's CPU over the scans read from /proc; the bare echo
 * the same number of times, its CPU likewise. Then a second echo peer that spins the difference
 * before answering (the same bytes, and the host's CPU per call), timed in blocks alternating with
 * uncached scans of the host. Every answer is checked as in measureScans.
 */
export async function measureWorkEcho(
  o: { host: BenchHost; service: ServiceSocket; echo: ServiceSocket; echoPid: number; answerText: string; tables: number; items: number; scans: number; block: number },
): Promise<WorkEcho> {
  let version = 1_000;
  let ok = 0;
  let cpuScans = 0;
  let hostMs = 0;
  let echoMs = 0;
  const change = async (tables: number[]) => {
    const v = String(++version);
    for (const t of tables) await o.host.pos('PUT', `/v1/bills/b${t}`, billBody(t, o.items, v));
    return v;
  };
  // The CPU per call, over runs long enough for /proc's 10 ms ticks.
  for (let round = 0; round * o.tables < o.scans; round++) {
    const tables = Array.from({ length: Math.min(o.tables, o.scans - round * o.tables) }, (_, i) => i);
    const v = await change(tables);
    const h0 = cpuMs(o.host.pid);
    for (const t of tables) if (showsChange((await o.service.call('getTableContents', [`t${t}`, null])).frame, t, o.items, v)) ok++;
    hostMs += cpuMs(o.host.pid) - h0;
    const e0 = cpuMs(o.echoPid);
    for (const t of tables) await o.echo.call('getTableContents', [`t${t}`, null]);
    echoMs += cpuMs(o.echoPid) - e0;
    cpuScans += tables.length;
  }
  const hostUs = (1000 * hostMs) / cpuScans;
  const echoUs = (1000 * echoMs) / cpuScans;
  const working = await startServiceSocket();
  const peer = startEchoPeer(working.url, o.answerText, Math.max(0, hostUs - echoUs));
  const w: WorkEcho = { hostUs, echoUs, uncached: [], working: [], checked: {}, expected: {} };
  let uncachedOk = 0;
  let workingOk = 0;
  try {
    await working.ready;
    for (let start = 0; start < o.scans; start += o.block) {
      const tables = Array.from({ length: Math.min(o.block, o.scans - start) }, (_, k) => ((start + k) * 7919) % o.tables);
      const v = await change(tables);
      for (const t of tables) {
        const { ms, frame } = await o.service.call('getTableContents', [`t${t}`, null]);
        w.uncached.push(ms);
        if (showsChange(frame, t, o.items, v)) uncachedOk++;
      }
      for (const t of tables) {
        const { ms, frame } = await working.call('getTableContents', [`t${t}`, null]);
        w.working.push(ms);
        if ((frame as WireAnswer).result?.length === 1) workingOk++;
      }
    }
  } finally {
    const exited = new Promise((r) => peer.once('exit', r));
    await working.close();
    await exited;
  }
  w.checked = { cpuScans, cpuScansShowingTheChange: ok, hostCpuMeasured: hostMs > 0, uncachedScans: w.uncached.length, uncachedScansShowingTheChange: uncachedOk, workingEchoes: w.working.length, workingEchoesOk: workingOk };
  w.expected = { cpuScans: o.scans, cpuScansShowingTheChange: o.scans, hostCpuMeasured: true, uncachedScans: o.scans, uncachedScansShowingTheChange: o.scans, workingEchoes: o.scans, workingEchoesOk: o.scans };
  return w;
}
