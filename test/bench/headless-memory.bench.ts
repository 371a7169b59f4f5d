/**
 * Resident memory of the headless host (a real child process) with 10,000 open bills, after 500
 * scans that all came back with the table's bill and a paged read of every open bill through the
 * POS API, beside the same host with an empty store doing the same, measured in the same run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../sandbox/index.js';
import { startBenchHost } from './bench-host.js';
import type { Bench, Checked } from './harness.js';
import { rssMb } from './proc-stats.js';
import { seedStore } from './seed-store.js';

const BILLS = 10_000;

async function measure(bills: number, scans: number): Promise<{ rss: number; checked: Checked }> {
  const dir = mkdtempSync(join(tmpdir(), 'tableside-mem-'));
  if (bills > 0) seedStore(dir, bills, 8);
  const sandbox = await startSandbox();
  const host = await startBenchHost({ dataDir: dir, serviceUrl: sandbox.url, apiKey: sandbox.restaurant.apiKey, transport: 'ws' });
  try {
    // Work the host the way a service does: scans of many tables, each answered with its bill.
    let scansOk = 0;
    if (bills > 0) {
      for (let i = 0; i < scans; i++) {
        const t = (i * 37) % bills;
        const answer = (await sandbox.guestScan({ idTable: `t${t}` })) as { id?: string }[];
        if (Array.isArray(answer) && answer.length === 1 && answer[0]!.id === `b${t}`) scansOk++;
      }
    }
    // ...and the till reading every open bill, page by page (the Link header points at the next).
    let billsRead = 0;
    let pages = 0;
    for (let path: string | null = '/v1/bills?state=OPEN'; path; pages++) {
      const res = await host.pos('GET', path);
      billsRead += (res.body as unknown[]).length;
      path = /^<(\/v1\/bills\?[^>]+)>; rel="next"$/.exec(res.link ?? '')?.[1] ?? null;
    }
    return { rss: rssMb(host.pid), checked: { scans: bills > 0 ? scans : 0, scansOk, billsRead, pages } };
  } finally {
    await host.stop();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const bench: Bench = async ({ quick }) => {
  const scans = quick ? 100 : 500;
  const empty = await measure(0, scans);
  const full = await measure(BILLS, scans);
  return [
    {
      bench: 'headless host resident memory (10,000 open bills)',
      metric: 'RSS',
      what: `after ${scans} scans answered with the table's bill and a paged read of all ${BILLS.toLocaleString('en')} open bills (POS API)`,
      value: full.rss,
      unit: 'MB',
      baseline: { metric: 'same host, empty store, same reads', value: empty.rss, unit: 'MB' },
      target: '< 150 MB',
      met: full.rss < 150,
      checked: { ...full.checked, emptyStoreBillsRead: empty.checked.billsRead! },
      expected: { scans, scansOk: scans, billsRead: BILLS, emptyStoreBillsRead: 0 },
    },
  ];
};

export default bench;
