/**
 * A month of service for the real core (createCompanion, as the headless host builds it) in one
 * data dir: real SQLite file, real rotating log files, the sandbox payment service in a child
 * process over loopback, time from a SoakClock walking day by day. Each day: the morning restart,
 * the menu of the day pushed, bills at 60 tables paid by guests (splits, tips, declines, manual
 * captures, refunds by the cashier, guest orders onto bills), the day report at night and the
 * stop. Faults on set days: NTP steps of +1 h and -1 h, another process holding the database's
 * write lock, a resume from sleep; with TZ=Europe/Prague a daylight-saving change falls inside.
 * The figures it returns are checked by month.test.ts (a few days) and run.ts (`npm run soak`).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Database from 'better-sqlite3';
import type { DayReport } from '../../preload/contract.js';
import { createCompanion } from '../../main/app/companion.js';
import type { Companion } from '../../main/base/host-types.js';
import { createFileLoggerWithHealth, flushLogger, listLogFiles, ROTATION } from '../../main/base/logging/file-logger.js';
import { CHECKPOINT_LIMITS } from '../../main/store/engine/checkpointer.js';
import { addDays, dayRange } from '../../main/features/reports/index.js';
import { LOG_MAX_WRITE_BYTES } from '../../main/base/log.js';
import { Decimal } from '../../main/store/shared/decimal.js';
import { spawnReady, stopChild } from '../sandbox/helpers/spawn-ready.js';
import { waitFor } from '../sandbox/helpers/wait-for.js';
import { SoakClock } from './soak-clock.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

export interface SoakOptions {
  /** Simulated days, the first one `start` (a local date). */
  days: number;
  start: string;
  tables?: number;
  /** Bills per table per day (each paid by one or two payments). */
  turns?: number;
  /** Lines of progress on stderr. */
  progress?: (line: string) => void;
  /**
   * The morning backup (morning-backup.ts): called each morning on the closed data dir, before the
   * app starts again. Without it the soak runs and says `backup: none`.
   */
  backup?: BackupHook;
}

/** One simulated day's figures. */
export interface DayFigures {
  date: string;
  hours: number;
  payments: number;
  refunds: number;
  captures: number;
  orders: number;
  faults: string[];
  report: { count: number; amount: string; tips: string; refunded: string };
  reportOk: boolean;
  /** Medians of samples: after the morning restart (connected), then every quarter of the day's bills. */
  rssMb: number;
  /** The JS heap in use: the leak signal when RSS moves with the allocator's own keeping. */
  heapMb: number;
  handles: number;
  dbBytes: number;
  /** The largest WAL seen through the day (it is checkpointed away at the stop). */
  walBytes: number;
  logBytes: number;
  logFiles: number;
  realSeconds: number;
}

export interface SoakResult {
  days: DayFigures[];
  /** Payments the service made PAID (REFUNDED counts: it was paid first). */
  servicePaid: number;
  /** Of those, missing in the store or not PAID there. */
  lost: string[];
  /** Paid in the store more than once (a second payment.paid event) or unknown to the service. */
  doubled: string[];
  /** Every day report asked again at the end, after every restart since. */
  reportsStable: boolean;
  caps: { logBytes: number; logFiles: number; walBytes: number };
  gc: boolean;
  backup: 'called' | 'none';
}

/** The morning backup: the data dir, its app stopped. */
export type BackupHook = (dataDir: string) => Promise<void> | void;

// Soak fault days (clamped to the run's last day in a short run).
const FAULT_DAYS = { ntpForward: 3, ntpBack: 4, lock: 8, resume: 12 } as const;
const CURRENCY = 'CZK';
const API_KEY = 'soak-soak-soak-soak-soak';
const LOCK_HOLD_MS = 1_500;
const LOG_FILE_KIB = 32;

interface Ledger {
  count: number;
  amount: Decimal;
  tips: Decimal;
  refunded: Decimal;
}

const emptyLedger = (): Ledger => ({ count: 0, amount: new Decimal(0), tips: new Decimal(0), refunded: new Decimal(0) });

