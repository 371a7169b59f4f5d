// The renderer's mirror of main's state: slices combined, fed by one snapshot then ordered events.
import { createStore } from 'zustand/vanilla';
import type { BillView, CompanionEvent, Snapshot } from '../../../preload/contract';
import { applyBillsEvent, billsFromSnapshot, initialBills, withTableBills, type BillsSlice } from './bills-slice';
import { applyOrdersEvent, initialOrders, ordersFromSnapshot, type OrdersSlice } from './orders-slice';
import { applyNoticesEvent, initialNotices, noticesFromSnapshot, type NoticesSlice } from './notices-slice';
import { applyPaymentsEvent, initialPayments, paymentsFromSnapshot, type PaymentsSlice } from './payments-slice';
import { applyConnectionEvent, initialConnection, connectionFromSnapshot, type ConnectionSlice } from './connection-slice';
import { applySettingsEvent, initialSettings, settingsFromSnapshot, type SettingsSlice } from './settings-slice';
import { applyTablesEvent, initialTables, tablesFromSnapshot, type TablesSlice } from './tables-slice';
import { applyUiEvent, initialUi, uiActions, type UiActions, type UiSlice } from './ui-slice';
import { applyAttentionEvent, attentionFromSnapshot, initialAttention, type AttentionSlice } from './attention-slice';
import { applyDiskEvent, diskFromSnapshot, initialDisk, type DiskSlice } from './disk-slice';
import { applyDatabaseEvent, databaseFromSnapshot, initialDatabase, type DatabaseSlice } from './database-slice';
import { applyPosCursorEvent, initialPosCursor, type PosCursorSlice } from './pos-cursor-slice';
import { applyStaffEvent, initialStaff, staffFromSnapshot, type StaffSlice } from './staff-slice';

type DataSlices = ConnectionSlice &
  TablesSlice &
  BillsSlice &
  PaymentsSlice &
  NoticesSlice &
  SettingsSlice &
  OrdersSlice &
  AttentionSlice &
  DiskSlice &
  DatabaseSlice &
  StaffSlice;

export interface AppState extends DataSlices, PosCursorSlice, UiSlice, UiActions {
  /** Seq of the last snapshot or event applied; older or repeated events are ignored. */
  seq: number;
  loaded: boolean;
  applySnapshot(snapshot: Snapshot): void;
  applyEvent(event: CompanionEvent): void;
  /**
   * Applies events in order with one store update (one re-render) for all of them; the result is
   * the same as calling applyEvent for each. connectStore feeds it once per animation frame.
   */
  applyEvents(events: readonly CompanionEvent[]): void;
  /** A table's open bills as main just read them (billsOfTable), in place of the ones held. */
  setTableBills(tableId: string, bills: readonly BillView[]): void;
}

export type AppStore = ReturnType<typeof createAppStore>;

type Reducer = (state: AppState, e: CompanionEvent) => Partial<AppState> | null;
const reducers: Reducer[] = [
  applyConnectionEvent,
  applyTablesEvent,
  applyBillsEvent,
  applyPaymentsEvent,
  applyNoticesEvent,
  applySettingsEvent,
  applyUiEvent,
  applyOrdersEvent,
  applyAttentionEvent,
  applyDiskEvent,
  applyDatabaseEvent,
  applyPosCursorEvent,
  applyStaffEvent,
];

export function createAppStore() {
  return createStore<AppState>()((set, get) => ({
    ...initialConnection,
    ...initialTables,
    ...initialBills,
    ...initialPayments,
    ...initialNotices,
    ...initialSettings,
    ...initialUi,
    ...initialOrders,
    ...initialAttention,
    ...initialDisk,
    ...initialDatabase,
    ...initialPosCursor,
    ...initialStaff,
    seq: -1,
    loaded: false,
    ...uiActions(set, get),
    applySnapshot: (s) => {
      const state = get();
      const selectionGone = state.selectedTableId !== null && !s.tables.some((t) => t.id === state.selectedTableId);
      set({
        ...connectionFromSnapshot(s),
        ...tablesFromSnapshot(s),
        ...billsFromSnapshot(s),
        ...paymentsFromSnapshot(s),
        ...noticesFromSnapshot(s),
        ...settingsFromSnapshot(s),
        ...ordersFromSnapshot(s),
        ...attentionFromSnapshot(s),
        ...diskFromSnapshot(s),
        ...databaseFromSnapshot(s),
        ...staffFromSnapshot(s),
        ...(selectionGone ? { selectedTableId: null, selectedBillId: null } : {}),
        seq: s.seq,
        loaded: true,
      });
    },
    setTableBills: (tableId, bills) => {
      if (get().loaded) set(withTableBills(get(), tableId, bills));
    },
    applyEvent: (e) => get().applyEvents([e]),
    applyEvents: (events) => {
      // Before the snapshot there is nothing to apply to.
      if (!get().loaded) return;
      let state = get();
      const patch: Partial<AppState> = {};
      for (const e of events) {
        // At or below seq it is already included (a repeat, or a late copy of an older event).
        if (e.seq <= state.seq) continue;
        const step: Partial<AppState> = { seq: e.seq };
        for (const reduce of reducers) Object.assign(step, reduce(state, e));
        // The next reducer sees this event's result, exactly as if it had been set on its own.
        state = { ...state, ...step };
        Object.assign(patch, step);
      }
      if (Object.keys(patch).length > 0) set(patch);
    },
  }));
}
