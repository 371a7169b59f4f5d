import { readFileSync } from 'node:fs';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waterReceipt } from '../../receipts/helpers.js';
import { MENU } from '../../store/menu-helpers.js';
import { BILL, CONTRACT_TOKEN, startContractApi, type ContractApi } from '../contract-scenario.js';
import { posApiTypes, TYPES_FILE } from './generate-types.js';
import type { paths } from './pos-api-schema.js';

type Document = { servers: { url: string }[]; paths: Record<string, Record<string, unknown>> };

/**
 * An integrator's client: the types openapi-typescript makes of the served document (checked in,
 * and checked here to be the served document's), and openapi-fetch at the document's server URL.
 * This file is type-checked against those types, so a call the contract does not allow fails tsc.
 */
describe('a client generated from the served POS API document', () => {
  let s: ContractApi;
  let doc: Document;
  beforeAll(async () => {
    s = await startContractApi();
    doc = (await (await fetch(`${s.origin}/v1/openapi.json`)).json()) as Document;
  });
  afterAll(() => s.stop());

  it('has its checked-in types made from the served document', async () => {
    expect(readFileSync(TYPES_FILE, 'utf8'), 'run: npx tsx test/pos-api/client/generate-types.ts').toBe(await posApiTypes(doc));
  });

  it('calls every route at the server URL the document gives', async () => {
    const baseUrl = doc.servers[0]!.url.replace('{port}', String(s.api.port));
    const client = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${CONTRACT_TOKEN}` } });
    const called = new Set<string>();
    const urls: string[] = [];
    client.use({
      onRequest({ request, schemaPath }) {
        called.add(`${request.method} ${schemaPath}`);
        urls.push(new URL(request.url).pathname);
      },
    });
    const id = (value: string) => ({ params: { path: { id: value } } });

    expect((await client.GET('/v1/openapi.json')).data?.openapi).toBe('3.1.0');
    expect((await client.GET('/v1/payments')).data).toEqual([]);
    expect(
      (await client.PUT('/v1/tables/{id}', { ...id('t1'), body: { name: 'Table 1', area: 'Garden', position: { x: 0.25, y: 0.5 } } })).response.status,
    ).toBe(201);
    expect((await client.PUT('/v1/tables/{id}', { ...id('t5'), body: { name: 'Table 5' } })).data).toEqual({ id: 't5', name: 'Table 5', area: null });
    await client.PUT('/v1/tables/{id}', { ...id('gone'), body: { name: 'Gone' } });
    expect((await client.DELETE('/v1/tables/{id}', id('gone'))).response.status).toBe(204);
    const created = await client.PUT('/v1/bills/{id}', { ...id('b1'), body: BILL });
    expect([created.response.status, created.data?.totals.total]).toEqual([201, '245.00']);
    await client.PUT('/v1/bills/{id}', { ...id('b2'), body: { ...BILL, items: [BILL.items[0]!] } });
    s.pay();
    expect((await client.GET('/v1/tables')).data?.map((t) => [t.id, t.state, t.position])).toEqual([
      ['t1', 'partly-paid', { x: 0.25, y: 0.5 }],
      ['t5', 'free', null],
    ]);
    const page = await client.GET('/v1/bills', { params: { query: { limit: '1' } } });
    expect([page.data?.map((b) => b.id), page.response.headers.get('link')]).toEqual([['b1'], '</v1/bills?after=b1&limit=1>; rel="next"']);
    expect((await client.GET('/v1/bills/{id}', id('b1'))).data?.payments.map((p) => p.id)).toEqual(['p-post', 'p-service']);
    const since = await client.GET('/v1/payments', { params: { query: { since: '2026-01-01' } } });
    expect(since.data?.length).toBe(2);
    const history = await client.GET('/v1/payments', { params: { query: { from: '2026-11-22', to: '2026-11-22' } } });
    // Typed as either list (or the CSV text): a range answers history entries.
    const entries = history.data as Exclude<typeof history.data, string | undefined>;
    expect(entries.map((p) => ('paymentId' in p ? p.paymentId : p.id))).toEqual(['p-post', 'p-service']);
    const csv = await client.GET('/v1/payments', { params: { query: { from: '2026-11-22', format: 'csv' } }, parseAs: 'text' });
    expect(csv.data?.split('\r\n')[0]).toBe('paymentId,time,table,bill,state,amount,tip,currency,provider,tender,waiterId,waiter,billId,note,posNotified');
    expect((await client.GET('/v1/reports/day', { params: { query: { date: '2026-11-22' } } })).data).toMatchObject({
      date: '2026-11-22',
      count: 2,
      amount: '102.50',
    });
    expect((await client.GET('/v1/payments/{id}/receipt', id('p-post'))).data?.delivery.state).toBe('waiting-for-pos');
    expect((await client.PUT('/v1/payments/{id}/receipt', { ...id('p-post'), body: waterReceipt() })).response.status).toBe(201);
    expect((await client.PUT('/v1/menu', { body: { menus: MENU } })).data?.version).toBe(1);
    expect((await client.GET('/v1/menu')).data?.menus.map((m) => m.id)).toEqual(['drinks', 'food']);
    expect((await client.PATCH('/v1/menu/items/{id}', { ...id('beer'), body: { available: false } })).data?.available).toBe(false);
    expect((await client.PATCH('/v1/menu/items/{id}', { ...id('beer'), body: { available: true } })).data?.available).toBe(true);
    expect((await client.PUT('/v1/ordering', { body: { paused: false } })).data).toEqual({ paused: false });
    expect((await client.GET('/v1/ordering')).data).toEqual({ paused: false });
    await client.PUT('/v1/bills/{id}', { ...id('b5'), body: { ...BILL, tableId: 't5', items: [BILL.items[0]!] } });
    s.guestOrder();
    expect((await client.POST('/v1/bills/{id}/take-in', { ...id('b5'), body: { lineIds: ['o1#1'] } })).data?.takenIn).toEqual(['o1#1']);
    expect((await client.GET('/v1/orders', { params: { query: { status: 'NEW' } } })).data?.map((o) => o.id)).toEqual(['o1']);
    expect((await client.GET('/v1/orders/{id}', id('o1'))).data?.total).toBe('125.00');
    expect((await client.POST('/v1/orders/{id}/status', { ...id('o1'), body: { status: 'ACCEPTED' } })).data?.status).toBe('ACCEPTED');
    expect((await client.DELETE('/v1/bills/{id}', { ...id('b2'), body: { settlement: { method: 'cash' } } })).data?.state).toBe('CLOSED');
    expect((await client.GET('/v1/attention', { params: { query: { kind: 'settled-bill' } } })).data?.map((e) => e.id)).toEqual(['settled-bill:b2']);
    expect((await client.POST('/v1/attention/{id}/resolve', { ...id('settled-bill:b2'), body: { note: 'counted' } })).data?.id).toBe('settled-bill:b2');
    const health = (await client.GET('/v1/health')).data;
    expect(health).toEqual({
      connection: { status: 'connected', problem: null, restaurantName: 'Bistro' },
      disk: { lowSpace: false, freeBytes: 8_000_000_000 },
      database: { locked: false, since: null },
      pos: { cursor: null, lastSeq: health?.pos.lastSeq, behind: health?.pos.lastSeq, lastAckAt: null, oldestUnsyncedSeconds: null },
    });
    const made = await client.POST('/v1/payment-links', { body: { amount: '250.50', description: 'Deposit' } });
    expect([made.response.status, made.data?.amount, made.data?.state]).toEqual([201, '250.50', 'active']);
    const linkId = made.data!.id;
    expect((await client.GET('/v1/payment-links')).data?.links.map((l) => l.id)).toEqual([linkId]);
    s.payLink();
    expect((await client.GET('/v1/payment-links/{id}', id(linkId))).data).toMatchObject({ state: 'paid', payment: { amount: '250.50' } });
    const refused = await client.DELETE('/v1/payment-links/{id}', id(linkId));
    expect([refused.response.status, refused.error?.error.code]).toEqual([409, 'LINK_PAID']);
    const other = await client.POST('/v1/payment-links', { body: { amount: '10' } });
    expect((await client.DELETE('/v1/payment-links/{id}', id(other.data!.id))).response.status).toBe(204);
    const events = await client.GET('/v1/events', { params: { query: { after: '0', limit: '1000' } } });
    const log = events.data as Exclude<typeof events.data, string | undefined>;
    expect(log.at(-1)?.kind).toBe('attention.resolved');
    const ack = await client.POST('/v1/events/ack', { body: { seq: log.at(-1)!.seq } });
    expect(ack.data).toMatchObject({ seq: log.at(-1)!.seq, lastSeq: log.at(-1)!.seq, behind: 0 });
    const stream = await client.GET('/v1/events', { params: { query: { after: '0' } }, headers: { accept: 'text/event-stream' }, parseAs: 'stream' });
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    await stream.data?.cancel();

    expect(
      urls.every((u) => u.startsWith('/v1/') && !u.startsWith('/v1/v1/')),
      urls.join(' '),
    ).toBe(true);
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect([...called].sort()).toEqual(documented.sort());
  });
});
