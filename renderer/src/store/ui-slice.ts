// View state, the only state the renderer owns: the open tab, the selected table and bill, the open dialog.
import type { CompanionEvent } from '../../../preload/contract';

export const TABS = ['tables', 'payments', 'qr', 'settings', 'demo'] as const;
export type TabId = (typeof TABS)[number];

export type DialogState =
  | { kind: 'cancel-payment'; paymentId: string }
  | { kind: 'delete-qr'; tableId: string }
  | { kind: 'close-bill'; billId: string }
  | { kind: 'regenerate-token' };

export interface UiSlice {
  tab: TabId;
  selectedTableId: string | null;
  selectedBillId: string | null;
  dialog: DialogState | null;
}

export interface UiActions {
  setTab(tab: TabId): void;
  selectTable(tableId: string | null): void;
  selectBill(billId: string | null): void;
  openDialog(dialog: DialogState): void;
  closeDialog(): void;
}

export const initialUi: UiSlice = { tab: 'tables', selectedTableId: null, selectedBillId: null, dialog: null };

export function applyUiEvent(state: UiSlice, e: CompanionEvent): Partial<UiSlice> | null {
  // A table that disappears takes its selection with it, so the bill panel never shows a ghost.
  if (e.type === 'table-removed' && state.selectedTableId === e.tableId) {
    return { selectedTableId: null, selectedBillId: null };
  }
  return null;
}

export function uiActions(set: (patch: Partial<UiSlice>) => void): UiActions {
  return {
    setTab: (tab) => set({ tab }),
    selectTable: (selectedTableId) => set({ selectedTableId, selectedBillId: null }),
    selectBill: (selectedBillId) => set({ selectedBillId }),
    openDialog: (dialog) => set({ dialog }),
    closeDialog: () => set({ dialog: null }),
  };
}
