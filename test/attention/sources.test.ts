import { afterEach, describe, expect, it } from 'vitest';
import {
  acknowledge,
  findEntry,
  listAttention,
  LOCK_LIMIT_MS,
  recordCapture,
  recordRefundFailure,
  releaseLock,
  SILENCE_LIMIT_MS,
} from '../../main/features/attention/index.js';
import { MAX_SERVICE_ERRORS } from '../../main/features/attention/sources/service-error.js';
import { seedBill, tempStore, wirePayment } from '../store/helpers.js';

const item = (id: string, price: string, quantity: string) => ({ id, price, quantity });
const MIN = 60_000;

let cleanup = () => {};
afterEach(() => cleanup());

function setup() {
  const t = tempStore();
  cleanup = t.cleanup;
  seedBill(t.store);
  const list = () => listAttention(t.store.read, t.clock.now());
  const kinds = () => list().map((e) => [e.kind, e.id]);
  return { ...t, list, kinds };
}

describe('Needs attention: a payment awaiting capture', () => {
  it('lists an authorised manual-capture payment with its table, amounts and since; capture takes it off and is recorded', () => {
    const { store, clock, list } = setup();
    store.startPayment(wirePayment('p1', [item('beer', '62.50', '1'), item('water', '40', '1')], { captureMode: 'manual', tipBrutto: '10.5' }));
    expect(list()).toEqual([]); // started, not authorised yet
    clock.advance(5_000);
    store.processPayment('p1');
    expect(list()).toEqual([
      {
        id: 'capture:p1',
        kind: 'capture',
        since: new Date(clock.now()).toISOString(),
        tableId: 't1',
        tableName: 'Table t1',
        billId: 'b1',
        billName: 'Window',
        paymentId: 'p1',
        amount: '102.50',
        tip: '10.50',
        currency: 'CZK',
        detail: {},
        actions: ['capture'],
      },
    ]);
    // Waiting for the cashier is not "the service went silent": no other kind, however long it waits.
    clock.advance(LOCK_LIMIT_MS * 10);
    expect(list().map((e) => e.kind)).toEqual(['capture']);

    recordCapture(store, 'p1');
    expect(store.getPayment('p1')!.captured).toBe(true);
    expect(store.read.attention.resolutionsOf('capture:p1')).toEqual([
      { entryId: 'capture:p1', kind: 'capture', action: 'capture', note: null, resolvedAt: new Date(clock.now()).toISOString() },
    ]);
    const resolved = store.eventsAfter(0, 100).filter((e) => e.kind === 'attention.resolved');
    expect(resolved).toMatchObject([{ paymentId: 'p1', billId: 'b1', tableId: 't1', data: { entryId: 'capture:p1', action: 'capture' } }]);
    // Captured, it waits for the service's paymentClosed: not a capture entry any more.
    expect(list().filter((e) => e.kind === 'capture')).toEqual([]);
  });

  it('an automatic-capture payment is never a capture entry', () => {
    const { store, list } = setup();
    store.startPayment(wirePayment('p1', [item('beer', '62.50', '1')]));
    store.processPayment('p1');
    expect(list()).toEqual([]);
  });
});

