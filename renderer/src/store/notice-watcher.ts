// Calls back once per store update that brings notices new to this window (for the sound), with
// all of them: a frame that applies ten payments rings once. Never for the notices already in the
// first snapshot and never twice for the same id.
import type { Notice, Unsubscribe } from '../../../preload/contract';
import type { AppStore } from './app-store';

export function watchNewNotices(store: AppStore, onNew: (notices: Notice[]) => void): Unsubscribe {
  return store.subscribe((state, prev) => {
    if (!prev.loaded || state.notices === prev.notices) return;
    const fresh: Notice[] = [];
    for (const notice of Object.values(state.notices)) {
      if (!notice.acknowledged && !(notice.id in prev.notices)) fresh.push(notice);
    }
    if (fresh.length > 0) onNew(fresh);
  });
}
