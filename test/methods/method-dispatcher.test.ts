import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMethodDispatcher } from '../../main/adapters/connection/methods-index.js';
import type { MethodDispatcher, MethodOutcome } from '../../main/adapters/connection/methods-index.js';
import { silentLogger } from '../../main/base/log.js';
import type { StoreEvent } from '../../main/store/index.js';
import { Bill, parseWith, Receipt } from '../../main/base/wire/index.js';
import { lastSeq, seedBill, tempStore, wirePayment } from '../store/helpers.js';
import { result } from './helpers.js';

const code = (o: MethodOutcome) => ('error' in o ? o.error.code : 'ok');

describe('the method dispatcher', () => {
  let t: ReturnType<typeof tempStore>;
  let methods: MethodDispatcher;
  beforeEach(() => {
    t = tempStore();
    seedBill(t.store);
    methods = createMethodDispatcher({ store: t.store, log: silentLogger(), clock: t.clock });
  });
  afterEach(() => t.cleanup());

  const call = (method: string, ...args: unknown[]) => methods.handle(method, args, { transport: 'ws', callId: 'c1' });

  it('noop answers null; an unknown method is METHOD_NOT_SUPPORTED', async () => {
    expect(await call('noop')).toEqual({ result: null });
    expect(code(await call('whatever'))).toBe('METHOD_NOT_SUPPORTED');
    expect(code(await call('toString'))).toBe('METHOD_NOT_SUPPORTED');
  });

  it('getTableList lists every table as {id, name}', async () => {
    t.store.upsertTable({ id: 't2', name: 'Terrace', area: 'Out' });
    expect(result(await call('getTableList'))).toEqual([
      { id: 't1', name: 'Table t1' },
      { id: 't2', name: 'Terrace' },
    ]);
  });

  it('getTableContents answers open bills with only unpaid, unlocked quantities, [] for a free table', async () => {
    t.store.upsertTable({ id: 't2', name: 'Two' });
    expect(result(await call('getTableContents', 't2', null))).toEqual([]);
    expect(result(await call('getTableContents', 'no-such-table', null))).toEqual([]);
    await call('paymentStart', wirePayment('p1', [{ id: 'water', price: '40', quantity: '2.5' }]));
    await call('paymentStart', wirePayment('p0', [{ id: 'x', price: '1', quantity: '1' }], { idBill: 'none' }));
    const bills = result(await call('getTableContents', 't1', null)) as unknown[];
    expect(bills).toHaveLength(1);
    expect(parseWith(Bill, bills[0]).ok).toBe(true);
    expect(bills[0]).toMatchObject({
      id: 'b1',
      currency: 'CZK',
      name: 'Window',
      allowTip: true,
      allowPartialPayment: true,
      denyDiscounts: false,
      items: [
        { id: 'beer', name: 'Beer', price: '62.5', quantity: '2', minQuantity: '1', tags: [] },
        { id: 'goulash', name: 'Goulash', price: '189', quantity: '1', minQuantity: '1', tags: [] },
        // 3 − 2.5 locked: the half left may be paid although it is below the minimum of 1.
        { id: 'water', name: 'Water', price: '40', quantity: '0.5', minQuantity: '0.5', tags: [] },
      ],
    });
  });

  it('getBill answers the bill, BILL_NOT_FOUND, and BILL_CLOSED for paid and closed bills', async () => {
    expect(result(await call('getBill', 'b1', null))).toMatchObject({ id: 'b1', items: [{ id: 'beer' }, { id: 'goulash' }, { id: 'water' }] });
    expect(code(await call('getBill', 'nope', null))).toBe('BILL_NOT_FOUND');
    const all = [
      { id: 'beer', price: '62.5', quantity: '2' },
      { id: 'goulash', price: '189', quantity: '1' },
      { id: 'water', price: '40', quantity: '3' },
    ];
    await call('paymentStart', wirePayment('p1', all));
    await call('paymentClosed', 'p1', 'PAID');
    expect(code(await call('getBill', 'b1', null))).toBe('BILL_CLOSED');
    t.store.closeBill('b1');
    expect(code(await call('getBill', 'b1', null))).toBe('BILL_CLOSED');
  });

  it('getBill answers from the last scan until the bill changes, and never older than the last write', async () => {
    const answer = async () => ((await call('getBill', 'b1', null)) as { result: unknown }).result;
    const scan = result(await call('getTableContents', 't1', null)) as unknown[];
    const first = await answer();
    expect(JSON.parse(JSON.stringify(first))).toEqual(scan[0]);
    // Ready text: the very same answer again while nothing changed, also after a change to another bill.
    seedBill(t.store, 'b2', 't2');
    expect(await answer()).toBe(first);
    await call('paymentStart', wirePayment('p1', [{ id: 'beer', price: '62.5', quantity: '1' }]));
    const locked = result(await call('getBill', 'b1', null)) as { items: { id: string; quantity: string }[] };
    expect(locked.items.find((i) => i.id === 'beer')?.quantity).toBe('1');
    await call('paymentClosed', 'p1', 'CANCELLED');
    t.store.putBill({ id: 'b1', tableId: 't1', currency: 'CZK', items: [{ id: 'tea', name: 'Tea', price: '40', quantity: '4' }] });
    expect(result(await call('getBill', 'b1', null))).toMatchObject({ items: [{ id: 'tea', quantity: '4' }] });
    t.store.closeBill('b1');
    expect(code(await call('getBill', 'b1', null))).toBe('BILL_CLOSED');
  });

  it('rejects bad arguments with INVALID_ARGUMENTS naming the argument, changing nothing', async () => {
    const seq = lastSeq(t.store);
    const bad = await call('getTableContents', 12, null);
    expect(bad).toEqual({ error: { code: 'INVALID_ARGUMENTS', message: expect.stringMatching(/^getTableContents: args\[0\]: /) } });
    const badPay = await call('paymentStart', {
      ...wirePayment('p1', [{ id: 'beer', price: '62.5', quantity: '1' }]),
      items: [{ id: 'beer', price: 62.5, quantity: '1' }],
    });
    expect(badPay).toEqual({ error: { code: 'INVALID_ARGUMENTS', message: expect.stringMatching(/args\[0\]\.items\[0\]\.price/) } });
    expect(code(await call('paymentClosed', 'p1'))).toBe('INVALID_ARGUMENTS');
    expect(lastSeq(t.store)).toBe(seq);
  });

  it('runs the whole payment flow with a receipt, and repeated calls change nothing', async () => {
    const pay = wirePayment('p1', [{ id: 'beer', price: '62.50', quantity: '1' }], { tipBrutto: '10', unknownField: 'ignored' } as never);
    expect(await call('paymentStart', pay)).toEqual({ result: null });
    expect(await call('paymentStart', pay)).toEqual({ result: null });
    const receipt = result(await call('paymentProcessed', 'p1'));
    expect(parseWith(Receipt, receipt).ok).toBe(true);
    expect(receipt).toMatchObject({ receiptInfo: { billName: 'Window', serial: '1' }, finalPrice: '62.5', receiptDeliveryType: 'QERKO_GENERATED' });
    expect(result(await call('paymentProcessed', 'p1'))).toEqual(receipt);
    const heard: StoreEvent[] = [];
    t.store.onEvent((e) => heard.push(...e));
    expect(await call('paymentClosed', 'p1', 'PAID')).toEqual({ result: null });
    expect(await call('paymentClosed', 'p1', 'PAID')).toEqual({ result: null });
    expect(await call('paymentClosed', 'unknown', 'PAID')).toEqual({ result: null });
    expect(heard.map((e) => e.kind)).toEqual(['payment.paid']);
    expect(t.store.getBill('b1')?.items[0]).toMatchObject({ paidQuantity: '1', lockedQuantity: '0' });
    expect(result(await call('getPostponedReceipt', 'p1'))).toEqual(receipt);
  });

  it('maps paymentStart refusals to BILL_NOT_FOUND, BILL_CLOSED, BILL_LOCKED and ITEMS_CHANGED with the item named', async () => {
    const beer = [{ id: 'beer', price: '62.5', quantity: '1' }];
    expect(code(await call('paymentStart', wirePayment('p1', beer, { idBill: 'nope' })))).toBe('BILL_NOT_FOUND');
    await call('paymentStart', wirePayment('p1', beer));
    expect(code(await call('paymentStart', wirePayment('p2', beer)))).toBe('BILL_LOCKED');
    await call('paymentClosed', 'p1', 'CANCELLED');
    const changed = await call('paymentStart', wirePayment('p2', [{ id: 'beer', price: '70', quantity: '1' }]));
    expect(changed).toEqual({ error: { code: 'ITEMS_CHANGED', message: expect.stringContaining('"Beer"') } });
    t.store.closeBill('b1');
    expect(code(await call('paymentStart', wirePayment('p3', beer)))).toBe('BILL_CLOSED');
  });

  it('answers only after the change is committed: another connection to the file already sees it', async () => {
    await call('paymentStart', wirePayment('p1', [{ id: 'beer', price: '62.5', quantity: '2' }]));
    const reader = new BetterSqlite3(t.file, { readonly: true });
    try {
      const row = reader.prepare<[], { lockedQuantity: string }>("SELECT lockedQuantity FROM bill_items WHERE billId = 'b1' AND id = 'beer'");
      expect(row.get()?.lockedQuantity).toBe('2');
      await call('paymentClosed', 'p1', 'PAID');
      const paid = reader.prepare<[], { state: string }>("SELECT state FROM payments WHERE id = 'p1'");
      expect(paid.get()?.state).toBe('PAID');
    } finally {
      reader.close();
    }
  });

  it('a declined payment unlocks its items and records the service state', async () => {
    await call('paymentStart', wirePayment('p1', [{ id: 'goulash', price: '189', quantity: '1' }]));
    await call('paymentProcessed', 'p1');
    await call('paymentClosed', 'p1', 'DECLINED');
    expect(t.store.getPayment('p1')).toMatchObject({ state: 'CANCELLED', closedState: 'DECLINED' });
    expect(t.store.getBill('b1')?.items[1]?.lockedQuantity).toBe('0');
    expect(code(await call('paymentProcessed', 'p1'))).toBe('ok'); // the receipt was already written: same answer
    expect(code(await call('paymentProcessed', 'ghost'))).toBe('PAYMENT_NOT_FOUND');
  });

  it('getPostponedReceipt: PAYMENT_NOT_FOUND for unknown or receipt-less payments', async () => {
    expect(code(await call('getPostponedReceipt', 'ghost'))).toBe('PAYMENT_NOT_FOUND');
    await call('paymentStart', wirePayment('p1', [{ id: 'beer', price: '62.5', quantity: '1' }]));
    expect(code(await call('getPostponedReceipt', 'p1'))).toBe('PAYMENT_NOT_FOUND');
    // Paid without paymentProcessed (recovered): the receipt is written on demand.
    await call('paymentClosed', 'p1', 'PAID');
    expect(result(await call('getPostponedReceipt', 'p1'))).toMatchObject({ receiptInfo: { serial: '1' } });
  });

  it('error calls are logged and kept as a service.error event', async () => {
    expect(await call('error', { code: 'VALIDATION', message: 'bad receipt', extra: 1 })).toEqual({ result: null });
    expect(await call('error', 'plain text')).toEqual({ result: null });
    const events = t.store.eventsAfter(0).filter((e) => e.kind === 'service.error');
    expect(events.map((e) => e.data)).toEqual([
      { code: 'VALIDATION', message: 'bad receipt' },
      { code: null, message: '"plain text"' },
    ]);
  });

  it('answers INTERNAL_ERROR instead of throwing when the store fails', async () => {
    // `methods` still points at this store; closing its connection makes every query fail.
    t.store.close();
    const outcome = await call('getTableContents', 't1', null);
    expect(outcome).toEqual({ error: { code: 'INTERNAL_ERROR', message: expect.stringContaining('Try again') } });
  });
});