describe('Needs attention: an unsettled payment and a lock held too long', () => {
  it('a payment the service stopped talking about is listed after the silence, not before, then as a held lock after the lock limit', () => {
    const { store, clock, kinds } = setup();
    store.startPayment(wirePayment('p1', [item('beer', '62.50', '1')]));
    clock.advance(SILENCE_LIMIT_MS - 1);
    expect(kinds()).toEqual([]); // not too early
    clock.advance(1);
    expect(kinds()).toEqual([['unsettled-payment', 'unsettled-payment:p1']]); // not too late
    expect(findEntry(store.read, clock.now(), 'unsettled-payment:p1')).toMatchObject({
      amount: '62.50',
      detail: { state: 'STARTED' },
      actions: ['retry-recovery'],
    });

    clock.advance(LOCK_LIMIT_MS - SILENCE_LIMIT_MS - 1);
    expect(kinds()).toEqual([['unsettled-payment', 'unsettled-payment:p1']]);
    clock.advance(1);
    expect(kinds()).toEqual([['lock-held', 'lock-held:p1']]);
    expect(findEntry(store.read, clock.now(), 'lock-held:p1')).toMatchObject({
      actions: ['release-lock', 'retry-recovery'],
      since: new Date(clock.now() - LOCK_LIMIT_MS).toISOString(),
    });
  });

  it('paymentProcessed starts the silence again; paymentClosed settles it', () => {
    const { store, clock, kinds } = setup();
    store.startPayment(wirePayment('p1', [item('beer', '62.50', '1')]));
    clock.advance(SILENCE_LIMIT_MS - MIN);
    store.processPayment('p1');
    clock.advance(SILENCE_LIMIT_MS - 1);
    expect(kinds()).toEqual([]);
    clock.advance(1);
    expect(kinds()).toEqual([['unsettled-payment', 'unsettled-payment:p1']]);
    store.closePayment('p1', 'PAID');
    expect(kinds()).toEqual([]);
  });

  it('releaseLock: refused while the lock is young, then unlocks the items, records the release and the entry leaves', () => {
    const { store, clock, kinds } = setup();
    store.startPayment(wirePayment('p1', [item('beer', '62.50', '1')]));
    clock.advance(LOCK_LIMIT_MS - 1);
    expect(releaseLock(store, clock.now(), 'p1')).toMatchObject({ ok: false, code: 'LOCK_NOT_STALE', params: { minutes: 5 } });
    expect(store.getPayment('p1')!.state).toBe('STARTED');
    clock.advance(1);
    const released = releaseLock(store, clock.now(), 'p1');
    expect(released).toMatchObject({ ok: true, value: { state: 'CANCELLED', closedState: 'LOCK_EXPIRED' } });
    expect(store.getBill('b1')!.items.find((i) => i.id === 'beer')!.lockedQuantity).toBe('0');
    expect(store.read.attention.resolutionsOf('lock-held:p1').map((r) => r.action)).toEqual(['release-lock']);
    expect(kinds()).toEqual([]);
    expect(releaseLock(store, clock.now(), 'p1')).toMatchObject({ ok: false, code: 'NOT_PENDING' });
    expect(releaseLock(store, clock.now(), 'nope')).toMatchObject({ ok: false, code: 'PAYMENT_NOT_FOUND' });
  });
});

