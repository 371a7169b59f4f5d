import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUiEvents, type UiEvents } from '../../main/app/ui-events.js';
import { recordConnectionStates } from '../../main/app/diagnostics/state-history.js';
import { createViewFanOut, VIEW_PUSH_MS, type ViewFanOut } from '../../main/adapters/ui-bridge/event-fanout.js';
import { createNoticeBook } from '../../main/adapters/ui-bridge/notice-book.js';
import type { CompanionEvent } from '../../preload/contract.js';
import { memoryLogger } from './memory-log.js';
import { billView, tableView } from '../../main/features/bills/views.js';
import { seedBill, tempStore, wirePayment } from '../store/helpers.js';

const beer = [{ id: 'beer', price: '62.50', quantity: '1' }];

/**
 * The live screen's fan-out from real store commits: notices at once, the bill, table and payment
 * views at most once per VIEW_PUSH_MS on the injected clock, each read when it is pushed.
 */
describe('views pushed to a live screen', () => {
  let t: ReturnType<typeof tempStore>;
  let heard: CompanionEvent[];
  let attached: boolean;
  let views: ViewFanOut;
  const ofType = <T extends CompanionEvent['type']>(type: T) => heard.filter((e): e is Extract<CompanionEvent, { type: T }> => e.type === type);

  beforeEach(() => {
    t = tempStore();
    heard = [];
    attached = true;
    const events = createUiEvents({}, () => 'en');
    events.subscribe((e) => {
      if (attached) heard.push(e);
    });
    const notices = createNoticeBook({ dataDir: t.dir, clock: t.clock, log: memoryLogger().log });
    views = createViewFanOut({ store: t.store, notices, push: events.push, wants: () => attached, clock: t.clock });
    t.store.onEvent(views.onBatch);
    seedBill(t.store);
    // The seed's views pushed (its second write waited for the window), then a quiet window.
    t.clock.advance(2 * VIEW_PUSH_MS);
    heard = [];
  });
  afterEach(() => {
    views.stop();
    t.cleanup();
  });

  it('pushes the first change at once, then one push per window with the state at its end', () => {
    t.store.startPayment(wirePayment('p1', beer));
    t.store.processPayment('p1');
    // processPayment is durable: it tells its events and the start's (held until then) in one batch.
    expect(ofType('payment').map((e) => e.payment.state)).toEqual(['PROCESSED']);
    expect(ofType('bill')).toHaveLength(1);
    expect(ofType('table')).toHaveLength(1);

    t.store.closePayment('p1', 'PAID');
    // Within the window: the notice at once, the views not yet.
    expect(ofType('notice').map((e) => e.notice.id)).toEqual(['paid:p1']);
    expect(ofType('payment')).toHaveLength(1);

    t.clock.advance(VIEW_PUSH_MS - 1);
    expect(ofType('payment')).toHaveLength(1);
    t.clock.advance(1);
    expect(ofType('payment').map((e) => e.payment.state)).toEqual(['PROCESSED', 'PAID']);
    expect(ofType('bill').at(-1)?.bill.totals).toMatchObject({ paid: '62.50' });
    expect(ofType('table')).toHaveLength(2);
  });

  it('a bill changed several times in one window is read and pushed once, as it is at the end', () => {
    t.store.addItem('b1', { name: 'Espresso', price: '49', quantity: '1' });
    expect(ofType('bill')).toHaveLength(1);
    for (let i = 0; i < 5; i++) t.store.addItem('b1', { name: `Tea ${i}`, price: '30', quantity: '1' });
    expect(ofType('bill')).toHaveLength(1);
    t.clock.advance(VIEW_PUSH_MS);
    const bills = ofType('bill');
    expect(bills).toHaveLength(2);
    expect(bills[1]!.bill.items.map((i) => i.name)).toContain('Tea 4');
    expect(bills[1]!.bill.totals.total).toBe(ofType('table').at(-1)?.table.due);
  });

  it("the table's view takes the bill its flush just read, lines and all, instead of reading it again", () => {
    const handed: string[][] = [];
    const activeCountsOfTable = t.store.read.bills.activeCountsOfTable.bind(t.store.read.bills);
    t.store.read.bills.activeCountsOfTable = (tableId, known) => {
      handed.push([...(known?.keys() ?? [])]);
      return activeCountsOfTable(tableId, known);
    };
    t.store.addItem('b1', { name: 'Espresso', price: '49', quantity: '1' });
    expect(handed).toEqual([['b1']]);
    expect(ofType('table').at(-1)?.table.due).toBe('483.00');
  });

  it('a table deleted in the window is pushed as removed, never as a view', () => {
    t.store.upsertTable({ id: 't9', name: 'Table 9', area: null });
    t.store.upsertTable({ id: 't9', name: 'Table 9b', area: null });
    t.store.deleteTable('t9');
    t.clock.advance(VIEW_PUSH_MS);
    expect(heard.filter((e) => e.type === 'table-removed' || (e.type === 'table' && e.table.id === 't9')).map((e) => e.type)).toEqual([
      'table',
      'table-removed',
    ]);
  });

  it('with no screen attached nothing is read or kept for later; stop cancels a pending push', () => {
    attached = false;
    t.store.addItem('b1', { name: 'Espresso', price: '49', quantity: '1' });
    attached = true;
    t.clock.advance(VIEW_PUSH_MS);
    expect(ofType('bill')).toHaveLength(0);

    t.store.addItem('b1', { name: 'Tea', price: '30', quantity: '1' });
    t.store.addItem('b1', { name: 'Tea 2', price: '30', quantity: '1' });
    expect(ofType('bill')).toHaveLength(1);
    views.stop();
    t.clock.advance(VIEW_PUSH_MS);
    expect(ofType('bill')).toHaveLength(1);
  });

  it("a payment's views read only its lines again, and show exactly what a whole read of the bill shows", () => {
    const readLines: string[] = [];
    const item = t.store.read.bills.item.bind(t.store.read.bills);
    t.store.read.bills.item = (billId, itemId) => {
      readLines.push(itemId);
      return item(billId, itemId);
    };
    const whole = () => billView(t.store, 'b1');
    const lastBill = () => ofType('bill').at(-1)?.bill;
    const steps: (() => void)[] = [
      () => t.store.startPayment(wirePayment('p1', [{ id: 'beer', price: '62.50', quantity: '1' }])),
      () => t.store.processPayment('p1'),
      () => t.store.closePayment('p1', 'PAID'),
      () => t.store.startPayment(wirePayment('p2', [{ id: 'water', price: '40', quantity: '2' }], { tipBrutto: '10' })),
      () => t.store.closePayment('p2', 'CANCELLED'),
      () => t.store.addItem('b1', { name: 'Espresso', price: '49', quantity: '1' }),
      () => t.store.startPayment(wirePayment('p3', [{ id: 'goulash', price: '189', quantity: '1' }], { tipBrutto: '20' })),
      () => t.store.processPayment('p3'),
      () => t.store.closePayment('p3', 'PAID'),
    ];
    for (const step of steps) {
      step();
      t.clock.advance(VIEW_PUSH_MS);
      expect(lastBill()).toEqual(whole());
      expect(ofType('table').at(-1)?.table).toEqual(tableView(t.store, 't1'));
    }
    // Only the payments' own lines were read one by one (the added line read the bill whole).
    expect(new Set(readLines)).toEqual(new Set(['beer', 'water', 'goulash']));
    expect(lastBill()?.totals).toMatchObject({ paid: '251.50', tips: '20.00' });
  });

  it('a screen that stopped listening reads whole bills again: the records it kept missed those commits', () => {
    t.store.startPayment(wirePayment('p1', beer));
    t.store.processPayment('p1');
    t.clock.advance(VIEW_PUSH_MS);
    attached = false;
    t.store.closePayment('p1', 'PAID');
    t.store.addItem('b1', { name: 'Espresso', price: '49', quantity: '1' });
    t.clock.advance(VIEW_PUSH_MS);
    attached = true;
    t.store.startPayment(wirePayment('p2', [{ id: 'water', price: '40', quantity: '1' }]));
    t.clock.advance(VIEW_PUSH_MS);
    expect(ofType('bill').at(-1)?.bill).toEqual(billView(t.store, 'b1'));
    expect(
      ofType('bill')
        .at(-1)
        ?.bill.items.map((i) => i.name),
    ).toContain('Espresso');
  });
});

