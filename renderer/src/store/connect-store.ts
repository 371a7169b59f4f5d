// Feeds the store from a CompanionApi: subscribe first, then fetch the snapshot, so no event
// that happens in between is lost; events that arrive early are replayed after the snapshot.
// Events are queued and applied once per frame (one store update for the whole batch): a burst
// of guest payments brings hundreds of events a second, and each update re-renders subscribers.
import type { CompanionApi, CompanionEvent, Unsubscribe } from '../../../preload/contract';
import type { AppStore } from './app-store';
import { animationFrameScheduler, type FrameScheduler } from './frame-scheduler';

/** A bridge that can lose its link (browser mode) tells us when it is back, so we re-fetch. */
export interface ResyncSource {
  onReconnect?(listener: () => void): Unsubscribe;
}

export interface ConnectOptions {
  onError?(error: unknown): void;
  /** When queued events are applied; one animation frame by default. */
  schedule?: FrameScheduler;
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

  const load = async () => {
    loading = true;
    cancelFlush?.();
    cancelFlush = null;
    try {
      const snapshot = await api.getSnapshot();
      if (closed) return;
      store.getState().applySnapshot(snapshot);
      // Sorted so a late-delivered older event cannot overtake a newer one.
      queue.sort((a, b) => a.seq - b.seq);
    } catch (error) {
      if (!closed) options.onError?.(error);
    } finally {
      loading = false;
    }
    flush();
  };

  void load();
  const offReconnect = api.onReconnect?.(() => void load());

  return () => {
    closed = true;
    cancelFlush?.();
    offEvents();
    offReconnect?.();
  };
}
