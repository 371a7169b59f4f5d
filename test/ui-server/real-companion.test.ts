import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanionEvent, Snapshot, TableView } from '../../preload/contract.js';
import { createCompanion } from '../../main/app/companion.js';
import { embeddedDemo } from '../companion/demo-port.js';
import type { Companion } from '../../main/base/host-types.js';
import { silentLogger } from '../../main/base/log.js';
import { startUiServer, type UiServer } from '../../main/adapters/ui-server/index.js';
import { connectBridge, type BridgeClient } from './bridge-client.js';
import { cookieFrom, rawRequest } from './raw-http.js';

/**
 * The browser-mode bridge over real sockets in front of the real core in demo mode (embedded
 * sandbox, SQLite in a temp dir): what a browser page does, minus the browser.
 */

let dir: string;
let companion: Companion;
let server: UiServer;
let client: BridgeClient;
let bridgeUrl: string;
let cookie: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'tableside-ui-core-'));
  const staticDir = path.join(dir, 'renderer');
  mkdirSync(staticDir);
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Tableside</title>');
  companion = await createCompanion({
    dataDir: path.join(dir, 'data'),
    settings: { environment: 'demo', posApiPort: 0 },
    demo: embeddedDemo,
    log: silentLogger(),
  });
  await companion.start();
  server = await startUiServer({ api: companion.api, staticDir, host: '127.0.0.1', port: 0, log: silentLogger() });
  // What a browser does with the printed URL: one visit that trades the token for the cookie.
  const base = new URL(server.url).origin;
  const exchange = await rawRequest(base, server.url.slice(base.length));
  expect(exchange.status).toBe(303);
  cookie = cookieFrom(exchange);
  expect((await rawRequest(base, '/', { headers: { cookie } })).status).toBe(200);
  bridgeUrl = `${new URL(server.url).origin.replace('http', 'ws')}/bridge`;
  client = await connectBridge(bridgeUrl, { cookie });
});

