import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUiApi } from '../../main/adapters/ui-bridge/ui-api.js';
import { UI_FEATURES, type FeatureContext } from '../../main/app/features.js';
import { paymentsInProgress } from '../../main/features/updates/index.js';
import { seedBill, tempStore, wirePayment } from '../store/helpers.js';
import { memoryLogger } from './memory-log.js';

const beer = [{ id: 'beer', price: '62.50', quantity: '1' }];
const HOUR = 60 * 60 * 1000;

/**
 * The snapshot's payments: today's, and any still in progress that started earlier (a guest paying
 * across midnight). The update policy's busy check reads only the snapshot, so it must see those.
 */
describe('the snapshot holds every payment not yet settled', () => {
  let t: ReturnType<typeof tempStore>;
  let api: ReturnType<typeof createUiApi>;
  beforeEach(() => {
    t = tempStore();
    const { log } = memoryLogger();
    // The real store and clock; what the snapshot reads besides them is the least it needs.
    const deps = {
      store: t.store,
      log,
      clock: t.clock,
      isDemo: () => false,
      defaultCurrency: 'CZK',
      shell: {},
      connection: () => ({ status: 'connected', restaurantName: 'Bistro' }),
      disk: () => ({ lowSpace: false, freeBytes: 10 * 1024 ** 3 }),
      database: () => ({ locked: false, since: null }),
      notices: { open: () => [] },
      settingsCommands: { view: () => ({}) },
      staff: { view: () => ({ enabled: false, address: null, problem: null, devices: [] }) },
      logsDir: t.dir,
    } as unknown as FeatureContext;
    api = createUiApi(UI_FEATURES, deps, { subscribe: () => () => {}, seq: () => 0 });
    seedBill(t.store, 'b1', 't1');
    seedBill(t.store, 'b2', 't2');
  });
  afterEach(() => t.cleanup());

  it('lists a payment started before midnight while it is in progress, and not once it is settled', async () => {
    const busy = paymentsInProgress(api);
    t.store.startPayment(wirePayment('p-late', beer, { idBill: 'b1' }));
    t.store.processPayment('p-late');
    t.store.startPayment(wirePayment('p-done', beer, { idBill: 'b2' }));
    t.store.processPayment('p-done');
    t.store.closePayment('p-done', 'PAID');
    // The next day (whatever the time zone): neither payment is one of today's.
    t.clock.advance(25 * HOUR);
    const ids = (await api.getSnapshot()).payments.map((p) => `${p.id}:${p.state}`);
    expect(ids).toEqual(['p-late:PROCESSED']);
    expect(await busy.busy()).toBe(true);

    t.store.closePayment('p-late', 'PAID');
    expect((await api.getSnapshot()).payments).toEqual([]);
    expect(await busy.busy()).toBe(false);
  });

  it('puts today’s payments first, newest first, then the earlier ones still in progress', async () => {
    seedBill(t.store, 'b3', 't3');
    t.store.startPayment(wirePayment('p-yesterday', beer, { idBill: 'b1' }));
    t.clock.advance(25 * HOUR);
    t.store.startPayment(wirePayment('p-today-1', beer, { idBill: 'b2' }));
    t.store.processPayment('p-today-1');
    t.store.closePayment('p-today-1', 'PAID');
    t.clock.advance(1000);
    t.store.startPayment(wirePayment('p-today-2', beer, { idBill: 'b3' }));
    expect((await api.getSnapshot()).payments.map((p) => p.id)).toEqual(['p-today-2', 'p-today-1', 'p-yesterday']);
  });
});
