import { describe, expect, it, vi } from 'vitest';
import type { Unsubscribe } from '../../../preload/contract';
import { burstEvents } from '../test/burst';
import { createFakeApi } from '../test/fake-api';
import { waitForStore } from '../test/wait-for-store';
import { snapshotFixture, tableFixture } from '../test/fixture';
import { createAppStore, type AppState } from './app-store';
import { connectStore } from './connect-store';
import { animationFrameScheduler, manualFrames } from './frame-scheduler';

const data = (s: AppState) => ({
  seq: s.seq,
  tables: s.tables,
  bills: s.bills,
  payments: s.payments,
  notices: s.notices,
  session: s.connection,
  settings: s.settings,
});

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

  it('tells main the page is hidden before its first snapshot; shown again, tells main first, then reads the snapshot again', async () => {
    const api = createFakeApi(snapshotFixture());
    const order: string[] = [];
    const getSnapshot = api.getSnapshot.bind(api);
    let hidden = true;
    const changed = new Set<() => void>();
    const page = Object.assign(api, {
      getSnapshot: () => {
        order.push('getSnapshot');
        return getSnapshot();
      },
      setShown: async (shown: boolean) => {
        order.push(`setShown:${shown}`);
      },
    });
    const visibility = {
      hidden: () => hidden,
      onChange: (l: () => void): Unsubscribe => {
        changed.add(l);
        return () => changed.delete(l);
      },
    };
    const store = createAppStore();
    const off = connectStore(page, store, { schedule: manualFrames().schedule, visibility });
    await waitForStore(store, () => store.getState().loaded);
    expect(order).toEqual(['setShown:false', 'getSnapshot']);

    // Hidden again (no change): nothing is sent. Shown: main hears it before the snapshot is read.
    for (const l of changed) l();
    expect(order).toHaveLength(2);
    api.snapshot.seq = 40;
    api.snapshot.tables = api.snapshot.tables.slice(1);
    hidden = false;
    for (const l of changed) l();
    await waitForStore(store, () => store.getState().seq === 40);
    expect(store.getState().tables.t1).toBeUndefined();
    expect(order).toEqual(['setShown:false', 'getSnapshot', 'setShown:true', 'getSnapshot']);

    // Hidden: main hears it, and no snapshot is read.
    hidden = true;
    for (const l of changed) l();
    expect(order.at(-1)).toBe('setShown:false');
    expect(order.filter((o) => o === 'getSnapshot')).toHaveLength(2);
    off();
    expect(changed.size).toBe(0);
  });

  it('applies only the latest snapshot when an older one comes back after it', async () => {
    const api = createFakeApi(snapshotFixture());
    const release: (() => void)[] = [];
    const answers: Promise<unknown>[] = [];
    const getSnapshot = api.getSnapshot.bind(api);
    const reconnectListeners = new Set<() => void>();
    const page = Object.assign(api, {
      getSnapshot: () => {
        const answer = (async () => {
          const snapshot = { ...(await getSnapshot()) };
          await new Promise<void>((resolve) => release.push(resolve));
          return snapshot;
        })();
        answers.push(answer);
        return answer;
      },
      onReconnect: (l: () => void): Unsubscribe => {
        reconnectListeners.add(l);
        return () => reconnectListeners.delete(l);
      },
    });
    const store = createAppStore();
    const applied: number[] = [];
    const applySnapshot = store.getState().applySnapshot;
    store.setState({ applySnapshot: (s) => (applied.push(s.seq), applySnapshot(s)) });
    const off = connectStore(page, store, { schedule: manualFrames().schedule, visibility: null });
    const first = api.snapshot.seq;
    await vi.waitUntil(() => release.length === 1);
    api.snapshot.seq = 40;
    for (const l of reconnectListeners) l();
    await vi.waitUntil(() => release.length === 2);
    release[1]!();
    await waitForStore(store, () => store.getState().seq === 40);
    // The first answer comes back last: its load sees it is not the latest (its await resumes before ours).
    release[0]!();
    await answers[0];
    expect(first).toBeLessThan(40);
    expect(applied).toEqual([40]);
    expect(store.getState().seq).toBe(40);
    off();
  });
});
