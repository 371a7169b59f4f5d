import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMethodDispatcher, type MethodDispatcher, type MethodOutcome } from '../../main/adapters/connection/methods-index.js';
import { silentLogger } from '../../main/base/log.js';
import { lastSeq, tempStore, wirePayment } from '../store/helpers.js';
import { order, pickupOrder, seedMenu } from '../store/menu-helpers.js';

/** The outcome as the service receives it: through JSON. */
const wire = (o: MethodOutcome): unknown => JSON.parse(JSON.stringify(o)) as unknown;

/** docs/PROTOCOL.md §5 as the service calls it: what each order method may do to which order. */
describe('the order methods by the book', () => {
  let t: ReturnType<typeof tempStore>;
  let methods: MethodDispatcher;
  beforeEach(() => {
    t = tempStore();
    seedMenu(t.store);
    methods = createMethodDispatcher({ store: t.store, log: silentLogger(), clock: t.clock });
  });
  afterEach(() => t.cleanup());

  const call = async (method: string, ...args: unknown[]) => wire(await methods.handle(method, args, { transport: 'ws', callId: 'c1' }));

  it('orderMarkAsPaid on a toBill or toTable order is INVALID_ARGUMENTS and changes nothing: no receipt, the lines stay unpaid', async () => {
    const started = (await call('orderStart', order('o1'))) as { result: { billId: string } };
    await call('orderStart', order('o2', { delivery: { type: 'toTable', idTable: 't5' } }));
    const seq = lastSeq(t.store);
    const payment = wirePayment('pay-1', [{ id: 'beer', price: '62.5', quantity: '2' }], { idBill: 'o1', state: 'PAID' });
    for (const id of ['o1', 'o2']) {
      const answer = (await call('orderMarkAsPaid', id, payment)) as { error: { code: string; message: string } };
      expect(answer.error.code).toBe('INVALID_ARGUMENTS');
      expect(answer.error.message).toMatch(/paid on its bill/);
      expect(t.store.getOrder(id)).toMatchObject({ payment: null, receipt: null, status: 'NEW' });
    }
    expect(lastSeq(t.store)).toBe(seq);
    expect(t.store.getBill(started.result.billId)!.items.map((i) => [i.id, i.paidQuantity])).toEqual([
      ['o1#1', '0'],
      ['o2#1', '0'],
    ]);
  });

  it('an order in another currency than the restaurant is refused at orderPrepare and at orderStart, and nothing is stored', async () => {
    t.store.putBill({ id: 'b5', tableId: 't5', currency: 'CZK', items: [{ id: 'k1', name: 'Lemonade', price: '45', quantity: '1' }] });
    const eur = order('o1', { currency: 'EUR' });
    const prepared = (await call('orderPrepare', eur)) as { error: { code: string; message: string } };
    expect(prepared.error.code).toBe('INVALID_ARGUMENTS');
    expect(prepared.error.message).toMatch(/CZK only, not EUR/);
    expect(await call('orderStart', eur)).toMatchObject({ error: { code: 'INVALID_ARGUMENTS' } });
    expect(await call('orderStart', { ...pickupOrder('p1'), currency: 'EUR' })).toMatchObject({ error: { code: 'INVALID_ARGUMENTS' } });
    expect(t.store.getOrder('o1')).toBeNull();
    expect(t.store.getOrder('p1')).toBeNull();
    // No second bill in EUR on the table: only the POS bill.
    expect(t.store.read.bills.openBillsWithItems('t5').map((b) => [b.id, b.currency])).toEqual([['b5', 'CZK']]);
    expect(await call('orderStart', order('o2'))).toEqual({ result: { idOrder: 'o2', billId: 'b5' } });
  });

  it('a dispatcher told another restaurant currency takes orders in that one', async () => {
    methods = createMethodDispatcher({ store: t.store, log: silentLogger(), clock: t.clock, currency: 'EUR' });
    expect(await call('orderPrepare', order('o1'))).toMatchObject({ error: { code: 'INVALID_ARGUMENTS' } });
    expect(await call('orderPrepare', order('o1', { currency: 'EUR' }))).toMatchObject({ result: { total: '125' } });
  });

  it('orderClose CANCELLED of an order that opened its bill closes the emptied bill: guests scanning see no empty bill', async () => {
    const started = (await call('orderStart', order('o1'))) as { result: { billId: string } };
    expect(await call('getTableContents', 't5', null)).toMatchObject({ result: [{ id: started.result.billId }] });
    expect(await call('orderClose', 'o1', 'CANCELLED')).toEqual({ result: null });
    expect(t.store.getBill(started.result.billId)!.state).toBe('CLOSED');
    expect(await call('getTableContents', 't5', null)).toEqual({ result: [] });
  });
});
