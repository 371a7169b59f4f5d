import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_ADDITIONAL_DATA_BYTES, MAX_BILL_BYTES, MAX_BILL_ITEMS, jsonBytes } from '../../main/base/wire/index.js';
import { StoreError, toWireBill } from '../../main/store/index.js';
import { lastSeq, tempStore } from './helpers.js';

/**
 * The size limits hold at the store, so every door refuses the same bill: the cashier's open/add
 * and quantity commands as well as the POS API's PUT.
 */
type Env = ReturnType<typeof tempStore>;

function refusal(fn: () => unknown): StoreError {
  try {
    fn();
  } catch (e) {
    if (e instanceof StoreError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('a bill is kept only while its answer to the service fits', () => {
  let t: Env;
  beforeEach(() => {
    t = tempStore();
    t.store.upsertTable({ id: 't1', name: 'One' });
  });
  afterEach(() => t.cleanup());

  /** A bill opened by the cashier, filled by the POS to `room` bytes under the limit. */
  function nearlyFull(room: number): string {
    const bill = t.store.openBill({ tableId: 't1', currency: 'CZK' });
    const lines = Array.from({ length: 1_100 }, (_, i) => ({ id: `l-${i}`, name: 'y', price: '1', quantity: '1' }));
    const size = () =>
      jsonBytes(
        toWireBill({ ...bill, items: lines.map((l, position) => ({ ...l, position, minQuantity: '1', tags: [], paidQuantity: '0', lockedQuantity: '0' })) }),
      );
    let missing = MAX_BILL_BYTES - room - size();
    for (const line of lines) {
      const add = Math.min(missing, 490);
      line.name += 'y'.repeat(add);
      missing -= add;
    }
    expect(size()).toBe(MAX_BILL_BYTES - room);
    t.store.putBill({ id: bill.id, tableId: 't1', currency: 'CZK', items: lines });
    expect(jsonBytes(toWireBill(t.store.getBill(bill.id)!))).toBe(MAX_BILL_BYTES - room);
    return bill.id;
  }

  it("refuses the cashier's item that would take the bill over, naming items, and keeps the bill as it was", () => {
    const id = nearlyFull(400);
    const before = t.store.getBill(id)!;
    const seq = lastSeq(t.store);
    t.store.addItem(id, { name: 'Small', price: '1', quantity: '1' });
    const e = refusal(() => t.store.addItem(id, { name: 'z'.repeat(200), price: '1', quantity: '1' }));
    expect(e).toMatchObject({ code: 'INVALID', field: 'items', params: { reason: 'bill-too-large', max: MAX_BILL_BYTES } });
    expect(t.store.getBill(id)!.items).toHaveLength(before.items.length + 1);
    expect(lastSeq(t.store)).toBe(seq + 1);
    expect(jsonBytes(toWireBill(t.store.getBill(id)!))).toBeLessThanOrEqual(MAX_BILL_BYTES);
  });

  it('refuses a quantity whose text takes the bill over', () => {
    const id = nearlyFull(1);
    const first = t.store.getBill(id)!.items[0]!;
    const e = refusal(() => t.store.setItemQuantity(id, first.id, '2.5'));
    expect(e).toMatchObject({ code: 'INVALID', field: 'items', params: { reason: 'bill-too-large' } });
    // The same length of text still fits.
    expect(t.store.setItemQuantity(id, first.id, '2').items[0]!.quantity).toBe('2');
    expect(jsonBytes(toWireBill(t.store.getBill(id)!))).toBe(MAX_BILL_BYTES - 1);
  });

  it('refuses a line over the count and additionalData over its bytes, whichever door', () => {
    const items = Array.from({ length: MAX_BILL_ITEMS }, (_, i) => ({ id: `m-${i}`, name: 'M', price: '1', quantity: '1' }));
    t.store.putBill({ id: 'b1', tableId: 't1', currency: 'CZK', items });
    expect(refusal(() => t.store.addItem('b1', { name: 'One more', price: '1', quantity: '1' }))).toMatchObject({
      code: 'INVALID',
      field: 'items',
      params: { reason: 'too-many-items', max: MAX_BILL_ITEMS },
    });
    const extra = { note: 'n'.repeat(MAX_ADDITIONAL_DATA_BYTES) };
    expect(refusal(() => t.store.putBill({ id: 'b2', tableId: 't1', currency: 'CZK', items: [], additionalData: extra }))).toMatchObject({
      code: 'INVALID',
      field: 'additionalData',
      params: { reason: 'too-large', max: MAX_ADDITIONAL_DATA_BYTES },
    });
    expect(t.store.getBill('b2')).toBeNull();
    expect(t.store.getBill('b1')!.items).toHaveLength(MAX_BILL_ITEMS);
  });
});
