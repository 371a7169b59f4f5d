import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BillView } from '../../preload/contract.js';
import { startApi } from './helpers.js';

type Api = Awaited<ReturnType<typeof startApi>>;

describe('GET /v1/bills in pages', () => {
  let a: Api;
  beforeEach(async () => {
    a = await startApi();
    a.store.upsertTable({ id: 't1', name: 'One' });
    for (let i = 0; i < 7; i++) a.store.putBill({ id: `b${i}`, tableId: 't1', currency: 'CZK', items: [{ id: 'x', name: 'Tea', price: '40', quantity: '1' }] });
    a.store.closeBill('b3');
  });
  afterEach(async () => a.stop());

  it('walks every page through the Link header, each bill once, in id order', async () => {
    const seen: string[] = [];
    let path: string | null = '/bills?state=OPEN&limit=2';
    for (let pages = 0; path && pages < 10; pages++) {
      const page: { status: number; headers: Headers; json: unknown } = await a.call('GET', path);
      expect(page.status).toBe(200);
      seen.push(...(page.json as BillView[]).map((b) => b.id));
      const link = page.headers.get('link');
      path = link ? /^<\/v1(\/bills\?[^>]+)>; rel="next"$/.exec(link)![1]! : null;
    }
    expect(seen).toEqual(['b0', 'b1', 'b2', 'b4', 'b5', 'b6']);
  });

  it('answers everything up to the default page size without a Link header', async () => {
    const all = await a.call<BillView[]>('GET', '/bills');
    expect(all.json.map((b) => b.id)).toEqual(['b0', 'b1', 'b2', 'b3', 'b4', 'b5', 'b6']);
    expect(all.headers.get('link')).toBeNull();
  });

  it('refuses a limit out of range, naming the parameter', async () => {
    for (const limit of ['0', '1001', 'ten']) {
      const bad = await a.call('GET', `/bills?limit=${limit}`);
      expect(bad.status).toBe(400);
      expect(bad.text).toMatch(/limit/);
    }
  });
});
