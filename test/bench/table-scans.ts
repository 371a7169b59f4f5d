import { startBenchHost, type BenchHost } from './bench-host.js';
import type { Checked } from './harness.js';
import { watchOwnLoop, type OwnLoop } from './own-loop.js';
import { billBody } from './seed-store.js';
import { startEchoPeer, startServiceSocket, type ServiceSocket } from './service-socket.js';

interface WireAnswer {
  result?: { id: string; items: { id: string; quantity: string }[] }[];
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
  checked: Checked;
  expected: Checked;
}

/**
 * getTableContents over the WebSocket as the service sees it, in blocks that meet the same
 * machine conditions: change `block` bills through the POS API (PUT, each awaited: committed),
 * then scan each of those tables once (uncached: the first scan after the change), then once
 * more (cached), then as many echo round trips. Every answer is checked: one bill, all its lines,
 * and line i0 showing the quantity just written (a stale answer would show the old one).
 */
export async function measureScans(
  o: { host: BenchHost; service: ServiceSocket; echo: ServiceSocket; tables: number; items: number; scans: number; block: number },
): Promise<ScanSamples> {
  const s: ScanSamples = { uncached: [], cached: [], echo: [], own: { delayP99Ms: 0, gcMs: 0, gcs: 0 }, checked: {}, expected: {} };
  const own = watchOwnLoop();
  let changed = 0;
  let uncachedOk = 0;
  let cachedOk = 0;
  let echoOk = 0;
  const answerOk = (frame: unknown, table: number, quantity: string) => {
    const bills = (frame as WireAnswer).result;
    return bills?.length === 1 && bills[0]!.id === `b${table}` && bills[0]!.items.length === o.items && bills[0]!.items[0]!.quantity === quantity;
  };
  // A spread over the whole store, not one hot page; each table's version counts its changes.
  const tableAt = (i: number) => (i * 7919) % o.tables;
  const version = new Map<number, number>();
  for (let start = 0; start < o.scans; start += o.block) {
    const block = Array.from({ length: Math.min(o.block, o.scans - start) }, (_, k) => tableAt(start + k));
    for (const t of block) {
      const v = (version.get(t) ?? 1) + 1;
      version.set(t, v);
      await o.host.pos('PUT', `/v1/bills/b${t}`, billBody(t, o.items, String(v)));
      changed++;
    }
    for (const t of block) {
      const { ms, frame } = await o.service.call('getTableContents', [`t${t}`, null]);
      s.uncached.push(ms);
      if (answerOk(frame, t, String(version.get(t)))) uncachedOk++;
    }
    for (const t of block) {
      const { ms, frame } = await o.service.call('getTableContents', [`t${t}`, null]);
      s.cached.push(ms);
      if (answerOk(frame, t, String(version.get(t)))) cachedOk++;
    }
    for (let k = 0; k < block.length; k++) {
      const { ms, frame } = await o.echo.call('getTableContents', [`t${block[k]}`, null]);
      s.echo.push(ms);
      if ((frame as WireAnswer).result?.length === 1) echoOk++;
    }
  }
  s.own = own.stop();
  s.checked = { billsChanged: changed, uncachedScans: s.uncached.length, uncachedScansShowingTheChange: uncachedOk, cachedScans: s.cached.length, cachedScansOk: cachedOk, echoes: s.echo.length, echoesOk: echoOk };
  s.expected = { billsChanged: o.scans, uncachedScans: o.scans, uncachedScansShowingTheChange: o.scans, cachedScans: o.scans, cachedScansOk: o.scans, echoes: o.scans, echoesOk: o.scans };
  return s;
}

/** The host and the echo peer, each connected to its own service socket. */
export async function hostAndEcho(dataDir: string): Promise<{ host: BenchHost; service: ServiceSocket; echo: ServiceSocket; close: () => Promise<void> }> {
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
    async close() {
      const exited = new Promise((r) => peer.once('exit', r));
      await echo.close();
      await exited;
      await host.stop();
      await service.close();
    },
  };
}
