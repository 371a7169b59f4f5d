import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import type { Sandbox } from '../../sandbox/index.js';

/** The tables dealt to `guests` guests, who then pay at once, each through their own list. */
export function lanesOf(tables: string[], guests: number): string[][] {
  return Array.from({ length: guests }, (_, g) => tables.filter((_, i) => i % guests === g));
}

/** Each table's guest pays line i0 (one piece) of its bill through the sandbox; resolves with how many the sandbox called paid. */
export async function payAll(sandbox: Sandbox, tables: string[]): Promise<number> {
  let paid = 0;
  for (const table of tables) {
    const r = await sandbox.guestPay({ idTable: table, items: [{ id: 'i0', quantity: '1' }] }).catch(() => null);
    if (r?.outcome === 'paid') paid++;
  }
  return paid;
}

interface WireLine {
  id: string;
  price: string;
  [field: string]: unknown;
}
interface WireBill {
  id: string;
  currency: string;
  items: WireLine[];
  additionalData?: unknown;
}
/** A method call's answer as parsed: its result, or its error. */
export interface WireAnswer {
  result?: unknown;
  error?: unknown;
}

/** The five calls of one guest's payment, in the order the sandbox's guest flow makes them. */
export const PAYMENT_METHODS = ['getTableContents', 'getBill', 'paymentStart', 'paymentProcessed', 'paymentClosed'] as const;

/**
 * One guest pays line i0 (one piece) of the table's bill with the sandbox's five calls, made
 * through `call` (the service's end of a POS's WebSocket, or the sandbox's callPos): no validation,
 * payment records or HTTP of its own. True when every call was answered without an error.
 */
export async function payByCalls(call: (method: string, args: unknown[]) => Promise<WireAnswer>, table: string): Promise<boolean> {
  const listed = await call('getTableContents', [table, null]);
  const bill = (listed.result as WireBill[] | undefined)?.[0];
  const line = bill?.items.find((i) => i.id === 'i0');
  if (!bill || !line) return false;
  if ((await call('getBill', [bill.id, null])).error !== undefined) return false;
  const payment = {
    id: randomUUID(),
    idBill: bill.id,
    idCustomer: randomUUID(),
    currency: bill.currency,
    state: 'STARTED',
    items: [{ ...line, quantity: '1' }],
    parts: [{ total: line.price, provider: { id: 'card-1', name: 'Visa •••• 4242', type: 'CARD' } }],
    tipBrutto: '0',
    tipNetto: '0',
    additionalData: bill.additionalData ?? null,
    discount: null,
    timestamp: new Date().toISOString(),
    captureMode: 'auto',
  };
  for (const [method, args] of [
    ['paymentStart', [payment]],
    ['paymentProcessed', [payment.id]],
    ['paymentClosed', [payment.id, 'PAID']],
  ] as const) {
    if ((await call(method, [...args])).error !== undefined) return false;
  }
  return true;
}

/**
 * The `i`th scan timed during a rush: every other one a table a guest has just paid (one of the
 * last eight, in turn: its cached answer was dropped), the others untouched tables of `pool`.
 */
export function rushScanTable(i: number, completed: string[], pool: string[]): { table: string; changed: boolean } {
  const changed = i % 2 === 1 && completed.length > 0;
  return { table: changed ? completed[completed.length - 1 - (i % Math.min(8, completed.length))]! : pool[i % pool.length]!, changed };
}

/** A rush scan's one bill is right: a paid table's without line i0 (its one piece was paid), an untouched table's whole. */
export function rushScanOk(items: { id: string }[] | null, changed: boolean, itemsPerBill: number): boolean {
  if (!items) return false;
  return changed ? items.length === itemsPerBill - 1 && !items.some((it) => it.id === 'i0') : items.length === itemsPerBill;
}

/** What the scans timed during a rush saw, and how the guests fared meanwhile. */
export interface RushScans {
  /** Each scan's round trip, and that of the echo POS's scan after it, in ms. */
  samples: number[];
  echoes: number[];
  /** Scans answered with the right bill (rushScanOk), echoes answered with a whole bill. */
  ok: number;
  echoOk: number;
  /** Scans of a table just paid (the rest were of untouched tables). */
  changed: number;
  /** Payments that went through. */
  paid: number;
  /** Payments a second, from the first payment's start to the last one's end (waits between paced payments not counted). */
  rate: number;
}