describe('Needs attention: bills closed with an amount due', () => {
  it('lists how the bill was settled and what was due; acknowledging with a note takes it off and is recorded', () => {
    const { store, clock, list } = setup();
    store.closeBill('b1', { method: 'written-off', note: 'guest left' });
    const [entry] = list();
    expect(entry).toMatchObject({
      id: 'settled-bill:b1',
      kind: 'settled-bill',
      tableName: 'Table t1',
      billName: 'Window',
      amount: '434.00',
      currency: 'CZK',
      detail: { method: 'written-off', note: 'guest left' },
      actions: ['acknowledge'],
    });
    clock.advance(MIN);
    expect(acknowledge(store, clock.now(), { entryId: 'settled-bill:b1', note: '  manager knows  ' })).toMatchObject({ ok: true });
    expect(list()).toEqual([]);
    expect(store.read.attention.resolutionsOf('settled-bill:b1')).toMatchObject([{ action: 'acknowledge', note: 'manager knows' }]);
    expect(acknowledge(store, clock.now(), { entryId: 'settled-bill:b1' })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  it('a bill closed with nothing due is not listed', () => {
    const { store, list } = setup();
    store.putBill({ id: 'b2', tableId: 't1', currency: 'CZK', items: [] });
    store.closeBill('b2');
    expect(list()).toEqual([]);
  });
});

describe('Needs attention: refused refunds', () => {
  it('a refusal the service answered is listed (the latest per payment); an unreachable service is not a refusal; a refund that went through later takes it off', () => {
    const { store, clock, list } = setup();
    store.startPayment(wirePayment('p1', [item('goulash', '189', '1')], { tipBrutto: '11' }));
    store.processPayment('p1');
    store.closePayment('p1', 'PAID');
    recordRefundFailure(store, 'p1', { status: 0, code: 'NETWORK_ERROR' });
    expect(list()).toEqual([]);
    recordRefundFailure(store, 'p1', { status: 409, code: 'CONFLICT' });
    clock.advance(1000);
    recordRefundFailure(store, 'p1', { status: 410, code: 'GONE' });
    const entries = list();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'refund-refused',
      paymentId: 'p1',
      amount: '189.00',
      tip: '11.00',
      detail: { code: 'GONE' },
      actions: ['acknowledge'],
    });
    expect(
      store
        .eventsAfter(0, 100)
        .filter((e) => e.kind === 'refund.refused')
        .map((e) => e.data.code),
    ).toEqual(['CONFLICT', 'GONE']);
    store.refundPayment('p1');
    expect(list()).toEqual([]);
  });

  it('acknowledging one refusal hides it; a later refusal of the same payment shows again', () => {
    const { store, clock, list } = setup();
    store.startPayment(wirePayment('p1', [item('goulash', '189', '1')]));
    store.processPayment('p1');
    store.closePayment('p1', 'PAID');
    recordRefundFailure(store, 'p1', { status: 410, code: 'GONE' });
    expect(acknowledge(store, clock.now(), { entryId: list()[0]!.id, note: 'refunded in cash' })).toMatchObject({ ok: true });
    expect(list()).toEqual([]);
    recordRefundFailure(store, 'p1', { status: 410, code: 'GONE' });
    expect(list()).toHaveLength(1);
  });
});

describe('Needs attention: errors from the service', () => {
  it('lists each `error` call with its code and message; acknowledged ones leave; a flood keeps the newest', () => {
    const { store, clock, list } = setup();
    store.recordServiceError({ code: 'POS_TIMEOUT', message: 'The POS did not answer getBill' });
    clock.advance(1000);
    store.recordServiceError({ code: null, message: 'Something else' });
    const entries = list();
    expect(entries.map((e) => [e.kind, e.detail])).toEqual([
      ['service-error', { code: 'POS_TIMEOUT', message: 'The POS did not answer getBill' }],
      ['service-error', { message: 'Something else' }],
    ]);
    expect(acknowledge(store, clock.now(), { entryId: entries[0]!.id })).toMatchObject({ ok: true });
    expect(list().map((e) => e.detail.message)).toEqual(['Something else']);
    expect(store.read.attention.resolutionsOf(entries[0]!.id)).toMatchObject([{ note: null }]);

    for (let i = 0; i < MAX_SERVICE_ERRORS + 5; i++) store.recordServiceError({ code: 'E', message: `m${i}` });
    const flood = list();
    expect(flood).toHaveLength(MAX_SERVICE_ERRORS);
    expect(flood.at(-1)!.detail.message).toBe(`m${MAX_SERVICE_ERRORS + 4}`);
  });
});

describe('Needs attention: the list', () => {
  it('is every kind at once, oldest first; an action entry cannot be acknowledged away', () => {
    const { store, clock, list } = setup();
    store.recordServiceError({ code: 'X', message: 'first' });
    clock.advance(1000);
    store.putBill({ id: 'b3', tableId: 't1', currency: 'CZK', items: [{ id: 'wine', name: 'Wine', price: '40.33', quantity: '1', minQuantity: '0.5' }] });
    store.startPayment(wirePayment('p1', [item('wine', '40.33', '0.5')], { captureMode: 'manual', idBill: 'b3' }));
    store.processPayment('p1');
    clock.advance(1000);
    store.putBill({ id: 'b2', tableId: 't1', currency: 'CZK', items: [{ id: 'x', name: 'X', price: '10', quantity: '1' }] });
    store.closeBill('b2', { method: 'cash' });
    expect(list().map((e) => e.kind)).toEqual(['service-error', 'capture', 'settled-bill']);
    expect(list()[1]!.amount).toBe('20.165'); // never rounded
    expect(acknowledge(store, clock.now(), { entryId: 'capture:p1', note: 'later' })).toMatchObject({
      ok: false,
      code: 'ACTION_REQUIRED',
      params: { action: 'capture' },
    });
    expect(list()).toHaveLength(3);
  });

  it('a source whose SQL would write is refused before it runs', () => {
    const { store } = setup();
    expect(() => store.read.attention.select("DELETE FROM bills WHERE id = 'b1'")).toThrow(/writes/);
    expect(store.getBill('b1')).not.toBeNull();
  });
});
