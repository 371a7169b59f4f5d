// View state, the only state the renderer owns: the open tab, the selected table and bill, the open dialog.
import type { CompanionEvent, PaymentView } from '../../../preload/contract';

export const TABS = ['tables', 'orders', 'payments', 'attention', 'menu', 'qr', 'links', 'settings', 'demo'] as const;
export type TabId = (typeof TABS)[number];

export type DialogState =
  /** `payment`: its view as the row showed it, for a payment the page no longer holds. */
  | { kind: 'cancel-payment'; paymentId: string; payment?: PaymentView }
  | { kind: 'delete-qr'; tableId: string }
  | { kind: 'close-bill'; billId: string; walkout?: boolean }
  | { kind: 'regenerate-token' };

export interface UiSlice {
  tab: TabId;
  selectedTableId: string | null;
  selectedBillId: string | null;
  dialog: DialogState | null;
  // Unsaved settings are not lost silently when the cashier switches tabs.
  /** The settings form holds changes not yet saved. */
  settingsDirty: boolean;
  /** A tab switch held back by unsaved settings: the form asks save / discard / stay. */
  pendingTab: TabId | null;
}

export interface UiActions {
  setTab(tab: TabId): void;
  selectTable(tableId: string | null): void;
  selectBill(billId: string | null): void;
  openDialog(dialog: DialogState): void;
  closeDialog(): void;
  setSettingsDirty(dirty: boolean): void;
  /** Stay on Settings: the held-back switch is dropped. */
  stayOnTab(): void;
  /** Leaves for the held-back tab (after a save or a discard). */
  leaveToPendingTab(): void;
}

export const initialUi: UiSlice = { tab: 'tables', selectedTableId: null, selectedBillId: null, dialog: null, settingsDirty: false, pendingTab: null };

export function applyUiEvent(state: UiSlice, e: CompanionEvent): Partial<UiSlice> | null {
  // A table that disappears takes its selection with it, so the bill panel never shows a ghost.
  if (e.type === 'table-removed' && state.selectedTableId === e.tableId) {
    return { selectedTableId: null, selectedBillId: null };
  }
  return null;
}

export function uiActions(set: (patch: Partial<UiSlice>) => void, get: () => UiSlice): UiActions {
  return {
    // Every way out of Settings (tab bar, shortcuts, a notice) comes through here.
    setTab: (tab) => {
      const s = get();
      if (s.tab === 'settings' && tab !== 'settings' && s.settingsDirty) set({ pendingTab: tab });
      else set({ tab, pendingTab: null });
    },
    setSettingsDirty: (settingsDirty) => set({ settingsDirty }),
    stayOnTab: () => set({ pendingTab: null }),
    leaveToPendingTab: () => {
      const { pendingTab } = get();
      if (pendingTab) set({ tab: pendingTab, pendingTab: null, settingsDirty: false });
    },
    selectTable: (selectedTableId) => set({ selectedTableId, selectedBillId: null }),
    selectBill: (selectedBillId) => set({ selectedBillId }),
    openDialog: (dialog) => set({ dialog }),
    closeDialog: () => set({ dialog: null }),
  };
}
