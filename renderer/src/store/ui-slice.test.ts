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

  it('holds a switch away from Settings while it has unsaved changes', () => {
    const store = createAppStore();
    const ui = () => store.getState();
    ui().setTab('settings');
    ui().setSettingsDirty(true);
    ui().setTab('tables');
    expect(ui()).toMatchObject({ tab: 'settings', pendingTab: 'tables' });
    ui().stayOnTab();
    expect(ui()).toMatchObject({ tab: 'settings', pendingTab: null, settingsDirty: true });
    ui().setTab('qr');
    ui().leaveToPendingTab();
    expect(ui()).toMatchObject({ tab: 'qr', pendingTab: null, settingsDirty: false });
    // Dirty elsewhere does not hold anything: only leaving Settings asks.
    ui().setSettingsDirty(true);
    ui().setTab('payments');
    expect(ui().tab).toBe('payments');
  });

  it('survives events: view state is not main state', () => {
    const store = createAppStore();
    store.getState().applySnapshot(snapshotFixture());
    store.getState().setTab('qr');
    store.getState().applyEvent({ type: 'table-removed', seq: 11, tableId: 't1' });
    expect(store.getState().tab).toBe('qr');
  });
});
