import type { Language, SessionStatus, SessionView } from '../../preload/contract.js';

/**
 * What the tray shows for a session state: one of four icons and the menu's words. Pure, so the
 * mapping is tested in Node; main/shell/tray.ts only applies it.
 */

export type TrayIcon = 'connected' | 'connecting' | 'offline' | 'rejected';

export const TRAY_ICONS: readonly TrayIcon[] = ['connected', 'connecting', 'offline', 'rejected'];

const ICON_FOR: Record<SessionStatus, TrayIcon> = {
  connected: 'connected',
  connecting: 'connecting',
  reconnecting: 'connecting',
  offline: 'offline',
  stopped: 'offline',
  rejected: 'rejected',
  conflict: 'rejected',
};

const WORDS = {
  en: {
    open: 'Open Tableside',
    reconnect: 'Reconnect',
    quit: 'Quit Tableside',
    status: {
      connected: 'Connected',
      connecting: 'Connecting…',
      reconnecting: 'Reconnecting…',
      offline: 'Offline: trying again',
      stopped: 'Not connected',
      rejected: 'API key rejected: check Settings',
      conflict: 'Another connection is open: close it',
    },
  },
  cs: {
    open: 'Otevřít Tableside',
    reconnect: 'Znovu připojit',
    quit: 'Ukončit Tableside',
    status: {
      connected: 'Připojeno',
      connecting: 'Připojování…',
      reconnecting: 'Znovu se připojuje…',
      offline: 'Offline: zkouší se znovu',
      stopped: 'Nepřipojeno',
      rejected: 'API klíč odmítnut: zkontrolujte Nastavení',
      conflict: 'Je otevřené jiné připojení: zavřete ho',
    },
  },
} satisfies Record<Language, { open: string; reconnect: string; quit: string; status: Record<SessionStatus, string> }>;

export interface TrayLook {
  icon: TrayIcon;
  /** Hover text of the tray icon. */
  tooltip: string;
  /** The disabled status line in the tray menu. */
  statusLine: string;
  labels: { open: string; reconnect: string; quit: string };
}

export function trayLook(session: Pick<SessionView, 'status' | 'restaurantName'> | null, language: Language = 'en'): TrayLook {
  const words = WORDS[language];
  const status: SessionStatus = session?.status ?? 'connecting';
  const statusText = words.status[status];
  const where = session?.restaurantName ? ` (${session.restaurantName})` : '';
  return {
    icon: ICON_FOR[status],
    tooltip: `Tableside: ${statusText}${where}`,
    statusLine: `${statusText}${where}`,
    labels: { open: words.open, reconnect: words.reconnect, quit: words.quit },
  };
}

/** The icon file for a state; @2x variants sit beside it for high-DPI screens. */
export function trayIconFile(icon: TrayIcon): string {
  return `tray-${icon}.png`;
}
