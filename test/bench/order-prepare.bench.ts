/**
 * orderPrepare through the method dispatcher, in-process, against a 5,000-item menu (the service's
 * limit) in a real SQLite file, each call followed by its floor: the statements that call ran in
 * the store (recorded from it, store-statements.ts), replayed on a bare read-only connection of
 * the same file, and its five lines priced exactly with decimal.js from the menu's prices (the
 * reads and the arithmetic no orderPrepare can skip). getTableList through the same dispatcher,
 * as information: the dispatcher's own cost. `checked` counts the answers that were right: every
 * call must answer its priced total, or the figure is not a figure.
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
import { statementRecorder, statementReplayer, type StatementRun } from './store-statements.js';

const MENUS = 50;
const PER_MENU = 100; // 5,000 items
const LINES = 5;

const bench: Bench = async ({ quick }): Promise<BenchFigure[]> => {
  const SAMPLES = quick ? 500 : 5_000;
  const dir = mkdtempSync(join(tmpdir(), 'tableside-bench-'));
  const file = join(dir, 'bills.sqlite');
  const recorder = statementRecorder();
  const store = openStore({ file });
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

    // The menu's prices as the floor holds them: what a bare pricing of the lines reads from.
    const prices = new Map(store.orders.menus().flatMap((m) => m.items.map((i) => [i.id, new Decimal(i.price)] as const)));
    const call = (order: Order) => methods.handle('orderPrepare', [order], { transport: 'ws' });
    const prepare = { calls: 0, answered: 0, floorRight: 0 };
    const samples: number[] = [];
    const floor: number[] = [];
    const replayer = statementReplayer(file);
    let statements = 0;
    try {
      for (let n = 0; n < SAMPLES + 500; n += 1) {
        const order = orderOf(n);
        // The statements this call runs in the store (the handler runs before handle's promise is made).
        let pending!: ReturnType<typeof call>;
        const start = process.hrtime.bigint();
        const runs: StatementRun[] = recorder.capture(() => (pending = call(order)));
        const outcome = await pending;
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        const floorStart = process.hrtime.bigint();
        replayer.replay(runs);
        const floorTotal = order.items.reduce((sum, l) => sum.plus(prices.get(l.id)!.times(l.quantity)), new Decimal(0)).toFixed();
        const floorMs = Number(process.hrtime.bigint() - floorStart) / 1e6;
        if (n < 500) continue; // warm-up
        samples.push(ms);
        floor.push(floorMs);
        statements += runs.length;
        prepare.calls += 1;
        const total = 'result' in outcome ? new Decimal((outcome.result as { total: string }).total).toFixed() : null;
        if (total === totalOf(order)) prepare.answered += 1;
        if (floorTotal === totalOf(order)) prepare.floorRight += 1;
      }
    } finally {
      replayer.close();
      recorder.uninstall();
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
    const f = summarize(floor);
    const b = summarize(base);
    const checked = { calls: prepare.calls, pricedRight: prepare.answered, floorPricedRight: prepare.floorRight, baselineCalls: baseline.calls, baselineRight: baseline.answered };
    const expected = { calls: SAMPLES, pricedRight: SAMPLES, floorPricedRight: SAMPLES, baselineCalls: SAMPLES, baselineRight: SAMPLES };
    const what = `orderPrepare of ${LINES} lines spread over a 5,000-item menu, through the method dispatcher in-process (args parsed, every line priced from the menu), each call followed by its floor: the ${(statements / SAMPLES).toFixed(1)} statements per call it ran in the store, replayed on a bare read-only connection of the same file, and its lines priced exactly with decimal.js; getTableList through the same dispatcher, after the same warm-up: p50 ${b.p50.toFixed(3)} ms, p99 ${b.p99.toFixed(3)} ms`;
    const floorOf = (p: 'p50' | 'p99') => ({ metric: `bare statements + decimal pricing of the same lines ${p}`, value: f[p], unit: 'ms' });
    return [
      { bench: 'order-prepare', checked, expected, metric: 'p50', what, value: s.p50, unit: 'ms', baseline: floorOf('p50'), target: 'p50 <= 3x the floor p50', met: s.p50 <= 3 * f.p50 },
      // Information: in one process, a call's tail is the collector's pauses for the garbage of the calls before it, which the floor (it allocates a few Decimals) does not make.
      { bench: 'order-prepare', checked, expected, metric: 'p99', what: `${what}; the tail is this process's GC pauses (the floor makes next to no garbage)`, value: s.p99, unit: 'ms', baseline: floorOf('p99'), target: null, met: null },
    ];
  } finally {
    store.engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

export default bench;
