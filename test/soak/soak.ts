/**
 * A month of service for the real core (createCompanion, as the headless host builds it) in one
 * data dir: real SQLite file, real rotating log files, the sandbox payment service in a child
 * process over loopback, time from a SoakClock walking day by day. Each day: the morning restart,
 * the menu of the day pushed, bills at 60 tables paid by guests (splits, tips, declines, manual
 * captures, refunds by the cashier, guest orders onto bills), the day report at night and the
 * stop. Faults on set days: NTP steps of +1 h and -1 h, a full disk for an hour (a tmpfs of its
 * own made full), another process holding the database's write lock, a resume from sleep; with
 * TZ=Europe/Prague a daylight-saving change falls inside.
 * The figures it returns are checked by month.test.ts (a few days) and run.ts (`npm run soak`).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statfsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
import { holdWriteLock } from '../database-lock/lock-holder.js';

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
  /**
   * Without root no tmpfs can be mounted, so the full disk cannot be made: the run then fails
   * (fullDisk.mode 'not run') unless this says it may go on without it.
   */
  allowNoFullDisk?: boolean;
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
  caps: { logBytes: number; logFiles: number; walBytes: number; dbBytesPerPayment: number };
  gc: boolean;
  backup: 'called' | 'none';
  /** The full disk's hour: how it was made, and what the till did through it. */
  fullDisk: FullDiskFigures;
  /** Another process's write lock: what the POS and the guest were answered. */
  lock: LockFigures | null;
}

export interface FullDiskFigures {
  /** 'tmpfs': the data dir is a tmpfs of its own, made full by shrinking it to what it holds. */
  mode: 'tmpfs' | 'not run';
  why: string | null;
  /** Bills the POS could not put, or guests whose payment was refused, through the hour (all served after). */
  refused: number;
  /** Payments the service took through the hour (each must be in the store by the night). */
  paid: number;
}

export interface LockFigures {
  scanAnswered: boolean;
  /** The POS's write: its status and Retry-After. */
  posStatus: number;
  retryAfter: string | null;
  /** The guest's payment attempt while the lock was held. */
  guest: string;
}

/** The morning backup: the data dir, its app stopped. */
export type BackupHook = (dataDir: string) => Promise<void> | void;

// Soak fault days (clamped to the run's last day in a short run).
const FAULT_DAYS = { ntpForward: 3, ntpBack: 4, fullDisk: 6, lock: 8, resume: 12 } as const;
const CURRENCY = 'CZK';
const API_KEY = 'soak-soak-soak-soak-soak';
const FULL_DISK_MS = 3_600_000;
const LOG_FILE_KIB = 32;
/** The data dir's tmpfs: a limit, not an allocation (a tmpfs holds only what is written). */
const VOLUME_MB = 2048;
/**
 * The database's cap: bytes a payment may cost, everything the app keeps with it (its bill and
 * lines, events, webhook deliveries, indexes) spread over the payments. The app keeps every
 * payment, so the file grows with them; a row or an index that stops being pruned breaks this.
 */
