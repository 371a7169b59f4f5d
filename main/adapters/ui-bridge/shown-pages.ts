import type { CompanionApi, CompanionEvent, Unsubscribe } from '../../../preload/contract.js';
import { EVENT_TYPES } from '../../../preload/names.js';

type EventType = CompanionEvent['type'];

/**
 * Never sent to a page: a bill's view. The screen shows one table's bills at a time and reads them
 * when it shows them and when their table's view changes (the billsOfTable command), so no commit
 * makes the core build the view of every bill it touched (its lines and payments) for a screen.
 */
export const NOT_FOR_PAGES: readonly EventType[] = ['bill'];

/**
 * What the core builds from every commit only for a page someone looks at: the views
 * (event-fanout.ts: a table, the payment) and the Needs attention list (attention-watcher.ts:
 * every source's query again). A page that is shown again reads the snapshot, which holds them all.
 */
export const SHOWN_ONLY_EVENT_TYPES: readonly EventType[] = ['table', 'payment', 'attention'];
const isShownOnly = (type: EventType): boolean => SHOWN_ONLY_EVENT_TYPES.includes(type);

/** What a shown page hears: everything but NOT_FOR_PAGES. */
export const SHOWN_PAGE_EVENT_TYPES: readonly EventType[] = EVENT_TYPES.filter((type) => !NOT_FOR_PAGES.includes(type));

/** What a hidden page still hears: notices and orders (their sounds, the OS notifications), the session, settings, the menu. */
export const HIDDEN_PAGE_EVENT_TYPES: readonly EventType[] = SHOWN_PAGE_EVENT_TYPES.filter((type) => !isShownOnly(type));

export interface ShownPages<Page> {
  /**
   * A page says whether it is shown (its document's visibility). A page that never said is shown:
   * it hears everything, as before it could say (a print sheet, an older page).
   */
  setShown(page: Page, shown: boolean): void;
  /** Stops forwarding. */
  stop(): void;
}

/**
 * Forwards the core's events to the pages (the Electron windows, or one browser-mode socket), the
 * views only to pages that are shown. While no page is shown the subscription names the other
 * types only, so the core stops turning commits into views at all (`wants` in main/app/ui-events.ts):
 * the window in the tray all evening costs a payment no more than the headless host.
 * `pages()` lists the pages now (windows come and go); `send` delivers one event to one page;
 * `keyOf` names a page (default: the object itself), for pages that reach us as different objects.
 */
export function forwardToShownPages<Page>(o: {
  api: Pick<CompanionApi, 'onEvent'>;
  pages: () => readonly Page[];
  send: (page: Page, event: CompanionEvent) => void;
  keyOf?: (page: Page) => unknown;
}): ShownPages<Page> {
  const keyOf = o.keyOf ?? ((page: Page): unknown => page);
  const hidden = new Set<unknown>();
  let stopped = false;
  const deliver = (event: CompanionEvent): void => {
    const shownOnly = isShownOnly(event.type);
    let shownPage = false;
    for (const page of o.pages()) {
      const isHidden = hidden.has(keyOf(page));
      shownPage ||= !isHidden;
      if (!(shownOnly && isHidden)) o.send(page, event);
    }
    // Pages came or went since the last say (a print sheet that never says, opened or closed while
    // the window is in the tray): the views on or off again from the next commit on.
    if (shownPage !== views) resubscribe();
  };
  const subscribe = (views: boolean): Unsubscribe =>
    // A new function each time: the core keys its listeners by function (ui-events.ts).
    o.api.onEvent((event) => deliver(event), views ? SHOWN_PAGE_EVENT_TYPES : HIDDEN_PAGE_EVENT_TYPES);
  let views = true;
  let off = subscribe(views);
  const resubscribe = (): void => {
    // Forget pages that are gone, so a closed window's "hidden" does not outlive it.
    const now = o.pages().map(keyOf);
    for (const key of hidden) if (!now.includes(key)) hidden.delete(key);
    const want = now.some((key) => !hidden.has(key));
    if (want === views || stopped) return;
    views = want;
    // The new subscription first: the core never sees a moment with no listener for the other types.
    const old = off;
    off = subscribe(views);
    old();
  };
  return {
    setShown(page, shown) {
      if (shown) hidden.delete(keyOf(page));
      else hidden.add(keyOf(page));
      resubscribe();
    },
    stop() {
      stopped = true;
      off();
    },
  };
}
