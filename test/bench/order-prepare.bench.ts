/**
 * orderPrepare through the method dispatcher, in-process, against a 5,000-item menu (the service's
 * limit) in a real SQLite file (p99 < 2 ms), beside getTableList through the same
 * dispatcher in the same run (the dispatcher's own cost). `checked` counts the answers that were
 * right: every call must answer its priced total, or the figure is not a figure.
 */
import { Decimal } from 'decimal.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '../../main/base/clock.js';
import { silentLogger } from '../../main/base/log.js';
import { createMethodDispatcher } from '../../main/adapters/connection/methods-index.js';
import { joinDomains, openStore } from '../../main/store/index.js';
import type { Order } from '../../main/base/wire/index.js';
import { summarize, type Bench, type BenchFigure } from './harness.js';

const MENUS = 50;
const PER_MENU = 100; // 5,000 items
const LINES = 5;

const bench: Bench = async ({ quick }): Promise<BenchFigure[]> => {
  const SAMPLES = quick ? 500 : 5_000;
  const dir = mkdtempSync(join(tmpdir(), 'tableside-bench-'));
  const store = openStore({ file: join(dir, 'bills.sqlite') });
  try {
    store.bills.upsertTable({ id: 't1', name: 'Table 1' });
    store.orders.replaceMenu(
      Array.from({ length: MENUS }, (_, m) => ({
        id: `m${m}`,
        name: `Menu ${m}`,
        items: Array.from({ length: PER_MENU }, (_, i) => ({ id: `i${m * PER_MENU + i}`, name: `Item ${m * PER_MENU + i}`, price: `${10 + i}.50` })),
      })),
    );
    const methods = createMethodDispatcher({ store: joinDomains(store.bills, store.payments, store.orders, store.receipts, store.events, store.engine), log: silentLogger(), clock: systemClock });
    const orderOf = (n: number): Order => ({
      id: `o${n}`,
      currency: 'CZK',
      delivery: { type: 'toBill', idTable: 't1' },
      // Lines spread over the whole menu, not one hot page.
      items: Array.from({ length: LINES }, (_, l) => ({ id: `i${(n * 7919 + l * 997) % (MENUS * PER_MENU)}`, name: '', quantity: '2' })),
    });
    // The expected total, exact (money is never a float): each line's price is `${10 + i}.50`.
    const totalOf = (o: Order): string =>
      o.items.reduce((sum, l) => sum.plus(new Decimal(`${10 + (Number(l.id.slice(1)) % PER_MENU)}.50`).times(l.quantity)), new Decimal(0)).toFixed();

    const prepare = { calls: 0, answered: 0 };
    const samples: number[] = [];
    for (let n = 0; n < SAMPLES + 500; n += 1) {
      const order = orderOf(n);
      const start = process.hrtime.bigint();
      const outcome = await methods.handle('orderPrepare', [order], { transport: 'ws' });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (n < 500) continue; // warm-up
      samples.push(ms);
      prepare.calls += 1;
      const total = 'result' in outcome ? new Decimal((outcome.result as { total: string }).total).toFixed() : null;
      if (total === totalOf(order)) prepare.answered += 1;
    }
    const baseline = { calls: 0, answered: 0 };
    const base: number[] = [];
    for (let n = 0; n < SAMPLES + 500; n += 1) {
      const start = process.hrtime.bigint();
      const outcome = await methods.handle('getTableList', [], { transport: 'ws' });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (n < 500) continue; // the same warm-up as orderPrepare's
      base.push(ms);
      baseline.calls += 1;
      if ('result' in outcome && (outcome.result as unknown[]).length === 1) baseline.answered += 1;
    }
    const s = summarize(samples);
    const b = summarize(base);
    const checked = { calls: prepare.calls, pricedRight: prepare.answered, baselineCalls: baseline.calls, baselineRight: baseline.answered };
    const expected = { calls: SAMPLES, pricedRight: SAMPLES, baselineCalls: SAMPLES, baselineRight: SAMPLES };
    const what = `orderPrepare of ${LINES} lines spread over a 5,000-item menu, through the method dispatcher in-process (args parsed, every line priced from the store)`;
    const baselineOf = (p: 'p50' | 'p99') => ({ metric: `getTableList ${p} (same dispatcher)`, value: b[p], unit: 'ms' });
    return [
      { bench: 'order-prepare', checked, expected, metric: 'p99', what, value: s.p99, unit: 'ms', baseline: baselineOf('p99'), target: null, met: null },
      { bench: 'order-prepare', checked, expected, metric: 'p50', what, value: s.p50, unit: 'ms', baseline: baselineOf('p50'), target: null, met: null },
    ];
  } finally {
    store.engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

export default bench;
