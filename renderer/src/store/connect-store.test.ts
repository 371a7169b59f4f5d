import { describe, expect, it } from 'vitest';
import type { Unsubscribe } from '../../../preload/contract';
import { createFakeApi } from '../test/fake-api';
import { waitForStore } from '../test/wait-for-store';
import { snapshotFixture, tableFixture } from '../test/fixture';
import { createAppStore } from './app-store';
import { connectStore } from './connect-store';

describe('connectStore', () => {
  it('replays events that arrive before the snapshot, and unsubscribes', async () => {
    const api = createFakeApi(snapshotFixture());
    const store = createAppStore();
    const off = connectStore(api, store);
    // Pushed while getSnapshot is in flight: must not be lost.
    api.push({ type: 'table', seq: 11, table: tableFixture({ id: 't7', name: '7' }) });
    api.push({ type: 'table', seq: 9, table: tableFixture({ id: 't8', name: '8' }) });
    await waitForStore(store, () => store.getState().loaded);
    expect(store.getState().tables.t7?.name).toBe('7');
    expect(store.getState().tables.t8).toBeUndefined();
    expect(api.listenerCount()).toBe(1);
    off();
    expect(api.listenerCount()).toBe(0);
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
    const off = connectStore(bridge, store);
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
