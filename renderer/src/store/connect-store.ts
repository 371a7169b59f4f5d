// Feeds the store from a CompanionApi: subscribe first, then fetch the snapshot, so no event
// that happens in between is lost; events that arrive early are replayed after the snapshot.
import type { CompanionApi, CompanionEvent, Unsubscribe } from '../../../preload/contract';
import type { AppStore } from './app-store';

/** A bridge that can lose its link (browser mode) tells us when it is back, so we re-fetch. */
export interface ResyncSource {
  onReconnect?(listener: () => void): Unsubscribe;
}

export interface ConnectOptions {
  onError?(error: unknown): void;
}

export function connectStore(api: CompanionApi & ResyncSource, store: AppStore, options: ConnectOptions = {}): Unsubscribe {
  let closed = false;
  let buffer: CompanionEvent[] | null = [];

  const offEvents = api.onEvent((event) => {
    if (buffer) buffer.push(event);
    else store.getState().applyEvent(event);
  });

  const load = async () => {
    buffer ??= [];
    try {
      const snapshot = await api.getSnapshot();
      if (closed) return;
      const { applySnapshot, applyEvent } = store.getState();
      applySnapshot(snapshot);
      const early = buffer;
      buffer = null;
      // Sorted so a late-delivered older event cannot overtake a newer one.
      for (const e of early.sort((a, b) => a.seq - b.seq)) applyEvent(e);
    } catch (error) {
      buffer = null;
      if (!closed) options.onError?.(error);
    }
  };

  void load();
  const offReconnect = api.onReconnect?.(() => void load());

  return () => {
    closed = true;
    offEvents();
    offReconnect?.();
  };
}
