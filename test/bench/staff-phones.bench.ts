/**
 * Waiters' phones during a rush: the host as deployed (the headless bundle) with staff phones on,
 * its LAN listener on 127.0.0.2 (standing for the LAN). 32 guests pay at once through the sandbox;
 * the host's CPU per payment with 10 paired phones attached (each following every table, so every
 * payment's notice goes to all ten) is set beside the same rushes with no phone attached, in
 * turns on the same host. Checked: every payment PAID in the store, and its notice on every phone.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { openStore } from '../../main/store/index.js';
import { startSandbox } from '../../sandbox/index.js';
import { startBenchHost, type BenchHost } from './bench-host.js';
import { median, type Bench } from './harness.js';
import { lanesOf, paidInStore, payAll } from './payment-rush.js';
import { cpuMs } from './proc-stats.js';
import { seedStore, storeFile } from './seed-store.js';

const LAN = '127.0.0.2';
const PHONES = 10;
const GUESTS = 32;
const ITEMS = 20;
/** Areas of the seeded tables (seed-store.ts: `Area ${t % 10}`): a phone following all of them gets every notice. */
const AREAS = Array.from({ length: 10 }, (_, i) => `Area ${i}`);
const NOTICE_DEADLINE_MS = 10_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, LAN, () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

interface Phone {
  ws: WebSocket;
  /** Payment ids whose paid notice arrived. */
  paid: Set<string>;
}

/** A paired phone's session: challenge → hello with its proof → welcome, then it follows every area. */
function attach(url: string, device: { id: string; secret: string }): Promise<Phone> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/staff/live`, { origin: url });
  const phone: Phone = { ws, paid: new Set() };
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString('utf8')) as { type: string; nonce?: string; event?: { type: string; notice?: { id: string } } };
      if (frame.type === 'challenge') {
        const proof = createHmac('sha256', Buffer.from(device.secret, 'hex')).update(frame.nonce!, 'utf8').digest('hex');
        ws.send(JSON.stringify({ type: 'hello', deviceId: device.id, proof }));
      } else if (frame.type === 'welcome') {
        ws.send(JSON.stringify({ type: 'request', id: 1, cmd: 'follow', input: { tableIds: [], areas: AREAS } }));
      } else if (frame.type === 'reply') {
        resolve(phone);
      } else if (frame.type === 'event' && frame.event?.type === 'notice' && frame.event.notice?.id.startsWith('paid:')) {
        phone.paid.add(frame.event.notice.id.slice(5));
      }
    });
  });
}

/** Until every phone has the paid notice of every payment in `ids`, or the deadline. */
async function noticesArrive(phones: Phone[], ids: string[]): Promise<number> {
  const deadline = Date.now() + NOTICE_DEADLINE_MS;
  const count = () => phones.reduce((n, p) => n + ids.filter((id) => p.paid.has(id)).length, 0);
  while (count() < phones.length * ids.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return count();
}

const bench: Bench = async ({ quick }) => {
  const size = quick ? { rush: 96, rounds: 1 } : { rush: 480, rounds: 4 };
  // A warm-up rush, then rounds of (no phones, phones) in turns, each on fresh tables.
  const total = size.rush * (1 + 2 * size.rounds);
  const dir = mkdtempSync(join(tmpdir(), 'tableside-bench-staff-'));
  seedStore(dir, total, ITEMS);
  const devices = Array.from({ length: PHONES }, (_, i) => ({ id: `phone-${i}`, secret: randomBytes(32).toString('hex') }));
  const store = openStore({ file: storeFile(dir) });
  for (const [i, d] of devices.entries()) store.staff.pairStaffDevice({ id: d.id, name: `Phone ${i}`, role: 'waiter', secret: d.secret, label: null });
  store.engine.close();
  const port = await freePort();
  const sandbox = await startSandbox({ callTimeoutMs: 15_000 });
  // The store already has data: settings.json names where the till connects, as a configured till's does.
  writeFileSync(
    join(dir, 'settings.json'),
    JSON.stringify({ environment: 'sandbox', serviceUrl: sandbox.url, posId: 'bench', staffPhones: true, staffLanAddress: LAN, staffPort: port }),
  );
  let host: BenchHost | null = null;
  let phones: Phone[] = [];
  try {
    host = await startBenchHost({ dataDir: dir, serviceUrl: sandbox.url, apiKey: sandbox.restaurant.apiKey, transport: 'ws' });
    const url = `http://${LAN}:${port}`;
    let next = 0;
    const tables = (n: number) => Array.from({ length: n }, () => `t${next++}`);
    const rush = async (ts: string[]) => {
      const cpu0 = cpuMs(host!.pid);
      const paid = (await Promise.all(lanesOf(ts, GUESTS).map((lane) => payAll(sandbox, lane)))).reduce((a, b) => a + b, 0);
      return { cpu: (cpuMs(host!.pid) - cpu0) / ts.length, paid };
    };
    await rush(tables(size.rush));
    const without: number[] = [];
    const withPhones: number[] = [];
    let payments = 0;
    let paid = 0;
    let notices = 0;
    const used: string[] = [];
    for (let round = 0; round < size.rounds; round++) {
      const plain = tables(size.rush);
      const r0 = await rush(plain);
      without.push(r0.cpu);
      phones = await Promise.all(devices.map((d) => attach(url, d)));
      const watched = tables(size.rush);
      const r1 = await rush(watched);
      withPhones.push(r1.cpu);
      const paidIds = await paymentIdsOf(storeFile(dir), watched);
      notices += await noticesArrive(phones, paidIds);
      for (const p of phones) p.ws.terminate();
      phones = [];
      payments += plain.length + watched.length;
      paid += r0.paid + r1.paid;
      used.push(...plain, ...watched);
    }
    const base = median(without);
    const value = median(withPhones);
    const watchedPayments = size.rush * size.rounds;
    return [
      {
        bench: `waiters' phones during a ${GUESTS}-guest rush`,
        metric: `host CPU per payment with ${PHONES} phones attached (median of ${size.rounds} rushes)`,
        what: `the host's CPU time (user + system, /proc) per complete guest payment while ${PHONES} paired phones follow every table and get every payment's notice; beside the same rushes with no phone attached, in turns on the same host`,
        value,
        unit: `ms (${(value / base).toFixed(2)}x)`,
        baseline: { metric: 'no phone attached, same host, in turns (median)', value: base, unit: 'ms' },
        target: '<= 1.25x the CPU per payment of no phones',
        met: value <= 1.25 * base,
        checked: { payments, paidBySandbox: paid, paymentsPaidInStore: paidInStore(storeFile(dir), used), noticesOnPhones: notices },
        expected: { payments, paidBySandbox: payments, paymentsPaidInStore: payments, noticesOnPhones: watchedPayments * PHONES },
      },
    ];
  } finally {
    for (const p of phones) p.ws.terminate();
    await host?.stop();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

/** The ids of the paid payments on these tables' bills (bill b<t> on table t<t>), read from the store file. */
async function paymentIdsOf(file: string, tables: string[]): Promise<string[]> {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file, { readonly: true });
  try {
    const bills = tables.map((t) => `b${t.slice(1)}`);
    const rows = db
      .prepare(`SELECT id FROM payments WHERE state = 'PAID' AND billId IN (${bills.map(() => '?').join(',')})`)
      .all(...bills) as { id: string }[];
    return rows.map((r) => r.id);
  } finally {
    db.close();
  }
}

export default bench;
