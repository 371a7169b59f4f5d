// Calls back once per notice that is new to this window (for the sound), never for the notices
// already in the first snapshot and never twice for the same id.
import type { Notice, Unsubscribe } from '../../../preload/contract';
import type { AppStore } from './app-store';

export function watchNewNotices(store: AppStore, onNew: (notice: Notice) => void): Unsubscribe {
  return store.subscribe((state, prev) => {
    if (!prev.loaded || state.notices === prev.notices) return;
    for (const notice of Object.values(state.notices)) {
      if (!notice.acknowledged && !(notice.id in prev.notices)) onNew(notice);
    }
  });
}
