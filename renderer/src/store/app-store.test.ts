import { describe, expect, it } from 'vitest';
import { burstEvents } from '../test/burst';
import { snapshotFixture, tableFixture } from '../test/fixture';
import { createAppStore } from './app-store';

describe('app store: snapshot then ordered events', () => {
  it('ignores events before the snapshot and at or below its seq', () => {
    const store = createAppStore();
    const table = tableFixture({ id: 't9', name: '9' });
    store.getState().applyEvent({ type: 'table', seq: 11, table });
    expect(store.getState().tables).toEqual({});

    store.getState().applySnapshot(snapshotFixture());
    store.getState().applyEvent({ type: 'table', seq: 10, table });
    expect(store.getState().tables.t9).toBeUndefined();

    store.getState().applyEvent({ type: 'table', seq: 11, table });
    expect(store.getState().tables.t9).toEqual(table);
    expect(store.getState().seq).toBe(11);
  });

  it('applying the same event twice leaves the state untouched', () => {
    const store = createAppStore();
    store.getState().applySnapshot(snapshotFixture());
    const e = { type: 'table' as const, seq: 12, table: tableFixture({ id: 't1', name: '1', state: 'open' as const }) };
    store.getState().applyEvent(e);
    const after = store.getState();
    store.getState().applyEvent(e);
    expect(store.getState()).toBe(after);
  });

  it('a newer snapshot replaces everything, and drops a selection whose table is gone', () => {
    const store = createAppStore();
    const first = snapshotFixture();
    store.getState().applySnapshot(first);
    store.getState().selectTable('t2');
    const second = { ...snapshotFixture(), tables: first.tables.filter((t) => t.id !== 't2'), seq: 3 };
    store.getState().applySnapshot(second);
    expect(store.getState().seq).toBe(3);
    expect(Object.keys(store.getState().tables)).not.toContain('t2');
    expect(store.getState().selectedTableId).toBeNull();
  });
});

describe('app store: a batch of events', () => {
  it('applyEvents gives the state applyEvent gives one by one, in one update', () => {
    const now = Date.now();
    const events = burstEvents(now, 20);
    const batched = createAppStore();
    batched.getState().applySnapshot(snapshotFixture(now));
    let updates = 0;
    batched.subscribe(() => (updates += 1));
    batched.getState().applyEvents(events);
    const single = createAppStore();
    single.getState().applySnapshot(snapshotFixture(now));
    for (const e of events) single.getState().applyEvent(e);
    const { applyEvent: _a, applyEvents: _b, applySnapshot: _c, ...state } = batched.getState();
    const { applyEvent: _d, applyEvents: _e, applySnapshot: _f, ...expected } = single.getState();
    expect(JSON.stringify(state)).toBe(JSON.stringify(expected));
    expect(updates).toBe(1);
  });

  it('a batch of repeated or stale events changes nothing and notifies nobody', () => {
    const store = createAppStore();
    store.getState().applySnapshot(snapshotFixture());
    let updates = 0;
    store.subscribe(() => (updates += 1));
    store.getState().applyEvents([{ type: 'table', seq: 10, table: tableFixture({ id: 't1', name: 'late' }) }]);
    store.getState().applyEvents([]);
    expect(updates).toBe(0);
    expect(store.getState().tables.t1?.name).toBe('1');
  });
});
