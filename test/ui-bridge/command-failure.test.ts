import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../main/base/clock.js';
import { createUiApi } from '../../main/adapters/ui-bridge/ui-api.js';
import { UI_FEATURES, type FeatureContext } from '../../main/app/features.js';
import { seedBill, tempStore, wirePayment } from '../store/helpers.js';
import { memoryLogger } from './memory-log.js';

// Refusals reach the renderer as a code with names (table, bill, item), never a raw id, and a
// thrown defect is the only INTERNAL_ERROR.
describe('command refusals carry a code and names', () => {
  let t: ReturnType<typeof tempStore>;
  beforeEach(() => {
    t = tempStore();
  });
  afterEach(() => t.cleanup());

  function api(overrides: Partial<FeatureContext> = {}) {
    const { log } = memoryLogger();
    // Only the store is used by the bill commands; the rest is never reached in these tests.
    const deps = {
      store: t.store,
      log,
      clock: new ManualClock(0),
      demo: false,
      menu: [],
      defaultCurrency: 'CZK',
      shell: {},
      ...overrides,
    } as unknown as FeatureContext;
    return createUiApi(UI_FEATURES, deps, { subscribe: () => () => {}, seq: () => 0 });
  }

  it('a close refused while a guest pays says BILL_LOCKED with the table and bill names, no id', async () => {
    seedBill(t.store, 'b-42', 'tbl-9');
    t.store.startPayment(wirePayment('p1', [{ id: 'beer', price: '62.50', quantity: '1' }], { idBill: 'b-42' }));
    const result = await api().closeBill({ billId: 'b-42' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('BILL_LOCKED');
    expect(result.error.action).toBe('closeBill');
    expect(result.error.params).toEqual({ table: 'Table tbl-9', bill: 'Window', currency: 'CZK' });
    expect(JSON.stringify(result.error.params)).not.toContain('b-42');
    // No sentence: the renderer words the code and its names.
    expect(result.error).not.toHaveProperty('message');
  });

  it('removing an item held by a payment names the item', async () => {
    seedBill(t.store, 'b1', 't1');
    t.store.startPayment(wirePayment('p1', [{ id: 'goulash', price: '189', quantity: '1' }]));
    const result = await api().removeItem({ billId: 'b1', itemId: 'goulash' });
    expect(result.ok ? null : result.error).toMatchObject({ code: 'CONFLICT', action: 'removeItem', params: { table: 'Table t1', item: 'Goulash' } });
  });

  it('an unknown bill is BILL_NOT_FOUND without names to look up', async () => {
    const result = await api().closeBill({ billId: 'gone' });
    expect(result.ok ? null : result.error).toEqual({ code: 'BILL_NOT_FOUND', action: 'closeBill' });
  });

  it('only a thrown defect is INTERNAL_ERROR', async () => {
    const broken = {
      ...t.store,
      closeBill: () => {
        throw new TypeError('boom');
      },
    } as unknown as FeatureContext['store'];
    const result = await api({ store: broken }).closeBill({ billId: 'b1' });
    expect(result.ok ? null : result.error).toMatchObject({ code: 'INTERNAL_ERROR', action: 'closeBill' });
  });
});
