import { describe, expect, it } from 'vitest';
import { connectionFixture, snapshotFixture } from '../test/fixture';
import { createAppStore } from './app-store';

describe('session slice', () => {
  it('starts from the snapshot and follows session events', () => {
    const now = Date.now();
    const store = createAppStore();
    store.getState().applySnapshot(snapshotFixture(now));
    expect(store.getState().connection?.status).toBe('connected');
    expect(store.getState().demo).toBe(true);

    const offline = connectionFixture(now, { status: 'offline', restaurantName: null, rttMs: null });
    store.getState().applyEvent({ type: 'connection', seq: 11, connection: offline });
    expect(store.getState().connection).toEqual(offline);
    // who-am-i unknown while offline: the name we had stays.
    expect(store.getState().restaurantName).toBe('U Zlatého stolu');
  });

  it('is idempotent and ignores older sessions', () => {
    const now = Date.now();
    const store = createAppStore();
    store.getState().applySnapshot(snapshotFixture(now));
    const s1 = connectionFixture(now, { status: 'reconnecting' });
    store.getState().applyEvent({ type: 'connection', seq: 12, connection: s1 });
    store.getState().applyEvent({ type: 'connection', seq: 12, connection: s1 });
    store.getState().applyEvent({ type: 'connection', seq: 11, connection: connectionFixture(now, { status: 'offline' }) });
    expect(store.getState().connection?.status).toBe('reconnecting');
  });
});
