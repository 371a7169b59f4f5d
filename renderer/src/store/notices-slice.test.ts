import { describe, expect, it } from 'vitest';
import { noticeFixture, snapshotFixture } from '../test/fixture';
import { createAppStore } from './app-store';
import { watchNewNotices } from './notice-watcher';
import { openNotices } from './selectors';

describe('notices slice', () => {
  it('hides acknowledged notices and dedupes by id', () => {
    const now = Date.now();
    const store = createAppStore();
    store.getState().applySnapshot(snapshotFixture(now));
    expect(openNotices(store.getState().notices).map((n) => n.id)).toEqual(['paid:p1']);

    const n = noticeFixture(now, { id: 'paid:p7', at: new Date(now).toISOString() });
    store.getState().applyEvent({ type: 'notice', seq: 11, notice: n });
    // The same cause delivered again with a newer seq: still one notice.
    store.getState().applyEvent({ type: 'notice', seq: 12, notice: n });
    expect(openNotices(store.getState().notices).map((x) => x.id)).toEqual(['paid:p7', 'paid:p1']);
  });

  it('keeps an acknowledged notice hidden when a late copy arrives', () => {
    const now = Date.now();
    const store = createAppStore();
    store.getState().applySnapshot(snapshotFixture(now));
    store.getState().applyEvent({ type: 'notice', seq: 11, notice: noticeFixture(now, { id: 'paid:p1', acknowledged: true }) });
    store.getState().applyEvent({ type: 'notice', seq: 12, notice: noticeFixture(now, { id: 'paid:p1' }) });
    expect(openNotices(store.getState().notices)).toEqual([]);
  });

  it('reports each new notice once, never those of the first snapshot', () => {
    const now = Date.now();
    const store = createAppStore();
    const seen: string[] = [];
    const off = watchNewNotices(store, (fresh) => seen.push(...fresh.map((n) => n.id)));
    store.getState().applySnapshot(snapshotFixture(now));
    const n = noticeFixture(now, { id: 'declined:p8', kind: 'declined' });
    store.getState().applyEvent({ type: 'notice', seq: 11, notice: n });
    store.getState().applyEvent({ type: 'notice', seq: 12, notice: n });
    off();
    store.getState().applyEvent({ type: 'notice', seq: 13, notice: noticeFixture(now, { id: 'paid:p9' }) });
    expect(seen).toEqual(['declined:p8']);
  });
});
