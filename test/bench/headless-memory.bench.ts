/**
 * Resident memory of the headless host (a real child process) with 10,000 open bills, beside the
 * same host with an empty store, measured in the same run.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../sandbox/index.js';
import { startHeadless } from '../integration/helpers/headless-process.js';
import type { BenchFigure } from './harness.js';
import { seedStore } from './seed-store.js';

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

async function measure(bills: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'tableside-mem-'));
  if (bills > 0) seedStore(dir, bills, 8);
  const sandbox = await startSandbox();
  const host = await startHeadless([
    '--data-dir', dir, '--service-url', sandbox.url, '--api-key', sandbox.restaurant.apiKey,
    '--pos-id', randomUUID(), '--transport', 'ws', '--pos-api-port', '0', '--no-ui',
  ], { built: true });
  try {
    // Work the host the way a service does: scans of many tables, and the till's views.
    for (let i = 0; i < 500; i++) await sandbox.guestScan({ idTable: `t${(i * 37) % Math.max(1, bills)}` }).catch(() => undefined);
    // ...and the till reading every open bill, page by page (the Link header points at the next).
    let path: string | null = '/bills?state=OPEN';
    for (let pages = 0; path && pages < 500; pages++) {
      const res: Response = await fetch(`${host.ready.posApi}${path}`, { headers: { authorization: `Bearer ${host.ready.posApiToken}` } });
      await res.arrayBuffer();
      path = /^<\/v1(\/bills\?[^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
    }
    return rssMb(host.child.pid!);
  } finally {
    host.child.kill('SIGTERM');
    await host.exited;
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export default async function bench(): Promise<BenchFigure[]> {
  if (!existsSync('dist/main/headless/cli.js')) execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  const empty = await measure(0);
  const full = await measure(10_000);
  return [
    {
      bench: 'headless host resident memory (10,000 open bills)',
      metric: 'RSS',
      value: full,
      unit: 'MB',
      baseline: { metric: 'same host, empty store', value: empty, unit: 'MB' },
      target: '< 150 MB',
      pass: full < 150,
    },
  ];
}