export const DB_BYTES_PER_PAYMENT_CAP = 8 * 1024;

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
    const { status, text } = await this.send(method, path, body);
    if (status >= 300) throw new Error(`${method} ${path}: ${status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }
  /** The answer whatever its status (a refusal the soak expects). */
  async send(method: string, path: string, body?: unknown): Promise<{ status: number; text: string; retryAfter: string | null }> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, text: await res.text(), retryAfter: res.headers.get('retry-after') };
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

/** The data dir's own volume, which the soak can make full: a tmpfs (root), or none and why. */
interface Volume {
  mode: FullDiskFigures['mode'];
  why: string | null;
  /** No room left: the tmpfs shrinks to what it holds (a remount: no filler file takes memory). */
  fill(): void;
  free(): void;
  close(): void;
}

function ownVolume(dir: string): Volume {
  const none = (why: string): Volume => ({ mode: 'not run', why, fill: () => {}, free: () => {}, close: () => {} });
  if (process.getuid?.() !== 0) return none('not root: a tmpfs needs a mount');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${VOLUME_MB}m,mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (e) {
    return none(`mount failed: ${(e as Error).message.split('\n')[0]}`);
  }
  const usedKib = () => {
    const st = statfsSync(dir);
    return Math.ceil(((st.blocks - st.bfree) * st.bsize) / 1024);
  };
  return {
    mode: 'tmpfs',
    why: null,
    fill: () => {
      // A write between the measure and the remount makes the size too small (EINVAL): measure again.
      for (let n = 0; ; n++) {
        try {
          execFileSync('mount', ['-o', `remount,size=${usedKib()}k`, dir], { stdio: 'pipe' });
          return;
        } catch (e) {
          if (n >= 20) throw e;
        }
      }
    },
    free: () => execFileSync('mount', ['-o', `remount,size=${VOLUME_MB}m`, dir], { stdio: 'pipe' }),
    close: () => execFileSync('umount', ['--lazy', dir], { stdio: 'pipe' }),
  };
}

/**
 * Copies the WAL into the file and empties it (another connection, as a backup tool might), so
 * the app's next commit must grow the WAL: on a full disk it then meets ENOSPC at once, not after
 * the WAL's reused room runs out.
 */
function emptyWal(dbFile: string): void {
  const db = new Database(dbFile);
  try {
    db.pragma('busy_timeout = 5000');
    const row = (db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[])[0]!;
    if (row.busy !== 0) throw new Error('the WAL could not be emptied before the full disk');
  } finally {
    db.close();
  }
}

/** Payments that wait for their close (a paymentClosed the full disk refused); manual captures awaiting the cashier are not. */
function pendingPayments(dbFile: string): number {
  const db = new Database(dbFile, { readonly: true });
  try {
    const sql = "SELECT COUNT(*) AS n FROM payments WHERE state IN ('STARTED', 'PROCESSED') AND NOT (captureMode = 'manual' AND state = 'PROCESSED')";
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
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
  const caps = {
    logBytes: rotation.files * (LOG_FILE_KIB * 1024 + LOG_MAX_WRITE_BYTES),
    logFiles: rotation.files,
    walBytes: CHECKPOINT_LIMITS.hardCap,
    dbBytesPerPayment: DB_BYTES_PER_PAYMENT_CAP,
  };
  // Before anything opens a file in it: the data dir becomes a volume of its own.
  const volume = ownVolume(dataDir);
  const fullDisk: FullDiskFigures = { mode: volume.mode, why: volume.why, refused: 0, paid: 0 };
  let lockFigures: LockFigures | null = null;
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
      const tableOf = (b: number) => `t${(b % tables) + 1}`;
      const billIdOf = (b: number) => `d${d}-${tableOf(b)}-${Math.floor(b / tables)}`;
      const linesOf = (b: number) => [
        { id: 'beer', name: 'Pilsner 0.5 l', price: priceIn(menu, 'beer').toFixed(2), quantity: String(1 + (b % 3)) },
        { id: 'goulash', name: 'Goulash', price: priceIn(menu, 'goulash').toFixed(2), quantity: '1' },
      ];
      const billBody = (b: number) => ({ tableId: tableOf(b), currency: CURRENCY, name: `Bill ${billIdOf(b)}`, items: linesOf(b) });
      const totalOf = (lines: ReturnType<typeof linesOf>) => lines.reduce((sum, l) => sum.plus(new Decimal(l.price).times(l.quantity)), new Decimal(0));
      const paid = (amount: Decimal, t: Decimal) => {
        ledger.count++;
        ledger.amount = ledger.amount.plus(amount);
        ledger.tips = ledger.tips.plus(t);
        payments++;
      };
      const guestPays = (b: number, body: Record<string, unknown>) =>
        service.post<GuestPaid>('/sandbox/guest/pay', { idTable: tableOf(b), idBill: billIdOf(b), ...body });

      /** One bill: put by the POS, sometimes a guest order onto it, paid by its guests. */
      const serve = async (b: number): Promise<void> => {
        const table = tableOf(b);
        const billId = billIdOf(b);
        const lines = linesOf(b);
        await pos.call('PUT', `/bills/${billId}`, billBody(b));
        let total = totalOf(lines);
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
        const pay = (body: Record<string, unknown>) => guestPays(b, body);
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
      };

      /**
       * A bill in the full disk's hour: the POS puts it, its guest pays it whole. Either may be
       * refused (the disk cannot take the write); then the bill is served again once there is room.
       * A payment the service took counts, whether the till saved it now or recovers it later.
       */
      const serveOnFullDisk = async (b: number, deferred: number[]): Promise<void> => {
        const put = await pos.send('PUT', `/bills/${billIdOf(b)}`, billBody(b));
        if (put.status >= 500) {
          fullDisk.refused++;
          deferred.push(b);
          return;
        }
        if (put.status >= 300) throw new Error(`PUT ${billIdOf(b)} on a full disk: ${put.status} ${put.text}`);
        const res = await guestPays(b, {}).catch((e: unknown) => ({ outcome: `failed: ${(e as Error).message}` }));
        if (res.outcome === 'paid') {
          paid(totalOf(linesOf(b)), new Decimal(0));
          fullDisk.paid++;
          return;
        }
        fullDisk.refused++;
        deferred.push(b);
      };

      /** Space back: the till settles what the disk refused (its recovery on a reconnect), then the bills that waited are served. */
      const endFullDisk = async (deferred: number[]): Promise<void> => {
        volume.free();
        const reconnected = await companion.api.reconnect();
        if (!reconnected.ok) throw new Error(`reconnect after the full disk: ${JSON.stringify(reconnected)}`);
        await connected(companion);
        await waitFor(() => pendingPayments(dbFile) === 0, 'the payments the full disk left open settled', { timeoutMs: 30_000 });
        for (const b of deferred) await serve(b);
        faults.push(`full disk 1 h (${volume.mode}): ${fullDisk.refused} refused, ${fullDisk.paid} paid, all served after`);
      };

      /**
       * A bill while another process holds the database's write lock: the guest's scan is answered,
       * the POS's write is refused with 503 and Retry-After, the guest's payment is refused (never
       * acknowledged); once the lock is let go the bill is served as any other.
       */
      const serveUnderLock = async (b: number): Promise<void> => {
        await pos.call('PUT', `/bills/${billIdOf(b)}`, billBody(b));
        const holder = await holdWriteLock(dbFile);
        try {
          const scan = await service.post<{ id: string }[]>('/sandbox/guest/scan', { idTable: tableOf(b) });
          const put = await pos.send('PUT', `/bills/${billIdOf(b)}`, billBody(b));
          const guest = await guestPays(b, {}).then(
            (res) => res.outcome,
            (e: unknown) => `failed: ${(e as Error).message}`,
          );
          lockFigures = { scanAnswered: scan.some((x) => x.id === billIdOf(b)), posStatus: put.status, retryAfter: put.retryAfter, guest };
        } finally {
          await holder.release();
        }
        faults.push(
          `lock by another process: scan ${lockFigures.scanAnswered ? 'answered' : 'NOT ANSWERED'}, POS write ${lockFigures.posStatus} Retry-After ${lockFigures.retryAfter ?? '-'}, guest payment ${lockFigures.guest}`,
        );
        await serve(b);
      };

      let diskFull: { since: number; deferred: number[] } | null = null;
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
        if (d === at('resume') && b === Math.floor((2 * bills) / 3)) {
          clock.jump(2 * 3_600_000);
          companion.onResume();
          // The resume drops the link and connects again at once: the status leaves "connected".
          const dropped = companion.connection().status !== 'connected';
          await connected(companion);
          faults.push(`resume after 2 h asleep (${dropped ? 'reconnected' : 'link kept'})`);
        }
        if (d === at('fullDisk') && b === Math.floor(bills / 8) && volume.mode === 'tmpfs') {
          emptyWal(dbFile);
          volume.fill();
          diskFull = { since: clock.now(), deferred: [] };
        }
        if (diskFull && clock.now() - diskFull.since >= FULL_DISK_MS) {
          await endFullDisk(diskFull.deferred);
          diskFull = null;
        }
        if (diskFull) await serveOnFullDisk(b, diskFull.deferred);
        else if (d === at('lock') && b === Math.floor(bills / 4)) await serveUnderLock(b);
        else await serve(b);
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
      if (diskFull) await endFullDisk(diskFull.deferred);

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
    return {
      days: figures,
      servicePaid,
      lost,
      doubled,
      reportsStable,
      caps,
      gc: gc !== undefined,
      backup: backup ? 'called' : 'none',
      fullDisk,
      lock: lockFigures,
    };
  } finally {
    volume.free();
    await live.companion?.stop();
    await stopChild(sandbox.child);
    await flushLogger(log);
    volume.close();
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

/** The database's bytes after the run over every payment of the month. */
export function dbBytesPerPayment(r: SoakResult): number {
  const paidTotal = r.days.reduce((n, d) => n + d.payments, 0);
  return r.days.at(-1)!.dbBytes / Math.max(1, paidTotal);
}

/**
 * The month's checks, each a sentence naming what failed (run.ts prints them, month.test.ts
 * expects none): payments, day reports, the caps, RSS and handles, and the two storage faults.
 */
export function soakFailures(r: SoakResult, o: { allowNoFullDisk?: boolean } = {}): string[] {
  const flat = flatness(r.days);
  return [
    r.servicePaid === 0 && 'the service made no payment PAID',
    r.lost.length > 0 && `lost payments: ${r.lost.join(', ')}`,
    r.doubled.length > 0 && `double payments: ${r.doubled.join(', ')}`,
    r.days.some((d) => !d.reportOk) &&
      `day reports not equal to their payments: ${r.days
        .filter((d) => !d.reportOk)
        .map((d) => d.date)
        .join(', ')}`,
    !r.reportsStable && 'a day report changed when asked again at the end',
    r.days.some((d) => d.logBytes > r.caps.logBytes || d.logFiles > r.caps.logFiles) && 'logs over their cap',
    r.days.some((d) => d.walBytes > r.caps.walBytes) && 'WAL over its cap',
    dbBytesPerPayment(r) > r.caps.dbBytesPerPayment && `database over its cap: ${dbBytesPerPayment(r).toFixed(0)} bytes a payment`,
    Math.abs(flat.rssChange) > 0.1 && `RSS not flat: ${flat.rssFrom.toFixed(1)} → ${flat.rssTo.toFixed(1)} MB`,
    Math.abs(flat.handlesChange) > 0.1 && `open handles not flat: ${flat.handlesFrom} → ${flat.handlesTo}`,
    r.fullDisk.mode !== 'tmpfs' &&
      !o.allowNoFullDisk &&
      `the full disk was not made (${r.fullDisk.why ?? 'unknown'}); run as root, or set SOAK_ALLOW_NO_FULL_DISK=1`,
    r.fullDisk.mode === 'tmpfs' && r.fullDisk.refused === 0 && 'the full disk refused nothing: the fault did not happen',
    r.lock === null && 'the lock by another process did not happen',
    r.lock !== null && !r.lock.scanAnswered && 'a guest scan was not answered while another process held the lock',
    r.lock !== null &&
      (r.lock.posStatus !== 503 || r.lock.retryAfter === null) &&
      `the POS's write under the lock was answered ${r.lock.posStatus}, not 503 with Retry-After`,
    r.lock !== null && r.lock.guest === 'paid' && 'a payment was acknowledged while another process held the lock',
  ].filter((f): f is string => typeof f === 'string');
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
    `database: ${(last.dbBytes / 1e6).toFixed(1)} MB after ${paidTotal} payments: ${dbBytesPerPayment(r).toFixed(0)} bytes a payment (cap ${r.caps.dbBytesPerPayment}; the app keeps every payment and prunes only webhook deliveries)`,
    r.fullDisk.mode === 'tmpfs'
      ? `full disk: a tmpfs made full for 1 h: ${r.fullDisk.refused} bills or payments refused (served after), ${r.fullDisk.paid} paid meanwhile`
      : `full disk: NOT RUN (${r.fullDisk.why ?? 'unknown'})`,
    r.lock
      ? `lock by another process: guest scan ${r.lock.scanAnswered ? 'answered' : 'NOT answered'}, POS write ${r.lock.posStatus} (Retry-After ${r.lock.retryAfter ?? 'none'}), guest payment ${r.lock.guest}`
      : 'lock by another process: not run',
    `caps: logs ${(r.caps.logBytes / 1e6).toFixed(1)} MB in ${r.caps.logFiles} files (max seen ${(Math.max(...r.days.map((d) => d.logBytes)) / 1e6).toFixed(1)} MB, ${Math.max(...r.days.map((d) => d.logFiles))} files); WAL ${(r.caps.walBytes / 1e6).toFixed(0)} MB (max seen ${(Math.max(...r.days.map((d) => d.walBytes)) / 1e6).toFixed(1)} MB); backup: ${r.backup}`,
  ].join('\n');
}
