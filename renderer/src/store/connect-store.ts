// Feeds the store from a CompanionApi: subscribe first, then fetch the snapshot, so no event
// that happens in between is lost; events that arrive early are replayed after the snapshot.
// Events are queued and applied once per frame (one store update for the whole batch): a burst
// of guest payments brings hundreds of events a second, and each update re-renders subscribers.
// A hidden page (the window in the tray, a background tab) tells main, which then sends it no bill,
// table or payment views and no Needs attention list; shown again, it tells main and reads the
// snapshot again.
import type { CompanionApi, CompanionEvent, PageLink, Unsubscribe } from '../../../preload/contract';
import type { AppStore } from './app-store';
import { animationFrameScheduler, type FrameScheduler } from './frame-scheduler';

/**
 * What a page's link may add to CompanionApi: a bridge that can lose its link (browser mode) tells
 * us when it is back, so we re-fetch; `setShown` (PageLink) tells main whether the page is seen.
 */
export interface ResyncSource extends Partial<PageLink> {
  onReconnect?(listener: () => void): Unsubscribe;
}

/** Whether the page is seen: the document's visibility by default. */
export interface PageVisibility {
  hidden(): boolean;
  onChange(listener: () => void): Unsubscribe;
}

export const documentVisibility: PageVisibility | null =
  typeof document === 'undefined'
    ? null
    : {
        hidden: () => document.visibilityState === 'hidden',
        onChange(listener) {
          document.addEventListener('visibilitychange', listener);
          return () => document.removeEventListener('visibilitychange', listener);
        },
      };

export interface ConnectOptions {
  onError?(error: unknown): void;
  /** When queued events are applied; one animation frame by default. */
  schedule?: FrameScheduler;
  /** Whether the page is seen; the document's visibility by default (null: always seen). */
  visibility?: PageVisibility | null;
}

export function connectStore(api: CompanionApi & ResyncSource, store: AppStore, options: ConnectOptions = {}): Unsubscribe {
  const schedule = options.schedule ?? animationFrameScheduler;
  let closed = false;
  // While a snapshot is being fetched the queue waits for it instead of being flushed.
  let loading = false;
  let queue: CompanionEvent[] = [];
  let cancelFlush: (() => void) | null = null;

  const flush = () => {
    cancelFlush = null;
    if (closed || loading || queue.length === 0) return;
    const batch = queue;
    queue = [];
    store.getState().applyEvents(batch);
  };
  const requestFlush = () => {
    if (!loading && !cancelFlush) cancelFlush = schedule(flush);
  };

  const offEvents = api.onEvent((event) => {
    queue.push(event);
    requestFlush();
  });

  const visibility = options.visibility === undefined ? documentVisibility : options.visibility;
  const hidden = (): boolean => visibility?.hidden() ?? false;
  let toldHidden: boolean | null = null;
  // Only the latest load applies its snapshot: an older one finishing later would go back in time.
  let latest = 0;

  const load = async () => {
    const mine = ++latest;
    loading = true;
    cancelFlush?.();
    cancelFlush = null;
    try {
      // Main hears whether the page is seen before the snapshot is read (each link, a new one after a
      // reconnect too, starts out sending everything), so no view made after the snapshot is missed.
      if (api.setShown) {
        const now = hidden();
        toldHidden = now;
        await api.setShown(!now).catch(() => undefined);
      }
      const snapshot = await api.getSnapshot();
      if (closed || mine !== latest) return;
      store.getState().applySnapshot(snapshot);
      // Sorted so a late-delivered older event cannot overtake a newer one.
      queue.sort((a, b) => a.seq - b.seq);
    } catch (error) {
      if (!closed && mine === latest) options.onError?.(error);
    } finally {
      if (mine === latest) loading = false;
    }
    if (mine === latest) flush();
  };

  const onVisibility = () => {
    const now = hidden();
    if (closed || !api.setShown || now === toldHidden) return;
    if (now) {
      // Hidden: the views stop; what is on screen stays as it was until the page is seen again.
      toldHidden = true;
      void api.setShown(false).catch(() => undefined);
    } else {
      // Seen again: the views flow again, and the snapshot brings what changed meanwhile.
      void load();
    }
  };

  void load();
  const offReconnect = api.onReconnect?.(() => void load());
  const offVisibility = visibility?.onChange(onVisibility);

  return () => {
    closed = true;
    cancelFlush?.();
    offEvents();
    offReconnect?.();
    offVisibility?.();
  };
}
