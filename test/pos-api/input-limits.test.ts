import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/base/log.js';
import { createMethodDispatcher, type MethodDispatcher, type MethodOutcome } from '../../main/adapters/connection/methods-index.js';
import { MAX_JSON_DEPTH, tooDeepAt } from '../../main/adapters/pos-api/json-body.js';
import { lastSeq } from '../store/helpers.js';
import { startApi } from './helpers.js';

/**
 * Numbers the POS API cannot keep exactly, and structures it cannot store safely, are refused with
 * 400 naming the field: never a 500, never a rounding, never a stored bill that breaks its table.
 */

type Api = Awaited<ReturnType<typeof startApi>>;

const good = { id: 'beer', name: 'Beer', price: '62.50', quantity: '2' };
const bill = (items: unknown[], extra: Record<string, unknown> = {}) => ({ tableId: 't1', currency: 'CZK', items, ...extra });
const nested = (depth: number): unknown => {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i += 1) v = { a: v };
  return v;
};

describe('the POS API refuses what it cannot keep exactly', () => {
  let a: Api;
  let methods: MethodDispatcher;
  beforeEach(async () => {
    a = await startApi();
    a.store.upsertTable({ id: 't1', name: 'One' });
    methods = createMethodDispatcher({ store: a.store, log: silentLogger(), clock: a.clock });
  });
  afterEach(async () => a.stop());

  const tableContents = async (): Promise<unknown> => {
    const outcome: MethodOutcome = await methods.handle('getTableContents', ['t1', null], { transport: 'ws', callId: 'c1' });
    if ('error' in outcome) throw new Error(`getTableContents failed: ${outcome.error.code}`);
    return JSON.parse(JSON.stringify(outcome.result ?? null));
  };

  /** PUT → 400 naming `field`; then nothing was stored and the table still answers the service. */
  async function refused(body: unknown, field: string, message: RegExp): Promise<void> {
    const before = lastSeq(a.store);
    const res = await a.call('PUT', '/bills/b1', body);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'BAD_REQUEST', field, message: expect.stringMatching(message) });
    expect(a.store.getBill('b1')).toBeNull();
    expect(lastSeq(a.store)).toBe(before);
    expect(await tableContents()).toEqual([]);
  }

  it('refuses prices with more than 2 decimal places and quantities with more than 3', async () => {
    await refused(bill([{ ...good, price: '62.505' }]), 'items[0].price', /more than 2 decimal places/);
    await refused(bill([good, { ...good, id: 'w', quantity: '0.3333' }]), 'items[1].quantity', /more than 3 decimal places/);
    await refused(bill([{ ...good, minQuantity: '0.0001' }]), 'items[0].minQuantity', /more than 3 decimal places/);
    // The limits themselves pass, exactly as sent.
    expect((await a.call('PUT', '/bills/b1', bill([{ ...good, price: '0.01', quantity: '0.125', minQuantity: '0.005' }]))).status).toBe(201);
    expect(a.store.getBill('b1')).not.toBeNull();
    expect(await tableContents()).toEqual([
      expect.objectContaining({ items: [expect.objectContaining({ price: '0.01', quantity: '0.125', minQuantity: '0.005' })] }),
    ]);
  });

  it('refuses numbers beyond the wire: 16 digits, a line or a bill total of 10^15 or more, negatives, JSON numbers, exponents', async () => {
    await refused(bill([{ ...good, price: '9999999999999999' }]), 'items[0].price', /at most 15 digits/);
    await refused(bill([{ ...good, quantity: '99999999999999999999999' }]), 'items[0].quantity', /at most 15 digits/);
    await refused(bill([{ ...good, price: '999999999999999', quantity: '2' }]), 'items[0].quantity', /price × quantity/);
    await refused(
      bill([
        { ...good, price: '600000000000000', quantity: '1' },
        { ...good, id: 'b', price: '500000000000000', quantity: '1' },
      ]),
      'items',
      /bill total/,
    );
    await refused(bill([{ ...good, price: '-1' }]), 'items[0].price', /negative/);
    await refused(bill([{ ...good, price: 62.5 }]), 'items[0].price', /string/);
    await refused(bill([{ ...good, quantity: '1e3' }]), 'items[0].quantity', /decimal string/);
  });

  it('refuses JSON nested deeper than 32 levels, naming where, and stores nothing', async () => {
    // Depth 32 in all (the body and additionalData's levels) is kept.
    expect((await a.call('PUT', '/bills/b1', bill([good], { additionalData: nested(MAX_JSON_DEPTH - 2) }))).status).toBe(201);
    expect((await a.call('DELETE', '/bills/b1')).status).toBe(200);
    const deep = await a.call('PUT', '/bills/b2', bill([good], { additionalData: nested(MAX_JSON_DEPTH) }));
    expect(deep.status).toBe(400);
    expect(deep.json.error.field).toMatch(/^additionalData(\.a)+$/);
    expect(deep.json.error.message).toMatch(/nested deeper than 32 levels/);
    expect(a.store.getBill('b2')).toBeNull();
    // A bracket bomb far past any stack: refused by the scan, without parsing.
    const bomb = await a.call('PUT', '/bills/b3', `{"tableId":"t1","items":[${'['.repeat(200_000)}${']'.repeat(200_000)}]}`);
    expect(bomb.status).toBe(400);
    expect(bomb.json.error.field).toMatch(/^items\[0\](\[0\])+$/);
    expect(await tableContents()).toEqual([]);
  });

  it('names the path through objects and arrays and ignores brackets inside strings', () => {
    expect(tooDeepAt('{"a":[1,{"b":[[["x"]]]}]}', 4)).toBe('a[1].b[0]');
    expect(tooDeepAt('{"a":"[[[[[[[[", "b\\"[":{}}', 2)).toBeNull();
    expect(tooDeepAt('[[[', 2)).toBe('[0][0]');
    expect(tooDeepAt('{"x":1,"y":{"z":{}}}', 2)).toBe('y.z');
  });

  it('refuses query numbers out of range with 400 naming the parameter', async () => {
    const cases: [string, string][] = [
      ['/payments?since=99999999999999999999999', 'since'],
      ['/payments?since=-5', 'since'],
      ['/payments?since=1.5', 'since'],
      ['/events?after=', 'after'],
      ['/events?after=-1', 'after'],
      ['/events?after=1.5', 'after'],
      ['/events?after=9999999999999999', 'after'],
      ['/events?limit=', 'limit'],
      ['/events?limit=0', 'limit'],
      ['/events?limit=5000', 'limit'],
      ['/events?limit=-1', 'limit'],
      ['/bills?limit=', 'limit'],
      ['/bills?limit=0', 'limit'],
      ['/bills?limit=2.5', 'limit'],
      ['/bills?limit=99999999999999999999', 'limit'],
      ['/bills?after=', 'after'],
    ];
    for (const [path, field] of cases) {
      const res = await a.call('GET', path);
      expect({ path, status: res.status, field: res.json.error.field }).toEqual({ path, status: 400, field });
    }
    expect((await a.call('GET', '/payments?since=2026-11-21T12:00:00Z')).status).toBe(200);
    expect((await a.call('GET', '/events?after=0&limit=1000')).status).toBe(200);
  });
});
