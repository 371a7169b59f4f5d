import { describe, expect, it } from 'vitest';
import { snapshotFixture } from '../test/fixture';
import { createAppStore } from './app-store';

describe('ui slice', () => {
  it('holds the tab, the selection and one dialog', () => {
    const store = createAppStore();
    store.getState().applySnapshot(snapshotFixture());
    store.getState().selectTable('t2');
    store.getState().selectBill('b2');
    store.getState().selectTable('t3');
    expect(store.getState().selectedBillId).toBeNull();
    store.getState().setTab('payments');
    store.getState().openDialog({ kind: 'cancel-payment', paymentId: 'p1' });
    expect(store.getState()).toMatchObject({ tab: 'payments', selectedTableId: 't3', dialog: { kind: 'cancel-payment', paymentId: 'p1' } });
    store.getState().closeDialog();
    expect(store.getState().dialog).toBeNull();
  });

  it('survives events: view state is not main state', () => {
    const store = createAppStore();
    store.getState().applySnapshot(snapshotFixture());
    store.getState().setTab('qr');
    store.getState().applyEvent({ type: 'table-removed', seq: 11, tableId: 't1' });
    expect(store.getState().tab).toBe('qr');
  });
});
