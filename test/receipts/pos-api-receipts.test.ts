import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../main/base/clock.js';
import { silentLogger } from '../../main/base/log.js';
import { startPosApi, type PosApi } from '../../main/app/pos-api.js';
import { type ReceiptMode } from '../../main/store/index.js';
import { openTestStore, type TestStore } from '../store/test-store.js';
import { seedBill, wirePayment } from '../store/helpers.js';
import { fiscalReceipt } from './helpers.js';

const TOKEN = 'r'.repeat(64);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** PUT/GET /v1/payments/{id}/receipt over real HTTP on 127.0.0.1, on a real store file. */
describe('POS API: receipts from the main POS', () => {
  let dir: string;
  let store: TestStore;
  let api: PosApi;
  let mode: ReceiptMode = 'POSTPONED';
  const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; json: Json }> => {
    const res = await fetch(`${api.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null };
  };
  const pay = (id: string, processed = true, items = [{ id: 'water', price: '40', quantity: '1' }]) => {
    store.startPayment(wirePayment(id, items));
    if (processed) {
      store.processPayment(id);
      store.closePayment(id, 'PAID');
    }
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tableside-receipt-api-'));
    store = openTestStore({ file: join(dir, 'bills.sqlite'), clock: new ManualClock(Date.parse('2026-11-22T20:00:00Z')), receiptMode: () => mode });
    api = await startPosApi({ store, port: 0, token: TOKEN, log: silentLogger() });
    seedBill(store);
    pay('p-post', true, [{ id: 'beer', price: '62.50', quantity: '2' }]); // what fiscalReceipt() lists
    mode = 'QERKO_GENERATED';
    pay('p-service');
    mode = 'POSTPONED';
    pay('p-started', false);
  });
  afterAll(async () => {
    await api.close();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the POS learns of a POSTPONED payment from /v1/events', async () => {
    const events = (await call('GET', '/events?after=0')).json as { kind: string; paymentId: string | null; data: Record<string, unknown> }[];
    const processed = events.filter((e) => e.kind === 'payment.processed').map((e) => [e.paymentId, e.data.receiptDeliveryType]);
    expect(processed).toEqual([
      ['p-post', 'POSTPONED'],
      ['p-service', 'QERKO_GENERATED'],
    ]);
  });

  it('stores the receipt (201), answers the same one again with 200, refuses another with 409 RECEIPT_ALREADY_GIVEN', async () => {
    const first = await call('PUT', '/payments/p-post/receipt', fiscalReceipt());
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      paymentId: 'p-post',
      source: 'pos',
      serial: 'FP-2026-0042',
      total: '125.00',
      paid: '125.00',
      delivery: { state: 'sending', attempts: 0 },
    });
    expect((await call('PUT', '/payments/p-post/receipt', fiscalReceipt())).status).toBe(200);
    const other = await call('PUT', '/payments/p-post/receipt', fiscalReceipt('FP-2026-0043'));
    expect(other).toMatchObject({ status: 409, json: { error: { code: 'RECEIPT_ALREADY_GIVEN', field: 'receipt' } } });
    expect(store.givenReceipt('p-post')?.receipt.receiptInfo.serial).toBe('FP-2026-0042');
    const events = (await call('GET', '/events?after=0')).json as { kind: string; data: unknown }[];
    expect(events.filter((e) => e.kind === 'payment.receipt').map((e) => e.data)).toEqual([{ delivery: 'pending', serial: 'FP-2026-0042' }]);
  });

  it("422 RECEIPT_MISMATCH for lines that are not the payment's, naming the difference; nothing stored or sent", async () => {
    seedBill(store, 'b2', 't2'); // b1 is held by p-started
    store.startPayment(wirePayment('p-other', [{ id: 'goulash', price: '189', quantity: '1' }], { idBill: 'b2' }));
    store.processPayment('p-other');
    store.closePayment('p-other', 'PAID');
    const before = store.eventsAfter(0).length;
    const line = (id: string, name: string, price: string, quantity = '1') => ({ id, name, price, quantity, tags: [] });
    const receipt = (items: ReturnType<typeof line>[], finalPrice?: string) => ({ ...fiscalReceipt('FP-2026-0099'), items, finalPrice });

    const short = await call('PUT', '/payments/p-other/receipt', receipt([line('goulash', 'Goulash', '188.99')]));
    expect(short).toMatchObject({ status: 422, json: { error: { code: 'RECEIPT_MISMATCH', field: 'items' } } });
    expect(short.json.error.message).toBe("The receipt's lines add up to 188.99 CZK but payment p-other paid 189.00 CZK (tip apart): a difference of -0.01.");

    const extra = await call('PUT', '/payments/p-other/receipt', receipt([line('goulash', 'Goulash', '189'), line('cake', 'Cake', '0')]));
    expect(extra).toMatchObject({ status: 422, json: { error: { code: 'RECEIPT_MISMATCH', field: 'items[1].id' } } });
    expect(extra.json.error.message).toContain('"cake", "Cake"');

    const final = await call('PUT', '/payments/p-other/receipt', receipt([line('goulash', 'Goulash', '189')], '190.00'));
    expect(final).toMatchObject({ status: 422, json: { error: { code: 'RECEIPT_MISMATCH', field: 'finalPrice' } } });

    expect(store.givenReceipt('p-other')).toBeNull();
    expect(store.eventsAfter(0)).toHaveLength(before);
    // The POS's own line numbering is fine when the names are the payment's; exact amount to the cent.
    expect((await call('PUT', '/payments/p-other/receipt', receipt([line('1', 'Goulash', '94.50', '2')], '189.00'))).status).toBe(201);
    expect(store.givenReceipt('p-other')?.receipt.receiptInfo.serial).toBe('FP-2026-0099');
  });

  it('400 names the bad field and stores nothing', async () => {
    const badPrice = { ...fiscalReceipt(), items: [{ id: 'water', name: 'Water', price: '12,50', quantity: '1' }] };
    expect(await call('PUT', '/payments/p-started/receipt', badPrice)).toMatchObject({
      status: 400,
      json: { error: { code: 'BAD_REQUEST', field: 'items[0].price' } },
    });
    const noSerial = { ...fiscalReceipt(), receiptInfo: { timestamp: '2026-11-22T21:15:00+01:00' } };
    expect(await call('PUT', '/payments/p-started/receipt', noSerial)).toMatchObject({ status: 400, json: { error: { field: 'receiptInfo.serial' } } });
    const badTime = { ...fiscalReceipt(), receiptInfo: { serial: 'X', timestamp: 'yesterday' } };
    expect(await call('PUT', '/payments/p-started/receipt', badTime)).toMatchObject({ status: 400, json: { error: { field: 'receiptInfo.timestamp' } } });
    const rounded = { ...fiscalReceipt(), finalPrice: '125.001' };
    expect(await call('PUT', '/payments/p-post/receipt', rounded)).toMatchObject({ status: 400, json: { error: { field: 'finalPrice' } } });
    expect(store.givenReceipt('p-started')).toBeNull();
  });

  it('404 for an unknown payment; 409 NOT_POSTPONED for a service receipt or a payment not processed yet', async () => {
    expect(await call('PUT', '/payments/nope/receipt', fiscalReceipt())).toMatchObject({ status: 404, json: { error: { code: 'NOT_FOUND' } } });
    expect(await call('PUT', '/payments/p-service/receipt', fiscalReceipt())).toMatchObject({
      status: 409,
      json: { error: { code: 'NOT_POSTPONED', field: 'id' } },
    });
    expect(await call('PUT', '/payments/p-started/receipt', fiscalReceipt())).toMatchObject({ status: 409, json: { error: { code: 'NOT_POSTPONED' } } });
  });

  it("GET shows any payment's receipt: the service's, the POS's; 404 without one", async () => {
    expect(await call('GET', '/payments/p-service/receipt')).toMatchObject({
      status: 200,
      json: {
        source: 'companion',
        receiptDeliveryType: 'QERKO_GENERATED',
        items: [{ name: 'Water', price: '40.00', quantity: '1', lineTotal: '40.00' }],
        delivery: { state: 'service' },
      },
    });
    expect(await call('GET', '/payments/p-post/receipt')).toMatchObject({ status: 200, json: { source: 'pos', fiscalInfo: fiscalReceipt().fiscalInfo } });
    expect((await call('GET', '/payments/p-started/receipt')).status).toBe(404);
    expect((await call('GET', '/payments/nope/receipt')).status).toBe(404);
  });

  it('is documented in the OpenAPI document with its 409 codes', async () => {
    const doc = (await call('GET', '/openapi.json')).json;
    const put = doc.paths['/v1/payments/{id}/receipt'].put;
    expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(['200', '201', '400', '401', '404', '409', '413', '421', '422']));
    expect(put.responses['422'].description).toMatch(/RECEIPT_MISMATCH/);
    expect(put.responses['409'].description).toMatch(/NOT_POSTPONED.*RECEIPT_ALREADY_GIVEN.*PAYMENT_NOT_PAID/s);
  });
});
