/**
 * getTableContents through the method dispatcher, in-process, with 1,000 tables × 20 items in a
 * real SQLite file: the component share of the over-WebSocket figure (issue 3 target p99 < 2 ms).
 * Also the uncached path (query + wire mapping + JSON), what the first scan after a change costs.
 */
import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '../../main/clock.js';
import { silentLogger } from '../../main/log.js';
import { createMethodDispatcher, toWireBill } from '../../main/methods/index.js';
import { createBillStore } from '../../main/store/index.js';
import { summarize, type BenchFigure } from './harness.js';

const TABLES = 1_000;
const ITEMS = 20;
const SAMPLES = 5_000;

export default async function bench(): Promise<BenchFigure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tableside-bench-'));
  const file = join(dir, 'bills.sqlite');
  const store = createBillStore({ file });
  try {
    for (let t = 0; t < TABLES; t += 1) {
      store.upsertTable({ id: `t${t}`, name: `Table ${t}` });
      store.putBill({
        id: `b${t}`,
        tableId: `t${t}`,
        currency: 'CZK',
        items: Array.from({ length: ITEMS }, (_, i) => ({ id: `i${i}`, name: `Item ${i}`, price: `${50 + i}.50`, quantity: `${1 + (i % 3)}` })),
      });
    }
    const methods = createMethodDispatcher({ store, log: silentLogger(), clock: systemClock });
    const call = (t: number) => methods.handle('getTableContents', [`t${t}`, null], { transport: 'ws' });
    for (let i = 0; i < 500; i += 1) await call(i % TABLES);
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      const table = (i * 7919) % TABLES; // spread over the whole store, not one hot page
      const start = process.hrtime.bigint();
      const outcome = await call(table);
      samples.push(Number(process.hrtime.bigint() - start) / 1e6);
      // Through JSON, as the service sees it (the dispatcher may answer pre-serialised JSON text).
      const bills = 'result' in outcome ? (JSON.parse(JSON.stringify(outcome.result)) as unknown[]) : [];
      if (bills.length !== 1) throw new Error(`unexpected answer for table t${table}`);
    }
    const s = summarize(samples);
    const raw = rawQueryBaseline(file);
    // The cold path: query, wire mapping and JSON text, with no cache in front (the first scan after a change).
    const cold: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      const start = process.hrtime.bigint();
      JSON.stringify(store.openBillsOfTable(`t${(i * 7919) % TABLES}`).map(toWireBill));
      cold.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    const c = summarize(cold);
    return [
      {
        bench: 'store-table-contents',
        metric: 'getTableContents p50 (dispatcher, in-process)',
        value: s.p50,
        unit: 'ms',
        baseline: { metric: 'bare SQL p50', value: raw.p50, unit: 'ms' },
        target: 'component figure',
        pass: true,
      },
      {
        bench: 'store-table-contents',
        metric: 'getTableContents p99 (dispatcher, in-process)',
        value: s.p99,
        unit: 'ms',
        baseline: { metric: 'bare SQL p99', value: raw.p99, unit: 'ms' },
        target: 'p99 < 2 ms',
        pass: s.p99 < 2,
      },
      {
        bench: 'store-table-contents',
        metric: 'uncached query + wire mapping + JSON p99',
        value: c.p99,
        unit: 'ms',
        baseline: { metric: 'bare SQL p99', value: raw.p99, unit: 'ms' },
        target: 'p99 < 2 ms',
        pass: c.p99 < 2,
      },
    ];
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same rows through a bare read-only connection: what SQLite alone costs on this machine, this run. */
function rawQueryBaseline(file: string): { p50: number; p99: number } {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    const q = db.prepare(
      `SELECT b.*, i.* FROM bills b LEFT JOIN bill_items i ON i.billId = b.id
        WHERE b.tableId = ? AND b.state = 'OPEN' ORDER BY b.created, b.id, i.position`,
    );
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      const start = process.hrtime.bigint();
      q.all(`t${(i * 7919) % TABLES}`);
      samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    return summarize(samples);
  } finally {
    db.close();
  }
}
