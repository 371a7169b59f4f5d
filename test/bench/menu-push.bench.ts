/**
 * From a menu change to the service holding it (issue 14): a 5,000-item menu, one item made
 * unavailable, pushed by the menu sync to the real sandbox over HTTP on 127.0.0.1. The 2 s grouping
 * window runs on a ManualClock and is reported apart: the figure is the push itself (timer fired →
 * the sandbox holds the new menu → the pushed version is stored), beside a bare who-am-i round trip
 * to the same sandbox in the same run. `checked` counts the pushes the sandbox really held.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { ManualClock } from '../../main/clock.js';
import { silentLogger } from '../../main/log.js';
import { createMenuSync, MENU_GROUP_MS } from '../../main/orders/index.js';
import { createServiceClient } from '../../main/service/index.js';
import { createBillStore } from '../../main/store/index.js';
import { startSandbox } from '../../sandbox/index.js';
import { summarize, type Bench, type BenchFigure } from './harness.js';

const ITEMS = 5_000;

const bench: Bench = async ({ quick }): Promise<BenchFigure[]> => {
  const SAMPLES = quick ? 5 : 40;
  const dir = mkdtempSync(join(tmpdir(), 'tableside-bench-'));
  const store = createBillStore({ file: join(dir, 'bills.sqlite') });
  const sandbox = await startSandbox({ port: 0 });
  const clock = new ManualClock();
  const client = createServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.restaurant.apiKey, posId: randomUUID(), log: silentLogger() });
  const sync = createMenuSync({ store, client, clock, log: silentLogger() });
  try {
    store.replaceMenu([{ id: 'm', name: 'Menu', items: Array.from({ length: ITEMS }, (_, i) => ({ id: `i${i}`, name: `Item ${i}`, price: '10' })) }]);
    sync.start();
    const held = () => (sandbox.state() as { restaurants: { pushedMenus: { items: { id: string; available: boolean }[] }[] }[] }).restaurants[0]!.pushedMenus;
    const checked = { pushes: 0, held: 0 };
    const samples: number[] = [];
    for (let n = 0; n < SAMPLES + 5; n += 1) {
      store.patchMenuItem(`i${n}`, { available: false });
      await clock.advanceAsync(MENU_GROUP_MS - 1); // the grouping window, apart from the figure
      const start = process.hrtime.bigint();
      await clock.advanceAsync(1);
      await sync.idle();
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (n < 5) continue;
      samples.push(ms);
      checked.pushes += 1;
      if (held()[0]?.items[n]?.available === false && store.menuVersions().pushed === store.menuVersions().version) checked.held += 1;
    }
    const rtt: number[] = [];
    for (let n = 0; n < SAMPLES; n += 1) {
      const start = process.hrtime.bigint();
      await client.whoAmI();
      rtt.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    const s = summarize(samples);
    const r = summarize(rtt);
    return [
      {
        bench: 'menu-push',
        checked,
        expected: { pushes: SAMPLES, held: SAMPLES },
        metric: 'p50',
        what: `one item of a ${ITEMS}-item menu made unavailable → the sandbox holds the whole new menu (update-menus over HTTP on 127.0.0.1, the pushed version stored); the ${MENU_GROUP_MS} ms grouping window before it is not in the figure`,
        value: s.p50,
        unit: 'ms',
        baseline: { metric: 'who-am-i round trip p50', value: r.p50, unit: 'ms' },
        target: null,
        met: null,
      },
    ];
  } finally {
    await sync.stop();
    await sandbox.close();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

export default bench;