/**
 * `guests` guests pay for `tables` (each `pay` true when the payment went through) while this
 * process scans without a pause: tables just paid (their answer dropped) and untouched tables of
 * `pool` (answered from the cache), alternating (rushScanTable), each scan followed by the same
 * scan of an echo POS. With `paceMs` each guest starts a payment every `paceMs` (the guests
 * staggered across it); without, as fast as they can (closed loop). The scans stop when the last
 * guest is done; a `pay` that rejects stops them too, and the rush rejects with its error.
 */
export async function scansDuringRush(o: {
  tables: string[];
  pool: string[];
  guests: number;
  itemsPerBill: number;
  paceMs?: number;
  pay: (table: string) => Promise<boolean>;
  /** The scan's round trip, and the lines of the one bill it was answered with (null: not one bill). */
  scan: (table: string) => Promise<{ ms: number; items: { id: string }[] | null }>;
  /** The echo's round trip, and whether it answered with a whole bill. */
  echo: (table: string) => Promise<{ ms: number; ok: boolean }>;
}): Promise<RushScans> {
  const completed: string[] = [];
  let paid = 0;
  let done = false;
  let firstStart = Infinity;
  let lastEnd = 0;
  const paceMs = o.paceMs;
  const all = Promise.all(
    lanesOf(o.tables, o.guests).map(async (lane, g) => {
      if (paceMs !== undefined) await delay((paceMs * g) / o.guests);
      for (const table of lane) {
        const started = performance.now();
        firstStart = Math.min(firstStart, started);
        const ok = await o.pay(table);
        lastEnd = performance.now();
        if (ok) {
          paid++;
          completed.push(table);
        }
        const rest = paceMs === undefined ? 0 : paceMs - (performance.now() - started);
        if (rest > 0) await delay(rest);
      }
    }),
  ).finally(() => (done = true));
  // A scan that throws leaves the loop with `all` still running: its own failure is handled here.
  all.catch(() => undefined);
  const run: Omit<RushScans, 'paid' | 'rate'> = { samples: [], echoes: [], ok: 0, echoOk: 0, changed: 0 };
  for (let i = 0; !done; i++) {
    const { table, changed } = rushScanTable(i, completed, o.pool);
    const scan = await o.scan(table);
    run.samples.push(scan.ms);
    if (changed) run.changed++;
    if (rushScanOk(scan.items, changed, o.itemsPerBill)) run.ok++;
    const echo = await o.echo(table);
    run.echoes.push(echo.ms);
    if (echo.ok) run.echoOk++;
  }
  await all;
  return { ...run, paid, rate: o.tables.length / ((lastEnd - firstStart) / 1000) };
}

/** Raw commits made between two turns of this process's event loop. */
const COMMITS_PER_TURN = 20;

/**
 * Durable commits straight through better-sqlite3 on the same disk, WAL + synchronous=FULL as the
 * store: `n` transactions of `rowsEach` rows. Resolves with commits per second, counting only the
 * time spent committing. The sandbox runs in this process: hundreds of fsyncs in one synchronous
 * run would keep it from answering the host's pings past their 5 s time-out on a slow disk (the
 * host would drop its link), so the commits go in runs of COMMITS_PER_TURN between turns.
 */
export async function rawDurableCommits(file: string, n: number, rowsEach = 1): Promise<number> {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, v TEXT)');
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    const commit = db.transaction((i: number) => {
      for (let r = 0; r < rowsEach; r++) insert.run(`row ${i}.${r}`);
    });
    let ms = 0;
    for (let i = 0; i < n; ) {
      const t0 = performance.now();
      for (const end = Math.min(n, i + COMMITS_PER_TURN); i < end; i++) commit(i);
      ms += performance.now() - t0;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return n / (ms / 1000);
  } finally {
    db.close();
  }
}

/**
 * How many of these tables' payments the store holds as PAID, read back from the host's SQLite
 * file through a read-only connection of this process (WAL: it sees every committed write).
 */
export function paidInStore(file: string, tables: string[]): number {
  const db = new Database(file, { readonly: true });
  try {
    const row = db
      .prepare(
        `SELECT COUNT(*) AS n FROM payments p JOIN bills b ON b.id = p.billId
          WHERE p.state = 'PAID' AND b.tableId IN (SELECT value FROM json_each(?))`,
      )
      .get(JSON.stringify(tables)) as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}
