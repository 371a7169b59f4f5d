// The settings as main stores them (the API key only masked).
import type { CompanionEvent, SettingsView, Snapshot } from '../../../preload/contract';

export interface SettingsSlice {
  settings: SettingsView | null;
  /** Where main writes its log files (Settings → Logs and diagnostics). */
  logsDir: string | null;
}

export const initialSettings: SettingsSlice = { settings: null, logsDir: null };

export function settingsFromSnapshot(s: Snapshot): SettingsSlice {
  return { settings: s.settings, logsDir: s.logsDir };
}

export function applySettingsEvent(_state: SettingsSlice, e: CompanionEvent): Partial<SettingsSlice> | null {
  if (e.type !== 'settings') return null;
  return { settings: e.settings };
}
