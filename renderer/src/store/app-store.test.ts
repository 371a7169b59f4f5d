import { describe, expect, it } from 'vitest';
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
