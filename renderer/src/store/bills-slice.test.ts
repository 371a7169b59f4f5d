import { describe, expect, it } from 'vitest';
import { billFixture, snapshotFixture } from '../test/fixture';
import { createAppStore } from './app-store';
import { billsOfTable } from './selectors';

describe('bills slice', () => {
  it('starts from the snapshot with the menu and replaces bills from events', () => {
    const now = Date.now();
    const store = createAppStore();
    store.getState().applySnapshot(snapshotFixture(now));
    expect(store.getState().menu.map((m) => m.name)).toEqual(['Pilsner', 'Goulash']);
    const bill = billFixture(now, { id: 'b2', tableId: 't2', totals: { total: '378', paid: '0', due: '378', tips: '0' } });
    store.getState().applyEvent({ type: 'bill', seq: 11, bill });
    expect(store.getState().bills.b2?.totals.due).toBe('378');
    store.getState().applyEvent({ type: 'bill', seq: 11, bill: { ...bill, state: 'CLOSED' } });
    expect(store.getState().bills.b2?.state).toBe('OPEN');
  });

  it('finds the open bills of a table in its order', () => {
    const store = createAppStore();
    store.getState().applySnapshot(snapshotFixture());
    const { tables, bills } = store.getState();
    expect(billsOfTable(tables.t2, bills).map((b) => b.id)).toEqual(['b2']);
    expect(billsOfTable(tables.t1, bills)).toEqual([]);
  });
});
