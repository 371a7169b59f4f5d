import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { wirePayment } from '../store/helpers.js';
import { order, seedMenu } from '../store/menu-helpers.js';
import { startApi } from './helpers.js';

type Line = { id: string; name: string; quantity: string; paidQuantity: string };
type PutAnswer = { items: Line[]; guestLinesKept: { id: string; name: string; orderId: string }[]; guestLinesTakenIn: string[] };
type Refusal = { error: { code: string; message: string; field?: string; lines?: { id: string; name: string; change: string; held: string }[] } };

const LEMONADE = { id: 'k1', name: 'Lemonade', price: '45', quantity: '1' };
const bill = (items: unknown[], currency = 'CZK') => ({ tableId: 't5', currency, items });

/** The POS's side of line ownership, over HTTP (docs/decisions/013-line-ownership.md). */
describe("PUT /v1/bills/{id} and the guests' lines", () => {
  let a: Awaited<ReturnType<typeof startApi>>;
  beforeEach(async () => {
    a = await startApi();
    seedMenu(a.store);
  });
  afterEach(() => a.stop());

  it('a re-sent bill without the guest order keeps the guest lines and lists them; sending them back takes them in', async () => {
    expect((await a.call('PUT', '/bills/b5', bill([LEMONADE]))).status).toBe(201);
    a.store.startOrder(order('O6', { items: [{ id: 'beer', name: '', quantity: '2' }] }));

    const resent = await a.call<PutAnswer>('PUT', '/bills/b5', bill([{ ...LEMONADE, quantity: '2' }]));
    expect(resent.status).toBe(200);
    expect(resent.json.items.map((i) => [i.id, i.quantity])).toEqual([
      ['k1', '2'],
      ['O6#1', '2'],
    ]);
    expect(resent.json.guestLinesKept).toEqual([{ id: 'O6#1', name: 'Beer 0.5 l', orderId: 'O6' }]);
    expect(resent.json.guestLinesTakenIn).toEqual([]);

    const taken = await a.call<PutAnswer>('PUT', '/bills/b5', bill([LEMONADE, { id: 'O6#1', name: 'Beer 0.5 l', price: '62.50', quantity: '2' }]));
    expect(taken.json).toMatchObject({ guestLinesKept: [], guestLinesTakenIn: ['O6#1'] });
    const dropped = await a.call<PutAnswer>('PUT', '/bills/b5', bill([LEMONADE]));
    expect(dropped.json.items.map((i) => i.id)).toEqual(['k1']);
  });

  it('POST /v1/bills/{id}/take-in takes lines in without a PUT; an unknown bill is 404, an empty list 400', async () => {
    await a.call('PUT', '/bills/b5', bill([LEMONADE]));
    a.store.startOrder(order('O6'));
    const events = await a.call<{ kind: string; billId: string; tableId: string; data: { lines?: { id: string }[] } }[]>('GET', '/events?after=0');
    const created = events.json.find((e) => e.kind === 'order.created')!;
    expect(created).toMatchObject({ billId: 'b5', tableId: 't5', data: { lines: [{ id: 'O6#1' }] } });

    type Owned = { items: { id: string; owner: string }[] };
    expect((await a.call<Owned>('GET', '/bills/b5')).json.items.map((i) => [i.id, i.owner])).toEqual([
      ['k1', 'pos'],
      ['O6#1', 'guest'],
    ]);
    const take = await a.call('POST', '/bills/b5/take-in', { lineIds: created.data.lines!.map((l) => l.id) });
    expect(take).toMatchObject({ status: 200, json: { takenIn: ['O6#1'], alreadyPos: [], notOnBill: [] } });
    expect((await a.call<Owned[]>('GET', '/bills?tableId=t5')).json[0]!.items.map((i) => i.owner)).toEqual(['pos', 'pos']);
    expect((await a.call<PutAnswer>('PUT', '/bills/b5', bill([LEMONADE]))).json.items.map((i) => i.id)).toEqual(['k1']);
    expect((await a.call('POST', '/bills/nope/take-in', { lineIds: ['x'] })).status).toBe(404);
    expect((await a.call<Refusal>('POST', '/bills/b5/take-in', { lineIds: [] })).json.error.field).toMatch(/^lineIds/);
  });

  it('409 names every paid or locked line the PUT would change, and nothing changes', async () => {
    await a.call('PUT', '/bills/b5', bill([LEMONADE, { id: 'k2', name: 'Soup', price: '60', quantity: '2' }]));
    a.store.startPayment(wirePayment('p1', [{ id: 'k2', price: '60', quantity: '1' }], { idBill: 'b5' }));
    a.store.closePayment('p1', 'PAID');
    a.store.startPayment(wirePayment('p2', [{ id: 'k1', price: '45', quantity: '1' }], { idBill: 'b5' }));
    const before = (await a.call('GET', '/bills/b5')).json;

    const refused = await a.call<Refusal>('PUT', '/bills/b5', bill([{ ...LEMONADE, name: 'Lemonade large' }]));
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('CONFLICT');
    expect(refused.json.error.lines).toEqual([
      { id: 'k1', name: 'Lemonade', change: 'name', held: '1' },
      { id: 'k2', name: 'Soup', change: 'removed', held: '1' },
    ]);
    expect(refused.json.error.message).toMatch(/"Lemonade" \(k1\).*"Soup" \(k2\)/);
    expect((await a.call('GET', '/bills/b5')).json).toEqual(before);
  });

  it('a bill in another currency than the restaurant is refused with 400 naming currency', async () => {
    const refused = await a.call<Refusal>('PUT', '/bills/b5', bill([LEMONADE], 'EUR'));
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ code: 'BAD_REQUEST', field: 'currency' });
    expect(refused.json.error.message).toMatch(/CZK/);
    expect((await a.call('GET', '/bills/b5')).status).toBe(404);
  });
});
