import { describe, expect, it } from 'vitest';
import { sessionFixture, snapshotFixture } from '../test/fixture';
import { createAppStore } from './app-store';

describe('session slice', () => {
  it('starts from the snapshot and follows session events', () => {
    const now = Date.now();
    const store = createAppStore();
    store.getState().applySnapshot(snapshotFixture(now));
    expect(store.getState().session?.status).toBe('connected');
    expect(store.getState().demo).toBe(true);

    const offline = sessionFixture(now, { status: 'offline', restaurantName: null, rttMs: null });
    store.getState().applyEvent({ type: 'session', seq: 11, session: offline });
    expect(store.getState().session).toEqual(offline);
    // who-am-i unknown while offline: the name we had stays.
    expect(store.getState().restaurantName).toBe('U Zlatého stolu');
  });

  it('is idempotent and ignores older sessions', () => {
    const now = Date.now();
    const store = createAppStore();
    store.getState().applySnapshot(snapshotFixture(now));
    const s1 = sessionFixture(now, { status: 'reconnecting' });
    store.getState().applyEvent({ type: 'session', seq: 12, session: s1 });
    store.getState().applyEvent({ type: 'session', seq: 12, session: s1 });
    store.getState().applyEvent({ type: 'session', seq: 11, session: sessionFixture(now, { status: 'offline' }) });
    expect(store.getState().session?.status).toBe('reconnecting');
  });
});