describe('the answer cache', () => {
  it('drops the answers a committed change can touch, so an answer is never older than the last write', async () => {
    const { openTestStore } = await import('../store/test-store.js');
    const { createMethodDispatcher } = await import('../../main/adapters/connection/methods-index.js');
    const { silentLogger } = await import('../../main/base/log.js');
    const { systemClock } = await import('../../main/base/clock.js');
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'tableside-cache-'));
    const store = openTestStore({ file: join(dir, 'db.sqlite') });
    try {
      const d = createMethodDispatcher({ store, log: silentLogger(), clock: systemClock });
      const wire = async () =>
        JSON.parse(JSON.stringify(((await d.handle('getTableContents', ['t1', null])) as { result: unknown }).result)) as { items: { quantity: string }[] }[];
      store.upsertTable({ id: 't1', name: 'One' });
      expect(await wire()).toEqual([]);
      store.putBill({ id: 'b1', tableId: 't1', currency: 'CZK', items: [{ id: 'i', name: 'Tea', price: '40', quantity: '2' }] });
      expect((await wire())[0]!.items[0]!.quantity).toBe('2');
      store.putBill({ id: 'b1', tableId: 't1', currency: 'CZK', items: [{ id: 'i', name: 'Tea', price: '40', quantity: '3' }] });
      expect((await wire())[0]!.items[0]!.quantity).toBe('3');
      // A change at another table leaves this table's answer as it was (the very same text).
      const raw = async (table: string) => ((await d.handle('getTableContents', [table, null])) as { result: unknown }).result;
      const before = await raw('t1');
      store.upsertTable({ id: 't2', name: 'Two' });
      store.putBill({ id: 'b2', tableId: 't2', currency: 'CZK', items: [{ id: 'i', name: 'Tea', price: '40', quantity: '1' }] });
      expect(await raw('t1')).toBe(before);
      // A bill moved to another table leaves the old table's answer too.
      expect((await wire())[0]!.items[0]!.quantity).toBe('3');
      store.putBill({ id: 'b1', tableId: 't2', currency: 'CZK', items: [{ id: 'i', name: 'Tea', price: '40', quantity: '3' }] });
      expect(await wire()).toEqual([]);
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
