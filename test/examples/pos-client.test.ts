import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/index.js';
import { cleanup, sandboxFor, tempDir } from '../integration/helpers/harness.js';
import { startHeadless, type Headless } from '../integration/helpers/headless-process.js';
import { fetchDocument, typesFromDocument, TYPES_FILE } from '../../examples/pos-client/generate-types.js';
import { openReferencePos, type PosData, type ReferencePos } from '../../examples/pos-client/pos.js';
import { CURSOR_FILE } from '../../examples/pos-client/cursor.js';

/** The evening the reference POS opens: its menu, two tables and a bill on each. */
const EVENING: Omit<PosData, 'receipts' | 'fiscalSerial' | 'orders'> = {
  evening: '2026-11-28',
  menu: [
    {
      id: 'drinks',
      name: 'Drinks',
      items: [
        { id: 'beer', name: 'Beer 0.5 l', price: '62.50' },
        { id: 'lemonade', name: 'Lemonade', price: '45' },
      ],
    },
    { id: 'food', name: 'Food', items: [{ id: 'goulash', name: 'Goulash', price: '189' }] },
  ],
  tables: [
    { id: 't1', name: 'Table 1', area: 'Garden' },
    { id: 't2', name: 'Table 2', area: 'Garden' },
  ],
  bills: {
    b1: {
      id: 'b1',
      tableId: 't1',
      name: 'Window',
      currency: 'CZK',
      closed: false,
      items: [
        { id: 'beer', name: 'Beer 0.5 l', price: '62.50', quantity: '2' },
        { id: 'goulash', name: 'Goulash', price: '189', quantity: '1' },
      ],
    },
    b2: { id: 'b2', tableId: 't2', name: null, currency: 'CZK', closed: false, items: [{ id: 'lemonade', name: 'Lemonade', price: '45', quantity: '2' }] },
  },
};

/**
 * A fetch that loses the answer of the first try of every write: the request reaches Tableside and
 * is applied, the POS sees a network error. The example must retry with the same key.
 */
function losingFetch(): typeof fetch {
  const lost = new Set<string>();
  return async (input, init) => {
    const request = new Request(input, init);
    const key = request.headers.get('idempotency-key');
    const res = await fetch(request);
    if (key === null || lost.has(key)) return res;
    lost.add(key);
    await res.arrayBuffer();
    throw new TypeError('fetch failed: the answer was lost');
  };
}

