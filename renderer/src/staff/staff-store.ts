// The phone page's state (zustand, vanilla store) and the pure functions that apply the till's
// welcome and events to it. A repeated event changes nothing: entries are replaced by id.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { StaffBill, StaffDeviceView, StaffEvent, StaffNotice, StaffPairError, StaffSnapshot, StaffTable } from '../../../preload/staff-frames';
import type { Language } from '../../../preload/contract';
import type { StaffPrefs, StoredDevice } from './device-storage';
import type { CommandErrorCode, SessionEnd, SessionStatus } from './session';

export type PairingMessage = StaffPairError | 'NETWORK' | SessionEnd;
export type StaffTab = 'notices' | 'floor' | 'settings';

export interface OpenBill {
  tableId: string;
  bill: StaffBill | null;
  error: CommandErrorCode | null;
}

export interface StaffState {
  screen: 'pairing' | 'live';
  pairingBusy: boolean;
  pairingMessage: PairingMessage | null;
  device: StoredDevice | null;
  deviceView: StaffDeviceView | null;
  status: SessionStatus;
  restaurantName: string | null;
  tables: StaffTable[];
  notices: StaffNotice[];
  following: StaffSnapshot['following'];
  managerUntil: string | null;
  prefs: StaffPrefs;
  tab: StaffTab;
  open: OpenBill | null;
}

export type StaffStore = StoreApi<StaffState>;

export function initialState(prefs: StaffPrefs, device: StoredDevice | null): StaffState {
  return {
    screen: device ? 'live' : 'pairing',
    pairingBusy: false,
    pairingMessage: null,
    device,
    deviceView: null,
    status: 'connecting',
    restaurantName: null,
    tables: [],
    notices: [],
    following: { tableIds: [], areas: [] },
    managerUntil: null,
    prefs,
    tab: 'notices',
    open: null,
  };
}

export function createStaffStore(prefs: StaffPrefs, device: StoredDevice | null): StaffStore {
  return createStore<StaffState>()(() => initialState(prefs, device));
}

export function applyWelcome(state: StaffState, device: StaffDeviceView, snapshot: StaffSnapshot): Partial<StaffState> {
  const tillLanguage: Language = snapshot.language;
  return {
    screen: 'live',
    deviceView: device,
    restaurantName: snapshot.restaurantName,
    tables: snapshot.tables,
    notices: snapshot.notices,
    following: snapshot.following,
    managerUntil: snapshot.managerUntil,
    prefs: { ...state.prefs, tillLanguage },
  };
}

function replaceById<T extends { id: string }>(list: readonly T[], item: T): T[] {
  const i = list.findIndex((x) => x.id === item.id);
  if (i < 0) return [...list, item];
  const next = [...list];
  next[i] = item;
  return next;
}

/** The changes an event makes, or null when it changes nothing. */
export function applyStaffEvent(state: StaffState, event: StaffEvent): Partial<StaffState> | null {
  switch (event.type) {
    case 'table':
      return { tables: replaceById(state.tables, event.table) };
    case 'table-removed':
      if (!state.tables.some((t) => t.id === event.tableId)) return null;
      return { tables: state.tables.filter((t) => t.id !== event.tableId) };
    case 'notice':
      return { notices: replaceById(state.notices, event.notice) };
    case 'notice-gone':
      if (!state.notices.some((n) => n.id === event.noticeId)) return null;
      return { notices: state.notices.filter((n) => n.id !== event.noticeId) };
    default:
      return null;
  }
}

/** The tables a waiter follows: picked one by one, or in an area they follow. */
export function isFollowed(table: StaffTable, following: StaffSnapshot['following']): boolean {
  return following.tableIds.includes(table.id) || (table.area !== null && following.areas.includes(table.area));
}

/** The phone's language: its own choice, else the till's, else the browser's. */
export function pageLanguage(prefs: StaffPrefs, browserLanguage: string | undefined): Language {
  return prefs.language ?? prefs.tillLanguage ?? (browserLanguage?.toLowerCase().startsWith('cs') ? 'cs' : 'en');
}
