/**
 * Waiters' phones during a rush: the host as deployed (the headless bundle) with staff phones on,
 * its LAN listener on 127.0.0.2 (standing for the LAN). 32 guests pay at once through the sandbox;
 * the host's CPU per payment with 10 paired phones attached (each following every table, so every
 * payment's notice goes to all ten) is set beside the same rushes with no phone attached, in
 * turns on the same host. The phones run in a process of their own, as devices of their own do.
 * Checked: every payment PAID in the store, and its notice on every phone.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

/**
 * The phones' process: each paired phone's session (challenge → hello with its proof → welcome),
 * following every area, counting the paid notices it gets; it answers the bench over IPC. Phones
 * are devices of their own: their frames cost the sandbox and the guests nothing here either.
 */
const PHONES_SCRIPT = `
const { createHmac } = require('node:crypto');
const WebSocket = require('ws');
const [url, devicesJson, areasJson] = process.argv.slice(1);
const devices = JSON.parse(devicesJson), areas = JSON.parse(areasJson);
const phones = [];
const waiters = new Set();
const attach = (device) => new Promise((resolve, reject) => {
  const ws = new WebSocket(url.replace(/^http/, 'ws') + '/staff/live', { origin: url });
  const phone = { ws, paid: new Set() };
  ws.once('error', reject);
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString('utf8'));
    if (frame.type === 'challenge') {
      const proof = createHmac('sha256', Buffer.from(device.secret, 'hex')).update(frame.nonce, 'utf8').digest('hex');
      ws.send(JSON.stringify({ type: 'hello', deviceId: device.id, proof }));
    } else if (frame.type === 'welcome') {
      ws.send(JSON.stringify({ type: 'request', id: 1, cmd: 'follow', input: { tableIds: [], areas } }));
    } else if (frame.type === 'reply') {
      resolve(phone);
    } else if (frame.type === 'event' && frame.event && frame.event.type === 'notice' && frame.event.notice && frame.event.notice.id.startsWith('paid:')) {
      phone.paid.add(frame.event.notice.id.slice(5));
      for (const w of [...waiters]) w();
    }
  });
});
process.on('message', (m) => {
  if (m.op === 'close') {
    for (const p of phones) p.ws.terminate();
    process.exit(0);
  }
  if (m.op !== 'noticed') return;
  const count = () => phones.reduce((n, p) => n + m.ids.filter((id) => p.paid.has(id)).length, 0);
  const check = () => { if (count() >= phones.length * m.ids.length) done(); };
  const timer = setTimeout(() => done(), m.deadlineMs);
  const done = () => { clearTimeout(timer); waiters.delete(check); process.send({ q: m.q, count: count() }); };
  waiters.add(check);
  check();
});
Promise.all(devices.map(attach)).then((all) => { phones.push(...all); process.send({ q: 0, attached: all.length }); }, (e) => { console.error(e); process.exit(1); });
`;

interface Phones {
  /** Resolves with how many (phone, payment) notices of `ids` arrived, once all have or at the deadline. */
  noticed(ids: string[]): Promise<number>;
  close(): Promise<void>;
}

/** Attaches every device as a phone, in a process of their own; resolves once each follows every area. */
async function attachPhones(url: string, devices: { id: string; secret: string }[]): Promise<Phones> {
  const child = spawn(process.execPath, ['-e', PHONES_SCRIPT, url, JSON.stringify(devices), JSON.stringify(AREAS)], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const answers = new Map<number, (count: number) => void>();
  let nextQ = 1;
  child.on('message', (m: { q: number; count?: number }) => {
    answers.get(m.q)?.(m.count ?? 0);
    answers.delete(m.q);
  });
  await new Promise<void>((resolve, reject) => {
    answers.set(0, () => resolve());
    child.once('exit', (code) => reject(new Error(`the phones' process exited (${code}) before all were attached`)));
  });
  return {
    noticed: (ids) =>
      new Promise((resolve) => {
        const q = nextQ++;
        answers.set(q, resolve);
        child.send({ op: 'noticed', q, ids, deadlineMs: NOTICE_DEADLINE_MS });
      }),
    async close() {
      if (child.exitCode !== null) return;
      child.send({ op: 'close' });
      await exited;
    },
  };
}

const bench: Bench = async ({ quick }) => {
  const size = quick ? { rush: 96, rounds: 1 } : { rush: 480, rounds: 4 };
  // A warm-up rush without phones and one with them, then rounds of (no phones, phones) in turns,
  // each on fresh tables.
  const total = size.rush * (2 + 2 * size.rounds);
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
  let phones: Phones | null = null;
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
    // The phones' code paths compile once: a rush with them attached first, not counted.
    phones = await attachPhones(url, devices);
    await rush(tables(size.rush));
    await phones.close();
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
      phones = await attachPhones(url, devices);
      const watched = tables(size.rush);
      const r1 = await rush(watched);
      withPhones.push(r1.cpu);
      const paidIds = await paymentIdsOf(storeFile(dir), watched);
      notices += await phones.noticed(paidIds);
      await phones.close();
      phones = null;
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
    await phones?.close();
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