afterAll(async () => {
  await client?.close();
  await server?.close();
  await companion?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const events = (): CompanionEvent[] => client.frames.filter((f) => 'event' in f).map((f) => f.event as CompanionEvent);
const snapshot = async (): Promise<Snapshot> => (await client.call('getSnapshot')).result as Snapshot;

describe('browser-mode bridge with the real core (demo mode)', () => {
  it('serves the snapshot of the demo restaurant and reaches a connected session', async () => {
    const first = await snapshot();
    expect(first.demo).toBe(true);
    expect(first.tables.length).toBeGreaterThan(0);
    if (first.connection.status !== 'connected') {
      await client.next(
        (f) =>
          (f.event as CompanionEvent | undefined)?.type === 'connection' && (f.event as { connection: { status: string } }).connection.status === 'connected',
        'a connected session',
      );
    }
    expect((await snapshot()).connection.status).toBe('connected');
  });

  it("opens a bill and adds an item: the page hears the table's view change and reads the bill with billsOfTable", async () => {
    const free = (await snapshot()).tables.find((t) => t.state === 'free');
    expect(free, 'a free demo table').toBeDefined();
    const opened = (await client.call('openBill', { tableId: (free as TableView).id, currency: 'CZK' })).result as { ok: boolean; value: { id: string } };
    expect(opened.ok).toBe(true);
    const added = (await client.call('addItem', { billId: opened.value.id, name: 'Lemonade', price: '45.50', quantity: '2' })).result as {
      ok: boolean;
      value: { totals: { total: string } };
    };
    expect(added).toMatchObject({ ok: true, value: { totals: { total: '91.00' } } });
    const tableId = (free as TableView).id;
    await client.next((f) => {
      const e = f.event as CompanionEvent | undefined;
      return e?.type === 'table' && e.table.id === tableId && e.table.due === '91.00';
    }, "the table's view with the new item's due");
    const bills = (await client.call('billsOfTable', { tableId })).result as { ok: boolean; value: { id: string; items: { name: string }[] }[] };
    expect(bills).toMatchObject({ ok: true, value: [{ id: opened.value.id, items: [{ name: 'Lemonade' }] }] });
    expect((await client.call('billsOfTable', { tableId: 'no-such-table' })).result).toMatchObject({ ok: false, error: { code: 'TABLE_NOT_FOUND' } });
  });

  it('refuses bad input with the field named and leaves the bill as it was', async () => {
    const before = await snapshot();
    const reply = (await client.call('addItem', { billId: before.bills[0]?.id ?? 'none', name: 'Soup', price: 'a lot', quantity: '1' })).result;
    expect(reply).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', params: { field: 'price' }, action: 'addItem' } });
    expect((await snapshot()).bills).toEqual(before.bills);
  });

  it('a guest pays a table: the page gets the paid notice pushed', async () => {
    const open = (await snapshot()).tables.find((t) => t.state === 'open');
    expect(open, 'an open demo table').toBeDefined();
    const paid = (await client.call('guestPay', { tableId: (open as TableView).id, tip: '10' })).result as { ok: boolean; value: { paymentId: string } };
    expect(paid.ok).toBe(true);
    const notice = await client.next((f) => {
      const e = f.event as CompanionEvent | undefined;
      return e?.type === 'notice' && e.notice.kind === 'paid' && e.notice.paymentId === paid.value.paymentId;
    }, 'the paid notice');
    expect((notice.event as { notice: { tip: string } }).notice.tip).toBe('10.00');
    expect(events().filter((e) => e.type === 'notice' && e.notice.paymentId === paid.value.paymentId && e.notice.kind === 'paid')).toHaveLength(1);
    // The page reads a payment it no longer holds with getPayment.
    expect((await client.call('getPayment', { paymentId: paid.value.paymentId })).result).toMatchObject({
      ok: true,
      value: { id: paid.value.paymentId, state: 'PAID' },
    });
    expect((await client.call('getPayment', { paymentId: 'no-such-payment' })).result).toMatchObject({ ok: false, error: { code: 'PAYMENT_NOT_FOUND' } });
  });

  it('a hidden page is sent no views; shown again, its snapshot holds what changed and the views flow', async () => {
    const bill = (await snapshot()).bills.find((b) => b.state === 'OPEN');
    expect(bill, 'an open demo bill').toBeDefined();
    const { id: billId, tableId } = bill!;
    const tableChanged = (f: { event?: unknown }) => {
      const e = f.event as CompanionEvent | undefined;
      return e?.type === 'table' && e.table.id === tableId;
    };
    expect((await client.call('setShown', 'no')).error).toMatchObject({ code: 'BAD_REQUEST' });
    // A second page, shown, sees the views: once it has this change's, the hidden page's would have been sent.
    const witness = await connectBridge(bridgeUrl, { cookie });
    try {
      expect((await client.call('setShown', false)).result).toBeNull();
      const from = client.frames.length;
      const witnessFrom = witness.frames.length;
      const added = (await client.call('addItem', { billId, name: 'Hidden tea', price: '39', quantity: '1' })).result as { ok: boolean };
      expect(added.ok).toBe(true);
      await witness.next((f) => witness.frames.indexOf(f) >= witnessFrom && tableChanged(f), "the table's view on the shown page");
      // Shown again: every frame main sent the hidden page came before this answer (one socket, in order).
      expect((await client.call('setShown', true)).result).toBeNull();
      expect(client.frames.slice(from).filter((f) => ['bill', 'table', 'payment'].includes((f.event as CompanionEvent | undefined)?.type ?? ''))).toEqual([]);
    } finally {
      await witness.close();
    }
    // What changed meanwhile is in the snapshot the page reads next.
    expect((await snapshot()).bills.find((b) => b.id === billId)?.items.map((i) => i.name)).toContain('Hidden tea');
    const from = client.frames.length;
    await client.call('addItem', { billId, name: 'Shown tea', price: '39', quantity: '1' });
    await client.next((f) => client.frames.indexOf(f) >= from && tableChanged(f), "the table's view once shown");
    const read = (await client.call('billsOfTable', { tableId })).result as { ok: boolean; value: { id: string; items: { name: string }[] }[] };
    expect(read.value.find((b) => b.id === billId)?.items.map((i) => i.name)).toEqual(expect.arrayContaining(['Hidden tea', 'Shown tea']));
  });

  it('answers printing with the browser-mode explanation', async () => {
    const tableId = (await snapshot()).tables[0]?.id ?? 'none';
    const reply = (await client.call('printQrSheet', { tableIds: [tableId], mode: 'pdf' })).result;
    expect(reply).toMatchObject({ ok: false, error: { code: 'UNSUPPORTED' } });
  });
});