/** A small deterministic generator: the same month every run. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const localMs = (date: string, h: number, m = 0): number => {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, mo - 1, d, h, m).getTime();
};

/** The day's menu: prices move a little every day (a menu change the service must get). */
function menuOf(day: number) {
  const price = (base: number) => new Decimal(base).plus(day % 7).toFixed(2);
  return {
    menus: [
      {
        id: 'drinks',
        name: 'Drinks',
        items: [
          { id: 'beer', name: 'Pilsner 0.5 l', price: price(62) },
          { id: 'lemonade', name: 'Lemonade', price: price(45) },
        ],
      },
      {
        id: 'food',
        name: 'Food',
        items: [
          { id: 'goulash', name: 'Goulash', price: price(229.5) },
          { id: 'strudel', name: 'Strudel', price: price(89) },
        ],
      },
    ],
  };
}
type Menu = ReturnType<typeof menuOf>;
const priceIn = (menu: Menu, id: string): Decimal => new Decimal(menu.menus.flatMap((m) => m.items).find((i) => i.id === id)!.price);

/** The POS API as the till uses it. */
class Pos {
  constructor(
    private readonly base: string,
    private readonly token: string,
  ) {}
  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }
}

/** The sandbox's control API (it runs in its own process). */
class Service {
  constructor(readonly url: string) {}
  async post<T>(path: string, body: unknown): Promise<T> {
    const res = await fetch(`${this.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`POST ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  }
  async state(): Promise<{
    payments: { restaurantId: string; payment: { id: string; state: string } }[];
    restaurants: { id: string; pushedMenus: Menu['menus'] }[];
  }> {
    return (await fetch(`${this.url}/sandbox/state`)).json() as never;
  }
}

interface GuestPaid {
  payment: { id: string; state: string };
  outcome: 'paid' | 'declined' | 'authorized' | 'cancelled';
}

/** A child process that holds the database's write lock (BEGIN EXCLUSIVE) for `ms`, then lets go. */
async function holdLock(file: string, ms: number): Promise<{ released: Promise<void> }> {
  const script = `
const Database = require('better-sqlite3');
const db = new Database(process.argv[1]);
db.exec('BEGIN EXCLUSIVE');
console.log('locked');
setTimeout(() => { db.exec('COMMIT'); db.close(); }, Number(process.argv[2]));
`;
  const child = spawn(process.execPath, ['-e', script, file, String(ms)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lock holder exited ${code}`)))),
  );
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', () => resolve());
    exited.catch(reject);
  });
  return { released: exited };
}

function sizeOf(path: string): number {
  return existsSync(path) ? statSync(path).size : 0;
}

/** A forced GC: --expose-gc's, else the same switched on now (a vitest worker starts without the flag). */
function findGc(): (() => void) | undefined {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
}
const gc = findGc();

function sampleProcess(): { rssMb: number; heapMb: number; handles: number } {
  if (gc) {
    gc();
    gc();
  }
  const mem = process.memoryUsage();
  return { rssMb: mem.rss / 1e6, heapMb: mem.heapUsed / 1e6, handles: process.getActiveResourcesInfo().length };
}

/** Waits until the core's session is connected (bounded; polled, as the integration tests do). */
const connected = (c: Companion) => waitFor(() => c.connection().status === 'connected', 'a connected session', { timeoutMs: 30_000 });

/** Waits until the service has the menu the till holds now (guests order from the pushed one). */
const menuPushed = (pos: Pos) =>
  waitFor(
    async () => {
      const m = await pos.call<{ version: number; pushedVersion: number }>('GET', '/menu');
      return m.pushedVersion >= m.version;
    },
    'the menu pushed',
    { timeoutMs: 30_000 },
  );

export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const tables = options.tables ?? 60;
  const turns = options.turns ?? 4;
  const say = options.progress ?? (() => {});
  const dataDir = mkdtempSync(join(tmpdir(), 'tableside-soak-'));
  const dbFile = join(dataDir, 'tableside.sqlite');
  const random = rng(20261010);
  const clock = new SoakClock(localMs(options.start, 9));
  const posId = randomUUID();
  // Smaller files than the hosts' (same count): the month's lines then rotate and prune many times.
  const rotation = { size: `${LOG_FILE_KIB}k`, files: ROTATION.files };
  // A file is rotated after the write that passed its size: one batch (at most LOG_MAX_WRITE_BYTES) over.
  const caps = { logBytes: rotation.files * (LOG_FILE_KIB * 1024 + LOG_MAX_WRITE_BYTES), logFiles: rotation.files, walBytes: CHECKPOINT_LIMITS.hardCap };
  const { log } = await createFileLoggerWithHealth({ dataDir, stderr: false, rotation });
  const sandbox = await spawnReady(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', '--port', '0', '--api-key', API_KEY, '--poll-hold-ms', '5000'], {
    cwd: root,
  });
  const service = new Service(String(sandbox.ready.url));
  const backup = options.backup;
  const ledgers = new Map<string, Ledger>();
  const refundedIds = new Set<string>();
  const figures: DayFigures[] = [];
  const dayOf = (d: number) => addDays(options.start, d);
  const at = (d: keyof typeof FAULT_DAYS) => Math.min(FAULT_DAYS[d], options.days - 1);

  // Stopped in `finally` when a check throws mid-day, so a failing run leaves no server behind.
  const live: { companion: Companion | null } = { companion: null };
  const start = async (): Promise<{ companion: Companion; pos: Pos }> => {
    const companion = await createCompanion({
      dataDir,
      apiKey: API_KEY,
      settings: { environment: 'sandbox', serviceUrl: service.url, transport: 'ws', posApiPort: 0, posId, autoCloseBills: true },
      log,
      clock,
      tuning: { restartDelayMs: 150, pingIntervalMs: 5_000, pongTimeoutMs: 5_000, backoff: { minMs: 30, maxMs: 300 } },
    });
    live.companion = companion;
    await companion.start();
    await connected(companion);
    return { companion, pos: new Pos(companion.posApiUrl, companion.posApiToken) };
  };

  try {
    for (let d = 0; d < options.days; d++) {
      const t0 = performance.now();
      const date = dayOf(d);
      const faults: string[] = [];
      const ledger = emptyLedger();
      ledgers.set(date, ledger);
      clock.forwardTo(localMs(date, 9));
      // Morning: the backup of the night's file, then the app starts as it does each day.
      if (backup) await backup(dataDir);
      const { companion, pos } = await start();
      const samples = [sampleProcess()];
      let walMax = 0;
      if (d === 0) for (let t = 1; t <= tables; t++) await pos.call('PUT', `/tables/t${t}`, { name: `Table ${t}`, area: t <= tables / 2 ? 'Hall' : 'Garden' });
      const menu = menuOf(d);
      await pos.call('PUT', '/menu', menu);
      await menuPushed(pos);

      const bills = tables * turns;
      const open = localMs(date, 11);
      const step = (12 * 3_600_000) / bills;
      let payments = 0;
      let refunds = 0;
      let captures = 0;
      let orders = 0;
      for (let b = 0; b < bills; b++) {
        clock.forwardTo(open + b * step);
        if (d === at('ntpForward') && b === Math.floor(bills / 3)) {
          clock.jump(3_600_000);
          faults.push('ntp +1h');
        }
        if (d === at('ntpBack') && b === Math.floor(bills / 2)) {
          clock.jump(-3_600_000);
          faults.push('ntp -1h');
        }
        let lock: { released: Promise<void> } | null = null;
        if (d === at('lock') && b === Math.floor(bills / 4)) {
          lock = await holdLock(dbFile, LOCK_HOLD_MS);
          faults.push(`lock held ${LOCK_HOLD_MS} ms`);
        }
        if (d === at('resume') && b === Math.floor((2 * bills) / 3)) {
          clock.jump(2 * 3_600_000);
          companion.onResume();
          // The resume drops the link and connects again at once: the status leaves "connected".
          const dropped = companion.connection().status !== 'connected';
          await connected(companion);
          faults.push(`resume after 2 h asleep (${dropped ? 'reconnected' : 'link kept'})`);
        }
        const table = `t${(b % tables) + 1}`;
        const billId = `d${d}-${table}-${Math.floor(b / tables)}`;
        const lines = [
          { id: 'beer', name: 'Pilsner 0.5 l', price: priceIn(menu, 'beer').toFixed(2), quantity: String(1 + (b % 3)) },
          { id: 'goulash', name: 'Goulash', price: priceIn(menu, 'goulash').toFixed(2), quantity: '1' },
        ];
        await pos.call('PUT', `/bills/${billId}`, { tableId: table, currency: CURRENCY, name: `Bill ${billId}`, items: lines });
        let total = lines.reduce((s, l) => s.plus(new Decimal(l.price).times(l.quantity)), new Decimal(0));
        const r = random();
        if (r < 0.1) {
          // A guest orders dessert onto the bill; the kitchen accepts it.
          const placed = await service.post<{ idOrder: string; outcome: string; billId: string | null }>('/sandbox/guest/order', {
            idTable: table,
            items: [{ id: 'strudel', quantity: '1' }],
          });
          if (placed.outcome !== 'placed' || placed.billId !== billId) throw new Error(`guest order on ${billId}: ${JSON.stringify(placed)}`);
          const status = await companion.api.setOrderStatus({ orderId: placed.idOrder, status: 'ACCEPTED' });
          if (!status.ok) throw new Error(`ACCEPTED for ${placed.idOrder}: ${JSON.stringify(status)}`);
          total = total.plus(priceIn(menu, 'strudel'));
          orders++;
        }
        const tip = r < 0.5 ? new Decimal(10 + (b % 5) * 5) : new Decimal(0);
        const pay = (body: Record<string, unknown>) => service.post<GuestPaid>('/sandbox/guest/pay', { idTable: table, idBill: billId, ...body });
        const paid = (amount: Decimal, t: Decimal) => {
          ledger.count++;
          ledger.amount = ledger.amount.plus(amount);
          ledger.tips = ledger.tips.plus(t);
          payments++;
        };
        const expect = (res: GuestPaid, outcome: GuestPaid['outcome']) => {
          if (res.outcome !== outcome) throw new Error(`guest payment on ${billId}: ${res.outcome}, expected ${outcome}`);
          return res;
        };
        if (r < 0.55) {
          expect(await pay({ tip: tip.toFixed(2) }), 'paid');
          paid(total, tip);
        } else if (r < 0.75) {
          // Split: the beers first (with the tip), then the rest.
          const beers = new Decimal(lines[0]!.price).times(lines[0]!.quantity);
          expect(await pay({ items: [{ id: 'beer', quantity: lines[0]!.quantity }], tip: tip.toFixed(2) }), 'paid');
          paid(beers, tip);
          expect(await pay({}), 'paid');
          paid(total.minus(beers), new Decimal(0));
        } else if (r < 0.83) {
          const auth = expect(await pay({ captureMode: 'manual', tip: tip.toFixed(2) }), 'authorized');
          const cap = await companion.api.capturePayment({ paymentId: auth.payment.id });
          if (!cap.ok) throw new Error(`capture of ${auth.payment.id}: ${JSON.stringify(cap)}`);
          paid(total, tip);
          captures++;
        } else if (r < 0.9) {
          // Paid, then the cashier refunds it: the bill reopens and the guest pays it again (without a tip).
          const first = expect(await pay({ tip: tip.toFixed(2) }), 'paid');
          paid(total, tip);
          const refund = await companion.api.cancelPayment({ paymentId: first.payment.id });
          if (!refund.ok) throw new Error(`refund of ${first.payment.id}: ${JSON.stringify(refund)}`);
          refundedIds.add(first.payment.id);
          ledger.refunded = ledger.refunded.plus(total).plus(tip);
          refunds++;
          expect(await pay({}), 'paid');
          paid(total, new Decimal(0));
        } else {
          expect(await pay({ outcome: 'declined' }), 'declined');
          expect(await pay({ tip: tip.toFixed(2) }), 'paid');
          paid(total, tip);
        }
        if (lock) await lock.released;
        if (b > 0 && b % Math.ceil(bills / 4) === 0) {
          samples.push(sampleProcess());
          walMax = Math.max(walMax, sizeOf(`${dbFile}-wal`));
        }
        if (b === Math.floor(bills / 2)) {
          // Midday the kitchen runs out of strudel, and later has it again.
          await pos.call('PATCH', '/menu/items/strudel', { available: false });
          await pos.call('PATCH', '/menu/items/strudel', { available: true });
          await menuPushed(pos);
        }
      }

      // Night: the day report, then the stop.
      clock.forwardTo(localMs(date, 23, 30));
      // The guest's answer can come before the till has stored the day's last paymentClosed: the
      // report is read once it counts every payment, and then must match to the last decimal.
      const report = await waitFor(
        async () => {
          const r = await pos.call<DayReport>('GET', `/reports/day?date=${date}`);
          return r.count >= ledger.count ? r : null;
        },
        `the day report of ${date} counting its ${ledger.count} payments`,
        { timeoutMs: 10_000 },
      ).catch(() => pos.call<DayReport>('GET', `/reports/day?date=${date}`));
      const reportOk = sameReport(report, ledger);
      await companion.stop();
      await flushLogger(log);
      const logs = listLogFiles(dataDir);
      const range = dayRange(date, '04:00');
      figures.push({
        date,
        hours: (range.to - range.from) / 3_600_000,
        payments,
        refunds,
        captures,
        orders,
        faults,
        report: { count: report.count, amount: report.amount, tips: report.tips, refunded: report.refunded },
        reportOk,
        rssMb: median(samples.map((x) => x.rssMb)),
        heapMb: median(samples.map((x) => x.heapMb)),
        handles: median(samples.map((x) => x.handles)),
        dbBytes: sizeOf(dbFile),
        walBytes: Math.max(walMax, sizeOf(`${dbFile}-wal`)),
        logBytes: logs.reduce((s, f) => s + f.size, 0),
        logFiles: logs.length,
        realSeconds: (performance.now() - t0) / 1000,
      });
      const f = figures.at(-1)!;
      say(
        `${date} ${f.hours}h payments ${payments} report ${reportOk ? 'ok' : 'WRONG'} rss ${f.rssMb.toFixed(0)} MB heap ${f.heapMb.toFixed(0)} MB handles ${f.handles} db ${(f.dbBytes / 1e6).toFixed(1)} MB logs ${(f.logBytes / 1e6).toFixed(1)} MB/${f.logFiles} ${f.realSeconds.toFixed(0)} s ${faults.join(', ')}`,
      );
    }

    // The month once more: every day report again (after the restarts, jumps and DST since), and the service's payments against the store.
    clock.forwardTo(clock.now() + 3_600_000);
    const { companion, pos } = await start();
    let reportsStable = true;
    for (const [date, ledger] of ledgers) if (!sameReport(await pos.call<DayReport>('GET', `/reports/day?date=${date}`), ledger)) reportsStable = false;
    await companion.stop();
    const { lost, doubled, servicePaid } = compareWithService(await service.state(), refundedIds, dbFile);
    return { days: figures, servicePaid, lost, doubled, reportsStable, caps, gc: gc !== undefined, backup: backup ? 'called' : 'none' };
  } finally {
    await live.companion?.stop();
    await stopChild(sandbox.child);
    await flushLogger(log);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The report says what the guests paid that day, to the last decimal. */
function sameReport(r: DayReport, l: Ledger): boolean {
  return (
    r.currency === CURRENCY &&
    r.count === l.count &&
    new Decimal(r.amount).equals(l.amount) &&
    new Decimal(r.tips).equals(l.tips) &&
    new Decimal(r.refunded).equals(l.refunded)
  );
}

/**
 * Every payment the service made PAID is paid in the store with one payment.paid event; the ones the
 * cashier refunded are refunded there too, with one payment.refunded event; nothing else is paid.
 */
function compareWithService(state: Awaited<ReturnType<Service['state']>>, refunded: ReadonlySet<string>, dbFile: string) {
  const atService = new Map(state.payments.map((p) => [p.payment.id, p.payment.state]));
  const paidAtService = new Set([...atService].filter(([id, st]) => st === 'PAID' || (refunded.has(id) && st === 'CANCELLED')).map(([id]) => id));
  const db = new Database(dbFile, { readonly: true });
  try {
    type Row = { id: string; state: string; refundedAt: string | null };
    const stored = new Map((db.prepare('SELECT id, state, refundedAt FROM payments WHERE paidAt IS NOT NULL').all() as Row[]).map((p) => [p.id, p]));
    const count = (kind: string) =>
      new Map(
        (db.prepare('SELECT paymentId AS id, COUNT(*) AS n FROM events WHERE kind = ? GROUP BY paymentId').all(kind) as { id: string; n: number }[]).map(
          (e) => [e.id, e.n],
        ),
      );
    const paidEvents = count('payment.paid');
    const refundEvents = count('payment.refunded');
    const applied = (id: string): boolean => {
      const row = stored.get(id);
      if (!row) return false;
      return refunded.has(id) ? row.state === 'CANCELLED' && row.refundedAt !== null : row.state === 'PAID' && row.refundedAt === null;
    };
    const lost = [...paidAtService].filter((id) => !applied(id)).concat([...refunded].filter((id) => !paidAtService.has(id)));
    const doubled = [...stored.keys()].filter(
      (id) => !paidAtService.has(id) || paidEvents.get(id) !== 1 || (refundEvents.get(id) ?? 0) !== (refunded.has(id) ? 1 : 0),
    );
    return { servicePaid: paidAtService.size, lost, doubled };
  } finally {
    db.close();
  }
}

/** Median of a few numbers (RSS without a forced GC moves with the heap's own rhythm). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * Day 2 (the first day warms up: its caches and code) against the end of the run: the median of
 * the last three days, so one day's allocator noise at the end does not decide.
 */
export function flatness(days: DayFigures[]): {
  rssFrom: number;
  rssTo: number;
  rssChange: number;
  handlesFrom: number;
  handlesTo: number;
  handlesChange: number;
} {
  const from = days.slice(1, 2);
  const to = days.slice(Math.max(Math.min(2, days.length - 1), days.length - 3));
  const rssFrom = median(from.map((d) => d.rssMb));
  const rssTo = median(to.map((d) => d.rssMb));
  const handlesFrom = median(from.map((d) => d.handles));
  const handlesTo = median(to.map((d) => d.handles));
  return { rssFrom, rssTo, rssChange: rssTo / rssFrom - 1, handlesFrom, handlesTo, handlesChange: handlesTo / handlesFrom - 1 };
}

/** The figures as a small table for stdout. */
export function formatSoak(r: SoakResult): string {
  const pad = (v: string | number, n: number) => String(v).padStart(n);
  const rows = r.days.map(
    (d) =>
      `${d.date} ${pad(d.hours, 3)} ${pad(d.payments, 5)} ${pad(d.refunds, 4)} ${pad(d.captures, 4)} ${pad(d.orders, 4)} ${pad(d.report.count, 5)} ${pad(d.report.amount, 10)} ${pad(d.reportOk ? 'ok' : 'WRONG', 6)} ${pad(d.rssMb.toFixed(0), 5)} ${pad(d.heapMb.toFixed(0), 6)} ${pad(d.handles, 4)} ${pad((d.dbBytes / 1e6).toFixed(1), 6)} ${pad((d.walBytes / 1e6).toFixed(1), 5)} ${pad((d.logBytes / 1e6).toFixed(1), 5)} ${pad(d.logFiles, 3)} ${pad(d.realSeconds.toFixed(0), 4)}  ${d.faults.join(', ')}`,
  );
  const f = flatness(r.days);
  const last = r.days.at(-1)!;
  const paidTotal = r.days.reduce((n, d) => n + d.payments, 0);
  const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
  return [
    'date         h  paid refd capt ordr  rep#  rep.amount report rssMB heapMB hndl  dbMB walMB logMB  lf real  faults',
    ...rows,
    '',
    `payments the service made PAID: ${r.servicePaid}; lost: ${r.lost.length}; double: ${r.doubled.length}`,
    `day reports equal to their payments: ${r.days.filter((d) => d.reportOk).length}/${r.days.length}; all asked again at the end: ${r.reportsStable ? 'same' : 'CHANGED'}`,
    `RSS day 2 → end: ${f.rssFrom.toFixed(1)} → ${f.rssTo.toFixed(1)} MB (${pct(f.rssChange)}); open handles ${f.handlesFrom} → ${f.handlesTo} (${pct(f.handlesChange)}); ${r.gc ? 'after a forced GC' : 'no --expose-gc: medians'}`,
    `database: ${(last.dbBytes / 1e6).toFixed(1)} MB after ${paidTotal} payments (${(last.dbBytes / paidTotal).toFixed(0)} bytes a payment); no cap: the app keeps every payment and prunes only webhook deliveries`,
    `caps: logs ${(r.caps.logBytes / 1e6).toFixed(1)} MB in ${r.caps.logFiles} files (max seen ${(Math.max(...r.days.map((d) => d.logBytes)) / 1e6).toFixed(1)} MB, ${Math.max(...r.days.map((d) => d.logFiles))} files); WAL ${(r.caps.walBytes / 1e6).toFixed(0)} MB (max seen ${(Math.max(...r.days.map((d) => d.walBytes)) / 1e6).toFixed(1)} MB); backup: ${r.backup}`,
  ].join('\n');
}