/** Bounded: until `done` holds, each try a round trip to the host (no sleeps). */
async function until<T>(what: string, attempt: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await attempt();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('examples/pos-client: an evening against the real headless host', () => {
  let sandbox: Sandbox;
  let host: Headless;
  const dataDir = tempDir();
  const stateDir = tempDir();
  let origin = '';
  const get = async <T>(path: string): Promise<T> =>
    (await (await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${host.ready.posApiToken}` } })).json()) as T;

  beforeAll(async () => {
    sandbox = await sandboxFor();
    // The POS gives the fiscal receipts (receiptMode POSTPONED); bills paid in full close themselves.
    writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ receiptMode: 'POSTPONED', autoCloseBills: true }));
    host = await startHeadless([
      '--data-dir',
      dataDir,
      '--service-url',
      sandbox.url,
      '--api-key',
      sandbox.restaurant.apiKey,
      '--pos-id',
      randomUUID(),
      '--transport',
      'ws',
      '--pos-api-port',
      '0',
      '--no-ui',
    ]);
    expect(await host.connected()).toEqual({ connected: true, transport: 'ws' });
    origin = new URL(host.ready.posApi).origin;
  });
  afterAll(async () => {
    host?.child.kill('SIGTERM');
    if (host) expect(await host.exited).toBe(0);
    await sandbox.close();
    cleanup(dataDir);
    cleanup(stateDir);
  });

  it('is written against the types of the document the host serves', async () => {
    expect(readFileSync(TYPES_FILE, 'utf8'), 'run: npx tsx examples/pos-client/generate-types.ts <origin>').toBe(
      await typesFromDocument(await fetchDocument(origin)),
    );
  });

  it('runs the evening: pushes, takes in a guest order, gives a guest payment its receipt, resumes from its cursor, settles at close', async () => {
    const open = (): ReferencePos =>
      openReferencePos({ url: host.ready.posApi, token: host.ready.posApiToken, stateDir, fetch: losingFetch(), retry: { attempts: 4, delayMs: () => 0 } });

    // 1. Open: menu, tables, bills pushed; every first answer lost, every retry replayed.
    const first = open();
    await first.openEvening(EVENING);
    expect(first.stats.replayed).toBe(first.stats.retried);
    expect(first.stats.retried).toBe(5);
    expect((await get<{ items: unknown[] }>('/v1/bills/b1')).items).toHaveLength(2);
    const menu = await until(
      'the menu pushed to the service',
      () => get<{ version: number; pushedVersion: number }>('/v1/menu'),
      (m) => m.pushedVersion === m.version,
    );
    expect(menu.version).toBe(1);

    // 2. A guest orders a lemonade at table 1: its line lands on b1; the POS takes it in and accepts.
    expect((await sandbox.guestOrder({ idTable: 't1', items: [{ id: 'lemonade', quantity: '1' }] })).outcome).toBe('placed');
    await until(
      'the order taken in',
      () => first.syncEvents(),
      () => first.data.orders.length === 1,
    );
    const orderId = first.data.orders[0]!;
    expect((await get<{ status: string }>(`/v1/orders/${orderId}`)).status).toBe('ACCEPTED');
    expect(first.data.bills.b1!.items.map((l) => l.name)).toEqual(['Beer 0.5 l', 'Goulash', 'Lemonade']);
    // Taken in explicitly: the lemonade's line is the POS's now (the event says which line).
    const log = await get<{ kind: string; billId: string | null; data: { takenIn?: string[] } }[]>('/v1/events?after=0&limit=1000');
    const takenIn = log.filter((e) => e.kind === 'bill.updated' && e.billId === 'b1').flatMap((e) => e.data.takenIn ?? []);
    expect(takenIn).toEqual([first.data.bills.b1!.items[2]!.id]);
    // A waiter adds a water at the POS: the bill is pushed whole, the guest's lemonade with it.
    await first.addLine('b1', { id: 'water', name: 'Water', price: '40', quantity: '1' });
    expect((await get<{ items: { name: string }[] }>('/v1/bills/b1')).items.map((l) => l.name)).toEqual(['Beer 0.5 l', 'Goulash', 'Lemonade', 'Water']);
    await first.syncEvents();
    const cursorBefore = first.cursor.get();
    expect(Number(readFileSync(join(stateDir, CURSOR_FILE), 'utf8'))).toBe(cursorBefore);

    // 3. The POS stops; meanwhile a guest pays the beers at table 1 through the service.
    const paid = await sandbox.guestPay({ idTable: 't1', items: [{ id: 'beer', quantity: '2' }] });
    expect(paid).toBeDefined();
    const payments = await until(
      'the payment paid',
      () => get<{ id: string; state: string }[]>('/v1/payments'),
      (list) => list.some((p) => p.state === 'PAID'),
    );
    const paymentId = payments.find((p) => p.state === 'PAID')!.id;
    expect((await get<{ delivery: { state: string } }>(`/v1/payments/${paymentId}/receipt`)).delivery.state).toBe('waiting-for-pos');

    // 4. Restarted on the same state dir: it resumes after its cursor, handles only what is new.
    const second = open();
    expect(second.cursor.get()).toBe(cursorBefore);
    await until(
      'the receipt given',
      () => second.syncEvents(),
      () => second.stats.handled.some((e) => e.kind === 'payment.paid'),
    );
    expect(second.stats.handled.every((e) => e.seq > cursorBefore)).toBe(true);
    expect(second.stats.handled.map((e) => e.kind)).not.toContain('order.created');
    expect(second.stats.sent.some((w) => w.startsWith('POST /v1/orders/'))).toBe(false);
    const receipt = await get<{ source: string; serial: string; delivery: { state: string } }>(`/v1/payments/${paymentId}/receipt`);
    expect([receipt.source, receipt.serial]).toEqual(['pos', 'F-1']);
    expect(second.stats.sent.filter((w) => w === `PUT /v1/payments/${paymentId}/receipt`)).toHaveLength(2);
    expect(second.stats.replayed).toBe(second.stats.retried);
    // Acknowledged after the cursor file moved: the till knows the POS has the payment.
    expect(second.stats.sent).toContain('POST /v1/events/ack');
    const health = await get<{ pos: { cursor: number | null; behind: number; oldestUnsyncedSeconds: number | null } }>('/v1/health');
    expect(health.pos.cursor).toBe(second.cursor.get());
    expect(health.pos.oldestUnsyncedSeconds).toBeNull();

    // 5. Close: what guests did not pay is settled at the till; both bills closed.
    await second.closeEvening();
    const b1 = await get<{ state: string; totals: { paid: string; due: string } }>('/v1/bills/b1');
    const b2 = await get<{ state: string; totals: { paid: string; due: string } }>('/v1/bills/b2');
    expect([b1.state, b1.totals.paid, b1.totals.due]).toEqual(['CLOSED', '125.00', '274.00']);
    expect([b2.state, b2.totals.paid]).toEqual(['CLOSED', '0.00']);
    await second.syncEvents();
    const closes = second.stats.handled.filter((e) => e.kind === 'bill.closed');
    expect(closes.map((e) => [e.billId, (e.data.settlement as { method: string }).method])).toEqual([
      ['b1', 'cash'],
      ['b2', 'cash'],
    ]);

    // 6. Once more from the cursor: nothing is handled again.
    const third = open();
    expect(await third.syncEvents()).toBe(0);
    expect(third.stats.sent).toEqual([]);
  });
});
