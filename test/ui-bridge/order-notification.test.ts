import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUiEvents } from '../../main/app/ui-events.js';
import { createViewFanOut } from '../../main/adapters/ui-bridge/event-fanout.js';
import { createNoticeBook } from '../../main/adapters/ui-bridge/notice-book.js';
import type { Language } from '../../preload/contract.js';
import { order, pickupOrder, seedMenu } from '../store/menu-helpers.js';
import { memoryLogger } from './memory-log.js';
import { tempStore, wirePayment } from '../store/helpers.js';

// A guest's new order becomes one OS notification (the path notices use),
// from a real store commit through the fan-out to the shell's notify port.
describe('OS notification of a new order', () => {
  let t: ReturnType<typeof tempStore>;
  let shown: { title: string; body: string }[];
  let language: Language;
  beforeEach(() => {
    t = tempStore();
    shown = [];
    language = 'en';
    const events = createUiEvents({ notify: (title, body) => shown.push({ title, body }) }, () => language);
    events.subscribe(() => undefined);
    const notices = createNoticeBook({ dataDir: t.dir, clock: t.clock, log: memoryLogger().log });
    t.store.onEvent(createViewFanOut({ store: t.store, notices, push: events.push, wants: events.wants, clock: t.clock }).onBatch);
    seedMenu(t.store);
  });
  afterEach(() => t.cleanup());

  it('names the table and the lines once; later changes of the order do not notify again', () => {
    t.store.startOrder(order('o1', { note: 'by the window' }));
    expect(shown).toEqual([{ title: 'New order · Table 5', body: '2× Beer 0.5 l; by the window' }]);
    t.clock.advance(1000);
    t.store.setOrderStatus('o1', 'ACCEPTED');
    // orderStart repeated by the service (another transport) is the same order.
    t.store.startOrder(order('o1', { note: 'by the window' }));
    expect(shown).toHaveLength(1);
  });

  it('a pickup order in Czech', () => {
    language = 'cs';
    t.store.startOrder(pickupOrder('p1'));
    expect(shown).toHaveLength(1);
    expect(shown[0]!.title).toMatch(/^Nová objednávka · Vyzvednutí \d\d:\d\d$/);
    t.clock.advance(1000);
    t.store.markOrderPaid('p1', wirePayment('pay-1', [{ id: 'goulash', price: '189', quantity: '1' }], { idBill: 'p1', state: 'PAID' }));
    expect(shown).toHaveLength(1);
  });
});
