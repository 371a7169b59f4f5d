/**
 * getTableContents through the method dispatcher, in-process, with 1,000 tables × 20 items in a
 * real SQLite file: the component share of the over-WebSocket figures. Uncached: the first call
 * after the table's bill changed (the store's statements and the answer's JSON text); cached: the same
 * table again (the per-table JSON cache). Baseline: the statements the store itself ran for that
 * table (recorded from the store, store-statements.ts), replayed on a bare read-only connection.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '../../main/base/clock.js';
import { silentLogger } from '../../main/base/log.js';
import { createMethodDispatcher } from '../../main/adapters/connection/methods-index.js';
import { joinDomains, openStore } from '../../main/store/index.js';
import { summarize, type Bench } from './harness.js';
import { billItems } from './seed-store.js';
import { statementRecorder, statementReplayer, type StatementRun } from './store-statements.js';

const TABLES = 1_000;
const ITEMS = 20;

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

const bench: Bench = async ({ quick }) => {
  const samples = quick ? 500 : 5_000;
  const dir = mkdtempSync(join(tmpdir(), 'tableside-bench-'));
  const file = join(dir, 'bills.sqlite');
  const recorder = statementRecorder();
  const store = openStore({ file });
  try {
    store.engine.group(() => {
      for (let t = 0; t < TABLES; t += 1) {
        store.bills.upsertTable({ id: `t${t}`, name: `Table ${t}` });
        store.bills.putBill({ id: `b${t}`, tableId: `t${t}`, currency: 'CZK', items: billItems(ITEMS) });
      }
    });
    const methods = createMethodDispatcher({ store: joinDomains(store.bills, store.payments, store.orders, store.receipts, store.events, store.engine), log: silentLogger(), clock: systemClock });
    const call = (t: number) => methods.handle('getTableContents', [`t${t}`, null], { transport: 'ws' });
    // The statements each table's first call runs in the store (the handler runs before handle's
    // promise is made), with their arguments.
    const runs: StatementRun[][] = [];
    for (let t = 0; t < TABLES; t += 1) runs.push(recorder.capture(() => void call(t)));
    const answerOk = (outcome: Awaited<ReturnType<typeof call>>, quantity: string) => {
      const bills = 'result' in outcome ? (JSON.parse(JSON.stringify(outcome.result)) as { items: { quantity: string }[] }[]) : [];
      return bills.length === 1 && bills[0]!.items.length === ITEMS && bills[0]!.items[0]!.quantity === quantity;
    };
    for (let i = 0; i < 500; i += 1) await call(i % TABLES); // warm-up
    const uncached: number[] = [];
    const cached: number[] = [];
    let uncachedOk = 0;
    let cachedOk = 0;
    for (let i = 0; i < samples; i += 1) {
      const t = (i * 7919) % TABLES; // spread over the whole store, not one hot page
      const quantity = String(2 + i);
      store.bills.putBill({ id: `b${t}`, tableId: `t${t}`, currency: 'CZK', items: billItems(ITEMS, quantity) });
      let start = process.hrtime.bigint();
      let outcome = await call(t);
      uncached.push(ms(start));
      if (answerOk(outcome, quantity)) uncachedOk++;
      start = process.hrtime.bigint();
      outcome = await call(t);
      cached.push(ms(start));
      if (answerOk(outcome, quantity)) cachedOk++;
    }
    const replayer = statementReplayer(file);
    const bare: number[] = [];
    try {
      for (let i = 0; i < samples; i += 1) {
        const start = process.hrtime.bigint();
        replayer.replay(runs[(i * 7919) % TABLES]!);
        bare.push(ms(start));
      }
    } finally {
      replayer.close();
    }
    const u = summarize(uncached);
    const c = summarize(cached);
    const b = summarize(bare);
    const statementsPerCall = runs[0]!.length;
    const checked = { calls: samples, uncachedAnswersShowingTheChange: uncachedOk, cachedAnswersOk: cachedOk, bareReplays: bare.length, storeStatementsPerTable: statementsPerCall, statementsRecorded: statementsPerCall > 0 };
    const expected = { calls: samples, uncachedAnswersShowingTheChange: samples, cachedAnswersOk: samples, bareReplays: samples, statementsRecorded: true };
    const bench = 'getTableContents in-process (dispatcher, 1,000 tables, 20,000 items)';
    const statements = `${statementsPerCall} statement${statementsPerCall === 1 ? '' : 's'}`;
    const baseline = (p: 'p50' | 'p99') => ({ metric: `the store's own ${statements}, bare connection, ${p}`, value: b[p], unit: 'ms' });
    const uncachedWhat = `first call after the bill changed: the store's ${statements} (SQLite writes each untouched bill's JSON, store/bill-json.ts) and the answer's text`;
    return [
      { bench, checked, expected, metric: 'uncached p99', what: uncachedWhat, value: u.p99, unit: 'ms', baseline: baseline('p99'), target: "p99 <= 3x the store's own statement", met: u.p99 <= 3 * b.p99 },
      { bench, checked, expected, metric: 'uncached p50', what: uncachedWhat, value: u.p50, unit: 'ms', baseline: baseline('p50'), target: null, met: null },
      { bench, checked, expected, metric: 'cached p99', what: 'the same table again: answered from the per-table JSON cache', value: c.p99, unit: 'ms', baseline: baseline('p99'), target: null, met: null },
    ];
  } finally {
    store.engine.close();
    recorder.uninstall();
    rmSync(dir, { recursive: true, force: true });
  }
};

export default bench;