/** Listeners that show no views name the events they need; then no view is made for them. */
describe('typed listeners', () => {
  let t: ReturnType<typeof tempStore>;
  let events: UiEvents;
  let views: ViewFanOut;
  let reads: number;
  beforeEach(() => {
    t = tempStore();
    events = createUiEvents({}, () => 'en');
    const notices = createNoticeBook({ dataDir: t.dir, clock: t.clock, log: memoryLogger().log });
    views = createViewFanOut({ store: t.store, notices, push: events.push, wants: events.wants, clock: t.clock });
    t.store.onEvent(views.onBatch);
    // Counts bill reads with their lines: what a bill or table view costs.
    reads = 0;
    const read = t.store.read.bills.getWithItems.bind(t.store.read.bills);
    t.store.read.bills.getWithItems = (id: string) => {
      reads++;
      return read(id);
    };
  });
  afterEach(() => {
    views.stop();
    t.cleanup();
  });

  it('the session history asks for session events only: a bill change makes no view and reaches it not', () => {
    const history = recordConnectionStates<unknown>({ onEvent: events.subscribe });
    expect(['bill', 'table', 'payment'].some((type) => events.wants(type as 'bill'))).toBe(false);
    seedBill(t.store);
    t.store.addItem('b1', { name: 'Espresso', price: '49', quantity: '1' });
    t.clock.advance(VIEW_PUSH_MS);
    expect(reads).toBe(0);
    events.push({ type: 'connection', connection: { status: 'connected' } as never });
    expect(history.list()).toHaveLength(1);
  });

  it('a listener of payments (the update busy check) gets payment views and no bill is read', () => {
    const heard: CompanionEvent[] = [];
    events.subscribe((e) => heard.push(e), ['payment']);
    seedBill(t.store);
    t.store.startPayment(wirePayment('p1', beer));
    t.store.processPayment('p1');
    t.clock.advance(VIEW_PUSH_MS);
    expect(heard.map((e) => e.type === 'payment' && e.payment.state)).toEqual(['PROCESSED']);
    expect(reads).toBe(0);
  });

  it('a listener of tables gets the table of a changed bill, and no bill views', () => {
    const heard: CompanionEvent[] = [];
    events.subscribe((e) => heard.push(e), ['table']);
    expect(events.wants('bill')).toBe(false);
    seedBill(t.store);
    t.clock.advance(2 * VIEW_PUSH_MS);
    heard.length = 0;
    t.store.addItem('b1', { name: 'Espresso', price: '49', quantity: '1' });
    expect(heard.map((e) => e.type)).toEqual(['table']);
    expect(heard[0]?.type === 'table' && heard[0].table.due).toBe('483.00');
  });
});
