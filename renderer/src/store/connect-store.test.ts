import { describe, expect, it } from 'vitest';
import type { Unsubscribe } from '../../../preload/contract';
import { burstEvents } from '../test/burst';
import { createFakeApi } from '../test/fake-api';
import { waitForStore } from '../test/wait-for-store';
import { snapshotFixture, tableFixture } from '../test/fixture';
import { createAppStore, type AppState } from './app-store';
import { connectStore } from './connect-store';
import { animationFrameScheduler, manualFrames } from './frame-scheduler';

const data = (s: AppState) => ({ seq: s.seq, tables: s.tables, bills: s.bills, payments: s.payments, notices: s.notices, session: s.session, settings: s.settings });

describe('connectStore', () => {
  it('replays events that arrive before the snapshot, and unsubscribes', async () => {
    const api = createFakeApi(snapshotFixture());
    const store = createAppStore();
    const frames = manualFrames();
    const off = connectStore(api, store, { schedule: frames.schedule });
    // Pushed while getSnapshot is in flight: must not be lost.
    api.push({ type: 'table', seq: 11, table: tableFixture({ id: 't7', name: '7' }) });
    api.push({ type: 'table', seq: 9, table: tableFixture({ id: 't8', name: '8' }) });
    // Nothing is flushed while the snapshot is on its way: the queue waits for it.
    expect(frames.pending()).toBe(0);
    await waitForStore(store, () => store.getState().loaded);
    expect(store.getState().tables.t7?.name).toBe('7');
    expect(store.getState().tables.t8).toBeUndefined();
    expect(api.listenerCount()).toBe(1);
    off();
    expect(api.listenerCount()).toBe(0);
  });

  it('applies a burst of events once per frame, with the same result as applying them one by one', async () => {
    const now = Date.now();
    const api = createFakeApi(snapshotFixture(now));
    const store = createAppStore();
    const frames = manualFrames();
    const off = connectStore(api, store, { schedule: frames.schedule });
    await waitForStore(store, () => store.getState().loaded);
    let updates = 0;
    const offCount = store.subscribe(() => (updates += 1));
    const before = store.getState();

    const events = burstEvents(now, 50);
    for (const e of events) api.push(e);
    // 200+ events, one frame asked for, and nothing applied until it comes.
    expect(frames.pending()).toBe(1);
    expect(store.getState()).toBe(before);
    expect(frames.next()).toBe(1);
    expect(updates).toBe(1);

    const oneByOne = createAppStore();
    oneByOne.getState().applySnapshot(snapshotFixture(now));
    for (const e of events) oneByOne.getState().applyEvent(e);
    expect(data(store.getState())).toEqual(data(oneByOne.getState()));
    expect(store.getState().seq).toBe(10 + 50 * 4);
    expect(Object.keys(store.getState().notices)).toHaveLength(2 + 50);
    expect(store.getState().tables['bt-0']?.name).toBe('100');

    // The next event waits for the next frame; a frame with nothing queued changes nothing.
    api.push({ type: 'table', seq: 500, table: tableFixture({ id: 't1', name: '1', state: 'open' }) });
    expect(store.getState().tables.t1?.state).toBe('free');
    frames.next();
    expect(store.getState().tables.t1?.state).toBe('open');
    expect(frames.next()).toBe(0);
    expect(updates).toBe(2);
    offCount();
    off();
  });

  it('drops a waiting frame on unsubscribe', async () => {
    const api = createFakeApi(snapshotFixture());
    const store = createAppStore();
    const frames = manualFrames();
    const off = connectStore(api, store, { schedule: frames.schedule });
    await waitForStore(store, () => store.getState().loaded);
    api.push({ type: 'table', seq: 11, table: tableFixture({ id: 't7', name: '7' }) });
    off();
    expect(frames.pending()).toBe(0);
    expect(store.getState().tables.t7).toBeUndefined();
  });

  it('applies events in the page by default, one animation frame later', async () => {
    const api = createFakeApi(snapshotFixture());
    const store = createAppStore();
    const off = connectStore(api, store, { schedule: animationFrameScheduler });
    await waitForStore(store, () => store.getState().loaded);
    let updates = 0;
    const offCount = store.subscribe(() => (updates += 1));
    api.push({ type: 'table', seq: 11, table: tableFixture({ id: 't7', name: '7' }) });
    api.push({ type: 'table', seq: 12, table: tableFixture({ id: 't8', name: '8' }) });
    expect(store.getState().tables.t7).toBeUndefined();
    await waitForStore(store, () => store.getState().seq === 12);
    expect(updates).toBe(1);
    expect(store.getState().tables.t8?.name).toBe('8');
    offCount();
    off();
  });

  it('re-fetches the snapshot when the bridge reconnects', async () => {
    const api = createFakeApi(snapshotFixture());
    const reconnectListeners = new Set<() => void>();
    const bridge = Object.assign(api, {
      onReconnect: (l: () => void): Unsubscribe => {
        reconnectListeners.add(l);
        return () => reconnectListeners.delete(l);
      },
    });
    const store = createAppStore();
    const off = connectStore(bridge, store, { schedule: manualFrames().schedule });
    await waitForStore(store, () => store.getState().loaded);
    api.snapshot.seq = 40;
    api.snapshot.tables = api.snapshot.tables.slice(1);
    for (const l of reconnectListeners) l();
    await waitForStore(store, () => store.getState().seq === 40);
    expect(store.getState().tables.t1).toBeUndefined();
    expect(api.snapshotRequests).toBe(2);
    off();
    expect(reconnectListeners.size).toBe(0);
  });
});
