import { describe, expect, it } from 'vitest';
import { snapshotFixture, tableFixture } from '../test/fixture';
import { createAppStore } from './app-store';
import { applyTablesEvent, tablesFromSnapshot } from './tables-slice';
import { groupTablesByArea } from './selectors';

describe('tables slice', () => {
  it('replaces a table by id and removes one', () => {
    const slice = tablesFromSnapshot(snapshotFixture());
    const updated = tableFixture({ id: 't1', name: '1', area: 'Terrace', state: 'open', due: '50', currency: 'CZK', openBillIds: ['b9'] });
    const next = { ...slice, ...applyTablesEvent(slice, { type: 'table', seq: 11, table: updated }) };
    expect(next.tables.t1).toEqual(updated);
    expect(Object.keys(next.tables)).toHaveLength(4);

    const removed = { ...next, ...applyTablesEvent(next, { type: 'table-removed', seq: 12, tableId: 't1' }) };
    expect(removed.tables.t1).toBeUndefined();
    expect(applyTablesEvent(removed, { type: 'table-removed', seq: 13, tableId: 't1' })).toBeNull();
  });

  it('applying the same event twice gives the same tables', () => {
    const slice = tablesFromSnapshot(snapshotFixture());
    const e = { type: 'table' as const, seq: 11, table: tableFixture({ id: 't5', name: '5' }) };
    const once = { ...slice, ...applyTablesEvent(slice, e) };
    const twice = { ...once, ...applyTablesEvent(once, e) };
    expect(twice).toEqual(once);
  });

  it('clears the selection when the selected table is removed', () => {
    const store = createAppStore();
    store.getState().applySnapshot(snapshotFixture());
    store.getState().selectTable('t2');
    store.getState().applyEvent({ type: 'table-removed', seq: 11, tableId: 't2' });
    expect(store.getState().selectedTableId).toBeNull();
  });

  it('groups by area in the order the POS gave (not A to Z), tables without area last', () => {
    const slice = tablesFromSnapshot(snapshotFixture());
    // Given after the snapshot's tables: last in its area, whatever its name; "Garden" after "Hall".
    const withMore = {
      ...slice.tables,
      t10: tableFixture({ id: 't10', order: 10, name: '0', area: 'Terrace' }),
      t11: tableFixture({ id: 't11', order: 11, name: 'A1', area: 'Garden' }),
    };
    const groups = groupTablesByArea(withMore);
    expect(groups.map((g) => g.area)).toEqual(['Terrace', 'Hall', 'Garden', null]);
    expect(groups[0]?.tables.map((t) => t.name)).toEqual(['1', '2', '0']);
  });
});
