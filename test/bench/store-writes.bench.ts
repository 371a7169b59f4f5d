/**
 * What a guest payment writes to the store: 32 guests pay at once through the method dispatcher
 * in this process (getTableContents, getBill, paymentStart, paymentProcessed, paymentClosed, with
 * the calls' group commit), and the WAL their commits left is read frame by frame: the pages
 * written per payment, and which b-tree (table or index) each page belongs to (SQLite's dbstat).
 * Every page a commit writes is copied again by the checkpoint: fewer pages, less of both. Checked:
 * every payment PAID in the store, every frame's page named.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { systemClock } from '../../main/base/clock.js';
import { silentLogger } from '../../main/base/log.js';
import { createMethodDispatcher } from '../../main/adapters/connection/methods-index.js';
import { joinDomains, openStore } from '../../main/store/index.js';
import type { Bench, BenchFigure } from './harness.js';
import { seedStore, storeFile } from './seed-store.js';

const GUESTS = 32;
const ITEMS = 20;
const WARM_UP = 200;
/** No checkpoint while measuring: every frame the payments wrote stays in the WAL to be read. */
const NEVER = 1 << 30;

interface WireBill {
  id: string;
  items: { id: string; name: string; price: string }[];
}

/** The WAL's frames: the page each one wrote, and whether it ends a commit. */
function walFrames(file: string): { page: number; commit: boolean }[] {
  const wal = readFileSync(`${file}-wal`);
  const pageSize = wal.readUInt32BE(8);
  const frames: { page: number; commit: boolean }[] = [];
  for (let at = 32; at + 24 + pageSize <= wal.length; at += 24 + pageSize) frames.push({ page: wal.readUInt32BE(at), commit: wal.readUInt32BE(at + 4) !== 0 });
  return frames;
}

const bench: Bench = async ({ quick }) => {
  const payments = quick ? 300 : 2_000;
  const dir = mkdtempSync(join(tmpdir(), 'tableside-bench-writes-'));
  seedStore(dir, WARM_UP + payments, ITEMS);
  const file = storeFile(dir);
  const store = openStore({ file, checkpoints: { checkpointAt: NEVER, restartAt: NEVER, hardCap: NEVER } });
  try {
    const methods = createMethodDispatcher({ store: joinDomains(store.bills, store.payments, store.orders, store.receipts, store.events, store.engine), log: silentLogger(), clock: systemClock });
    const call = async (method: string, args: unknown[]) => {
      const outcome = (await methods.handle(method, args, { transport: 'ws' })) as { result?: unknown; error?: unknown };
      if ('error' in outcome && outcome.error) throw new Error(`${method}: ${JSON.stringify(outcome.error)}`);
      return outcome.result;
    };
    const pay = async (table: number) => {
      const bill = (JSON.parse(JSON.stringify(await call('getTableContents', [`t${table}`, null]))) as WireBill[])[0]!;
      await call('getBill', [bill.id, null]);
      const line = bill.items.find((i) => i.id === 'i0')!;
      const id = randomUUID();
      await call('paymentStart', [{
        id, idBill: bill.id, idCustomer: null, currency: 'CZK', state: 'STARTED',
        items: [{ id: line.id, name: line.name, price: line.price, quantity: '1', tags: [] }],
        parts: [{ total: line.price, provider: { id: 'card', name: 'Card', type: 'CARD' } }],
        tipBrutto: '0', tipNetto: '0', additionalData: null, discount: null, timestamp: new Date().toISOString(),
      }]);
      await call('paymentProcessed', [id]);
      await call('paymentClosed', [id, 'PAID']);
    };
    let next = 0;
    const rush = (end: number) => Promise.all(Array.from({ length: GUESTS }, async () => {
      while (next < end) await pay(next++);
    }));
    await rush(WARM_UP);
    // The WAL from here holds the measured payments' commits only.
    const side = new Database(file);
    side.pragma('wal_checkpoint(TRUNCATE)');
    side.close();
    await rush(WARM_UP + payments);

    const frames = walFrames(file);
    const db = new Database(file, { readonly: true });
    let named = 0;
    const byTree = new Map<string, number>();
    let paidInStore = 0;
    try {
      const treeOf = new Map((db.prepare('SELECT name, pageno FROM dbstat').all() as { name: string; pageno: number }[]).map((r) => [r.pageno, r.name]));
      for (const f of frames) {
        const tree = treeOf.get(f.page);
        if (tree === undefined) continue;
        named++;
        byTree.set(tree, (byTree.get(tree) ?? 0) + 1);
      }
      paidInStore = (db.prepare(`SELECT COUNT(*) AS n FROM payments WHERE state = 'PAID'`).get() as { n: number }).n - WARM_UP;
    } finally {
      db.close();
    }
    const commits = frames.filter((f) => f.commit).length;
    const top = [...byTree].sort((a, b) => b[1] - a[1]).map(([tree, n]) => `${tree} ${(n / payments).toFixed(2)}`).join(', ');
    const figure: BenchFigure = {
      bench: `what a guest payment writes to the store (${GUESTS} guests at once, in-process)`,
      metric: 'WAL frames (pages) per payment',
      what: `the WAL of ${payments} complete payments read frame by frame (${commits} commits, ${(commits / payments).toFixed(2)} per payment); per payment, by b-tree: ${top}`,
      value: frames.length / payments,
      unit: 'pages',
      target: null,
      met: null,
      checked: { payments, paymentsPaidInStore: paidInStore, frames: frames.length, framesNamed: named },
      expected: { payments, paymentsPaidInStore: payments, frames: frames.length, framesNamed: frames.length },
    };
    return [figure];
  } finally {
    store.engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

export default bench;
