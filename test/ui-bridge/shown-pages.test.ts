import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUiEvents, type UiEvents } from '../../main/app/ui-events.js';
import { createViewFanOut, VIEW_PUSH_MS, type ViewFanOut } from '../../main/adapters/ui-bridge/event-fanout.js';
import { createNoticeBook } from '../../main/adapters/ui-bridge/notice-book.js';
import {
  forwardToShownPages,
  HIDDEN_PAGE_EVENT_TYPES,
  NOT_FOR_PAGES,
  SHOWN_ONLY_EVENT_TYPES,
  type ShownPages,
} from '../../main/adapters/ui-bridge/shown-pages.js';
import type { CompanionEvent } from '../../preload/contract.js';
import { EVENT_TYPES } from '../../preload/names.js';
import { memoryLogger } from './memory-log.js';
import { seedBill, tempStore, wirePayment } from '../store/helpers.js';
import { order, seedMenu } from '../store/menu-helpers.js';

const beer = [{ id: 'beer', price: '62.50', quantity: '1' }];

interface Page {
  name: string;
  heard: CompanionEvent[];
}

/**
 * Pages that say whether they are shown, through the real seam: the forwarder subscribes to the
 * core's events (ui-events.ts), whose `wants` is what the real fan-out asks before it reads any view
 * from the real store.
 */
describe('views only for pages that are shown', () => {
  let t: ReturnType<typeof tempStore>;
  let events: UiEvents;
  let views: ViewFanOut;
  let pages: Page[];
  let forwarder: ShownPages<Page>;
  /** Reads of the store by the fan-out (the notices and the views): a view is read when it is built. */
  let viewReads: number;
  let osNotifications: string[];
  const types = (page: Page) => [...new Set(page.heard.map((e) => e.type))].sort();
  const pay = (id: string, idBill = 'b1') => {
    t.store.startPayment(wirePayment(id, beer, { idBill }));
    t.store.processPayment(id);
    t.store.closePayment(id, 'PAID');
    t.clock.advance(2 * VIEW_PUSH_MS);
  };

  beforeEach(() => {
    t = tempStore();
    osNotifications = [];
    events = createUiEvents({ notify: (title) => osNotifications.push(title) }, () => 'en');
    viewReads = 0;
    const counted = new Proxy(t.store, {
      get(target, key, receiver) {
        if (key === 'read') viewReads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const notices = createNoticeBook({ dataDir: t.dir, clock: t.clock, log: memoryLogger().log });
    views = createViewFanOut({ store: counted, notices, push: events.push, wants: events.wants, clock: t.clock });
    t.store.onEvent(views.onBatch);
    pages = [
      { name: 'window', heard: [] },
      { name: 'print sheet', heard: [] },
    ];
    forwarder = forwardToShownPages({ api: { onEvent: events.subscribe }, pages: () => pages, send: (page, e) => page.heard.push(e) });
    seedBill(t.store);
    t.clock.advance(2 * VIEW_PUSH_MS);
    for (const page of pages) page.heard = [];
    viewReads = 0;
  });
  afterEach(() => {
    forwarder.stop();
    views.stop();
    t.cleanup();
  });

  it('names every event type a view, one a hidden page still hears, or one no page is sent', () => {
    expect([...SHOWN_ONLY_EVENT_TYPES, ...HIDDEN_PAGE_EVENT_TYPES, ...NOT_FOR_PAGES].sort()).toEqual([...EVENT_TYPES].sort());
  });

  it("never makes the core build a bill's view for a page: the screen reads the bills it shows", () => {
    pay('p1');
    expect(events.wants('bill')).toBe(false);
    expect(events.wants('table')).toBe(true);
    for (const page of pages) expect(types(page)).toEqual(['notice', 'payment', 'table']);
  });

  it('sends a hidden page the notices of a payment but not its views, and a shown page both', () => {
    forwarder.setShown(pages[1]!, false);
    pay('p1');
    expect(types(pages[0]!)).toEqual(['notice', 'payment', 'table']);
    expect(types(pages[1]!)).toEqual(['notice']);
    expect(pages[1]!.heard.map((e) => e.type === 'notice' && e.notice.id)).toEqual(['paid:p1']);
  });

  it('builds no views at all while no page is shown, and builds them again once one is', () => {
    for (const page of pages) forwarder.setShown(page, false);
    expect(SHOWN_ONLY_EVENT_TYPES.map((type) => events.wants(type))).toEqual([false, false, false]);
    expect(events.wants('notice')).toBe(true);
    pay('p1');
    // The notice reads its payment; nothing else is read.
    const readsHidden = viewReads;
    expect(pages.map(types)).toEqual([['notice'], ['notice']]);

    forwarder.setShown(pages[0]!, true);
    viewReads = 0;
    pay('p2');
    expect(readsHidden).toBeLessThanOrEqual(1);
    expect(viewReads).toBeGreaterThan(readsHidden + 2);
    const paid = pages[0]!.heard.flatMap((e) => (e.type === 'payment' ? [`${e.payment.id}:${e.payment.state}`] : []));
    // Only what changed since it was shown: p1's views were never made, the snapshot holds it.
    expect(paid.at(-1)).toBe('p2:PAID');
    expect(paid.some((p) => p.startsWith('p1'))).toBe(false);
    expect(types(pages[1]!)).toEqual(['notice']);
  });

  it('still sends a hidden page a guest order, which rings the OS too, while no page is shown', () => {
    seedMenu(t.store);
    t.clock.advance(2 * VIEW_PUSH_MS);
    for (const page of pages) page.heard = [];
    for (const page of pages) forwarder.setShown(page, false);
    t.store.startOrder(order('o1'));
    t.clock.advance(2 * VIEW_PUSH_MS);
    for (const page of pages) expect(page.heard.map((e) => (e.type === 'order' ? `order:${e.order.id}` : e.type))).toEqual(['order:o1']);
    expect(osNotifications).toEqual(['New order · Table 5']);
  });

  it('forgets a hidden page that is gone; a page that never said is sent the views, and they stop when it goes', () => {
    forwarder.setShown(pages[0]!, false);
    forwarder.setShown(pages[1]!, false);
    expect(events.wants('table')).toBe(false);
    // The hidden window closes and a new one opens (it has not said anything yet).
    pages = [{ name: 'new window', heard: [] }];
    // The first event that reaches it (a notice) turns the views back on for the next commit.
    pay('p1');
    expect(events.wants('table')).toBe(true);
    pay('p2');
    expect(types(pages[0]!)).toEqual(['notice', 'payment', 'table']);
    // It says it is hidden; a print sheet (never says) opens, then closes: views on, then off again.
    forwarder.setShown(pages[0]!, false);
    expect(events.wants('table')).toBe(false);
    seedBill(t.store, 'b2', 't2');
    const sheet: Page = { name: 'print sheet', heard: [] };
    pages = [pages[0]!, sheet];
    pay('p3', 'b2');
    expect(events.wants('table')).toBe(true);
    pages = [pages[0]!];
    pay('p4', 'b2');
    expect(events.wants('table')).toBe(false);
  });

  it('stops hearing the core when stopped', () => {
    forwarder.stop();
    expect(EVENT_TYPES.some((type) => events.wants(type))).toBe(false);
    pay('p1');
    expect(pages.every((page) => page.heard.length === 0)).toBe(true);
  });
});
