import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AttentionEntry } from '../../preload/contract.js';
import { lastSeq, seedBill, wirePayment } from '../store/helpers.js';
import { startApi, type ApiError } from '../pos-api/helpers.js';

type Api = Awaited<ReturnType<typeof startApi>>;
const item = (id: string, price: string, quantity: string) => ({ id, price, quantity });

describe('GET /v1/attention and POST /v1/attention/{id}/resolve, over real HTTP', () => {
  let a: Api;
  beforeEach(async () => {
    a = await startApi();
    seedBill(a.store, 'b1', 't1');
  });
  afterEach(async () => a.stop());

  function seedEveryKind() {
    a.store.startPayment(wirePayment('p-cap', [item('beer', '62.50', '1')], { captureMode: 'manual', tipBrutto: '5' }));
    a.store.processPayment('p-cap');
    a.store.upsertTable({ id: 't2', name: 'Terrace 2' });
    a.store.putBill({ id: 'b2', tableId: 't2', name: null, currency: 'CZK', items: [{ id: 'soup', name: 'Soup', price: '59', quantity: '2' }] });
    a.store.closeBill('b2', { method: 'card-at-counter', note: 'paid at the bar' });
    a.store.recordServiceError({ code: 'POS_TIMEOUT', message: 'getBill took too long' });
  }

  it('lists every entry with its kind, table, amounts, since and actions; ?kind= keeps some kinds', async () => {
    seedEveryKind();
    const all = await a.call<AttentionEntry[]>('GET', '/attention');
    expect(all.status).toBe(200);
    expect(all.json.map((e) => [e.kind, e.tableName, e.amount, e.actions])).toEqual([
      ['capture', 'Table t1', '62.50', ['capture']],
      ['settled-bill', 'Terrace 2', '118.00', ['acknowledge']],
      ['service-error', null, null, ['acknowledge']],
    ]);
    expect(all.json[0]).toMatchObject({ id: 'capture:p-cap', paymentId: 'p-cap', billId: 'b1', billName: 'Window', tip: '5.00', currency: 'CZK' });
    expect(all.json[1]!.detail).toEqual({ method: 'card-at-counter', note: 'paid at the bar' });
    const some = await a.call<AttentionEntry[]>('GET', '/attention?kind=service-error,settled-bill');
    expect(some.json.map((e) => e.kind)).toEqual(['settled-bill', 'service-error']);
  });

  it('a bad kind is a 400 naming `kind`', async () => {
    const bad = await a.call<ApiError>('GET', '/attention?kind=capture,everything');
    expect(bad.status).toBe(400);
    expect(bad.json.error.field).toBe('kind');
  });

  it('acknowledging with a note takes the entry off, keeps the note and tells the event stream; again is a 404', async () => {
    seedEveryKind();
    const seq = lastSeq(a.store);
    const id = encodeURIComponent('settled-bill:b2');
    const done = await a.call<AttentionEntry>('POST', `/attention/${id}/resolve`, { note: 'checked with the manager' });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ id: 'settled-bill:b2', kind: 'settled-bill' });
    const after = await a.call<AttentionEntry[]>('GET', '/attention');
    expect(after.json.map((e) => e.kind)).toEqual(['capture', 'service-error']);
    const events = await a.call<{ kind: string; billId: string; data: Record<string, unknown> }[]>('GET', `/events?after=${seq}`);
    expect(events.json).toMatchObject([
      { kind: 'attention.resolved', billId: 'b2', data: { entryId: 'settled-bill:b2', action: 'acknowledge', note: 'checked with the manager' } },
    ]);
    expect((await a.call('POST', `/attention/${id}/resolve`, {})).status).toBe(404);
  });

  it('an empty body acknowledges without a note', async () => {
    seedEveryKind();
    const errorId = (await a.call<AttentionEntry[]>('GET', '/attention?kind=service-error')).json[0]!.id;
    expect((await a.call('POST', `/attention/${encodeURIComponent(errorId)}/resolve`)).status).toBe(200);
    expect(a.store.read.attention.resolutionsOf(errorId)).toMatchObject([{ action: 'acknowledge', note: null }]);
  });

  it('a capture is resolved by capturing (409 ACTION_REQUIRED); a bad note is a 400 naming `note`, and nothing changes', async () => {
    seedEveryKind();
    const refused = await a.call<ApiError>('POST', `/attention/${encodeURIComponent('capture:p-cap')}/resolve`, { note: 'x' });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('ACTION_REQUIRED');
    const long = await a.call<ApiError>('POST', `/attention/${encodeURIComponent('settled-bill:b2')}/resolve`, { note: 'n'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.json.error.field).toBe('note');
    const notText = await a.call<ApiError>('POST', `/attention/${encodeURIComponent('settled-bill:b2')}/resolve`, { note: 42 });
    expect(notText.json.error.field).toBe('note');
    const extra = await a.call<ApiError>('POST', `/attention/${encodeURIComponent('settled-bill:b2')}/resolve`, { note: 'x', by: 'me' });
    expect(extra.status).toBe(400);
    expect((await a.call<AttentionEntry[]>('GET', '/attention')).json).toHaveLength(3);
  });

  it('a lock older than 5 minutes is listed as lock-held with release-lock first', async () => {
    // The store wrote the lock at its ManualClock's time (2026-11-21 12:00); the API reads the real time, later.
    a.store.startPayment(wirePayment('p-lock', [item('goulash', '189', '1')]));
    const list = await a.call<AttentionEntry[]>('GET', '/attention?kind=lock-held');
    expect(list.json).toMatchObject([{ id: 'lock-held:p-lock', amount: '189.00', detail: { state: 'STARTED' }, actions: ['release-lock', 'retry-recovery'] }]);
  });

  it('needs the token', async () => {
    const res = await fetch(`${a.api.url}/attention`);
    expect(res.status).toBe(401);
  });
});
