import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lastSeq, wirePayment } from '../store/helpers.js';
import type { PaymentView, TableView } from '../../preload/contract.js';
import type { StoreEvent } from '../../main/store/index.js';
import { startApi, TOKEN, type BillDetail } from './helpers.js';

type Api = Awaited<ReturnType<typeof startApi>>;

const beerBill = (extra: Record<string, unknown> = {}) => ({
  tableId: 't1',
  name: 'Window',
  currency: 'CZK',
  items: [
    { id: 'beer', name: 'Beer', price: '62.50', quantity: '2', unknownField: true },
    { id: 'soup', name: 'Soup', price: '55', quantity: '1', minQuantity: '1', tags: ['kitchen'] },
  ],
  ...extra,
});

describe('the local POS API over HTTP', () => {
  let a: Api;
  beforeEach(async () => {
    a = await startApi();
  });
  afterEach(async () => a.stop());

  it('listens on 127.0.0.1 under /v1', () => {
    expect(a.api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  });

  it('answers 401 without or with a wrong token, never echoing it', async () => {
    const none = await fetch(`${a.api.url}/tables`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    const wrong = await a.call('GET', '/tables', undefined, { authorization: 'Bearer not-the-token-123' });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error.code).toBe('UNAUTHORIZED');
    expect(wrong.text).not.toContain('not-the-token-123');
    expect(wrong.text).not.toContain(TOKEN);
    const basic = await a.call('GET', '/tables', undefined, { authorization: `Basic ${TOKEN}` });
    expect(basic.status).toBe(401);
    // Nothing else is answered without the token: not even a malformed path or a missing route.
    expect((await fetch(`${a.api.url}/bills/%E0%A4%A`)).status).toBe(401);
    expect((await fetch(`${a.api.url}/nothing`)).status).toBe(401);
    expect((await a.call('GET', '/bills/%E0%A4%A')).status).toBe(400);
  });

  it('a regenerated token replaces the old one at once', async () => {
    a.api.setToken('b'.repeat(64));
    expect((await a.call('GET', '/tables')).status).toBe(401);
    expect((await a.call('GET', '/tables', undefined, { authorization: `Bearer ${'b'.repeat(64)}` })).status).toBe(200);
  });

  it('answers 404 for an unknown path and 405 with Allow for a wrong method', async () => {
    const nf = await a.call('GET', '/nothing');
    expect(nf.status).toBe(404);
    expect(nf.json.error.message).toMatch(/openapi\.json/);
    const na = await a.call('POST', '/tables/t1', { name: 'x' });
    expect(na.status).toBe(405);
    expect(na.headers.get('allow')).toBe('PUT, DELETE');
  });

  it('creates, lists, renames and deletes tables with 201, 200, 204, 404 and 409', async () => {
    expect(await a.call('PUT', '/tables/t1', { name: 'Window', area: 'Hall', extra: 1 })).toMatchObject({
      status: 201,
      json: { id: 't1', name: 'Window', area: 'Hall' },
    });
    expect((await a.call('PUT', '/tables/t1', { name: 'Window seat' })).status).toBe(200);
    expect((await a.call<{ id: string }>('PUT', '/tables/t%2F2', { name: 'Slash' })).json.id).toBe('t/2');
    const tables = await a.call<TableView[]>('GET', '/tables');
    expect(tables.json).toEqual([
      {
        id: 't1',
        name: 'Window seat',
        area: null,
        state: 'free',
        due: '0',
        currency: null,
        openBillIds: [],
        order: 1,
        position: null,
        lastPaid: null,
        lockedSince: null,
        awaitingCapture: false,
      },
      {
        id: 't/2',
        name: 'Slash',
        area: null,
        state: 'free',
        due: '0',
        currency: null,
        openBillIds: [],
        order: 2,
        position: null,
        lastPaid: null,
        lockedSince: null,
        awaitingCapture: false,
      },
    ]);
    expect((await a.call('PUT', '/bills/b1', beerBill())).status).toBe(201);
    const busy = await a.call('DELETE', '/tables/t1');
    expect(busy.status).toBe(409);
    expect(busy.json.error).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/open bill/) });
    expect((await a.call('DELETE', '/tables/t%2F2')).status).toBe(204);
    expect((await a.call('DELETE', '/tables/t%2F2')).status).toBe(404);
  });

  it('answers 400 naming the field, and changes nothing', async () => {
    await a.call('PUT', '/tables/t1', { name: 'One' });
    const seq = lastSeq(a.store);
    const badJson = await a.call('PUT', '/tables/t2', '{"name": ');
    expect(badJson.status).toBe(400);
    expect(badJson.json.error).toMatchObject({ field: 'body', message: expect.stringMatching(/^body: not valid JSON/) });
    const noName = await a.call('PUT', '/tables/t2', { area: 'x' });
    expect(noName.json.error).toMatchObject({ code: 'BAD_REQUEST', field: 'name' });
    const price = await a.call('PUT', '/bills/b1', beerBill({ items: [{ id: 'beer', name: 'Beer', price: 62.5, quantity: '1' }] }));
    expect(price.status).toBe(400);
    expect(price.json.error).toMatchObject({ field: 'items[0].price', message: expect.stringMatching(/^items\[0\]\.price: /) });
    const negative = await a.call('PUT', '/bills/b1', beerBill({ items: [{ id: 'beer', name: 'Beer', price: '-1', quantity: '1' }] }));
    expect(negative.json.error.field).toBe('items[0].price');
    const currency = await a.call('PUT', '/bills/b1', beerBill({ currency: 'czk' }));
    expect(currency.json.error.field).toBe('currency');
    const table = await a.call('PUT', '/bills/b1', beerBill({ tableId: 'nope' }));
    expect(table).toMatchObject({ status: 400, json: { error: { field: 'tableId' } } });
    expect((await a.call('GET', '/bills?state=open')).json.error.field).toBe('state');
    expect((await a.call('GET', '/payments?since=yesterday')).json.error.field).toBe('since');
    expect((await a.call('GET', '/events?after=-1')).json.error.field).toBe('after');
    expect(lastSeq(a.store)).toBe(seq);
    expect(a.store.getBill('b1')).toBeNull();
  });

  it('puts, gets, lists and closes bills, with totals, paid and locked quantities and payments', async () => {
    await a.call('PUT', '/tables/t1', { name: 'One' });
    const created = await a.call('PUT', '/bills/b1', beerBill());
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      id: 'b1',
      state: 'OPEN',
      totals: { total: '180.00', paid: '0.00', due: '180.00', tips: '0.00' },
      items: [
        { id: 'beer', price: '62.50', quantity: '2', paidQuantity: '0', lockedQuantity: '0', lineTotal: '125.00' },
        { id: 'soup', tags: ['kitchen'] },
      ],
      payments: [],
    });
    a.store.startPayment(wirePayment('p1', [{ id: 'beer', price: '62.5', quantity: '1' }], { tipBrutto: '5' }));
    a.store.closePayment('p1', 'PAID');
    a.store.startPayment(wirePayment('p2', [{ id: 'soup', price: '55', quantity: '1' }]));

    const got = await a.call<BillDetail>('GET', '/bills/b1');
    expect(got.json.items.map((i) => [i.id, i.paidQuantity, i.lockedQuantity])).toEqual([
      ['beer', '1', '0'],
      ['soup', '0', '1'],
    ]);
    expect(got.json.totals).toEqual({ total: '180.00', paid: '62.50', due: '117.50', tips: '5.00' });
    expect(got.json.payments.map((p) => [p.id, p.state])).toEqual([
      ['p1', 'PAID'],
      ['p2', 'STARTED'],
    ]);

    const locked = await a.call('PUT', '/bills/b1', beerBill({ items: [{ id: 'beer', name: 'Beer', price: '62.50', quantity: '2' }] }));
    expect(locked.status).toBe(409);
    expect(locked.json.error.message).toMatch(/Soup/);
    const replaced = await a.call<BillDetail>(
      'PUT',
      '/bills/b1',
      beerBill({ items: [...beerBill().items, { id: 'tea', name: 'Tea', price: '30', quantity: '1' }] }),
    );
    expect(replaced.status).toBe(200);
    expect(replaced.json.items.map((i) => i.id)).toEqual(['beer', 'soup', 'tea']);

    expect((await a.call<BillDetail[]>('GET', '/bills?tableId=t1&state=OPEN')).json.map((b) => b.id)).toEqual(['b1']);
    expect((await a.call('GET', '/bills?state=CLOSED')).json).toEqual([]);
    expect((await a.call('DELETE', '/bills/b1')).status).toBe(409);
    a.store.closePayment('p2', 'CANCELLED');
    const closed = await a.call('DELETE', '/bills/b1');
    expect(closed).toMatchObject({ status: 200, json: { state: 'CLOSED' } });
    expect((await a.call('PUT', '/bills/b1', beerBill())).status).toBe(409);
    expect((await a.call('GET', '/bills/nope')).status).toBe(404);
    expect((await a.call('DELETE', '/bills/nope')).status).toBe(404);
  });

  it('lists payments since a time, as ISO or milliseconds', async () => {
    await a.call('PUT', '/tables/t1', { name: 'One' });
    await a.call('PUT', '/bills/b1', beerBill());
    a.store.startPayment(wirePayment('p1', [{ id: 'beer', price: '62.5', quantity: '1' }]));
    a.clock.advance(60_000);
    const mark = a.clock.now();
    a.store.closePayment('p1', 'PAID');
    a.store.startPayment(wirePayment('p2', [{ id: 'soup', price: '55', quantity: '1' }]));
    expect((await a.call<PaymentView[]>('GET', '/payments')).json.map((p) => p.id)).toEqual(['p1', 'p2']);
    expect((await a.call<PaymentView[]>('GET', `/payments?since=${mark}`)).json.map((p) => p.id)).toEqual(['p2']);
    const iso = await a.call('GET', `/payments?since=${encodeURIComponent(new Date(mark).toISOString())}`);
    expect(iso.json).toMatchObject([{ id: 'p2', tableName: 'One', amount: '55.00', state: 'STARTED' }]);
  });

  it('lists events after a sequence number as JSON', async () => {
    await a.call('PUT', '/tables/t1', { name: 'One' });
    await a.call('PUT', '/bills/b1', beerBill());
    const all = await a.call<StoreEvent[]>('GET', '/events');
    expect(all.json.map((e) => [e.seq, e.kind])).toEqual([
      [1, 'table.upserted'],
      [2, 'bill.updated'],
    ]);
    expect((await a.call<StoreEvent[]>('GET', '/events?after=1')).json.map((e) => e.seq)).toEqual([2]);
    expect((await a.call('GET', '/events?after=1&limit=1')).json).toHaveLength(1);
  });

  it('answers 413 for a body over 1 MiB and stops reading it', async () => {
    await a.call('PUT', '/tables/t1', { name: 'One' });
    const big = JSON.stringify({ ...beerBill(), name: 'x'.repeat(1024 * 1024 + 10) });
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${a.api.url}/bills/b1`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(big) },
      });
      req.once('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      // The server may drop the connection while we still write: that is the point.
      req.once('error', (e) => reject(e));
      req.end(big);
    });
    expect(status).toBe(413);
    expect(a.store.getBill('b1')).toBeNull();
    // Chunked upload without a length: counted while reading.
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = request(`${a.api.url}/bills/b1`, { method: 'PUT', headers: { authorization: `Bearer ${TOKEN}` } });
      req.once('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.once('error', (e) => reject(e));
      const piece = 'x'.repeat(64 * 1024);
      let i = 0;
      const pump = () => {
        while (i < 20 && req.write(piece)) i += 1;
        if (i < 20) req.once('drain', () => ((i += 1), pump()));
        else req.end();
      };
      pump();
    });
    expect(chunked).toBe(413);
  });

  it('serves the OpenAPI document without a token', async () => {
    const res = await fetch(`${a.api.url}/openapi.json`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { openapi: string }).openapi).toBe('3.1.0');
  });
});
