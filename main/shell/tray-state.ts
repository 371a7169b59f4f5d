import type { Language, ConnectionProblem, ConnectionStatus, ConnectionView, DatabaseView, DiskView } from '../../preload/contract.js';
import type { PortRole, StartupProblem } from '../base/startup-error.js';

/**
 * What the tray shows for a session state: one of four icons and the menu's words. Pure, so the
 * mapping is tested in Node; main/shell/tray.ts only applies it.
 */

export type TrayIcon = 'connected' | 'connecting' | 'offline' | 'rejected';

export const TRAY_ICONS: readonly TrayIcon[] = ['connected', 'connecting', 'offline', 'rejected'];

const ICON_FOR: Record<ConnectionStatus, TrayIcon> = {
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
    problem: {
      KEY_MISSING: 'API key missing: enter it again in Settings',
      SERVICE_URL_MISSING: 'Service URL missing: enter it in Settings',
      DEMO_UNAVAILABLE: 'Demo mode unavailable: choose an environment in Settings',
      SETTINGS_DAMAGED: 'Settings damaged: a manager must save them in Settings',
    },
    portInUse: (port: number, role: PortRole) =>
      `Port ${port} is in use (another Tableside?): change it in Settings → ${role === 'webhook' ? 'Webhook port' : 'Local POS API port'}`,
    databaseMissing: 'Bill database missing: restore a backup (the log names it)',
    restoreBackup: (name: string) => `Restore backup ${name} and start again…`,
    restoreQuestion: (name: string) =>
      `The bill database is missing. Put the newest verified backup, ${name}, in its place and start Tableside again? The empty file is kept in the backups folder.`,
    restoreButtons: ['Restore and start', 'Cancel'] as const,
    databaseLocked: 'Bill database locked by another program: close it, then start again',
    nativeMissing: 'A part of Tableside is missing (the SQLite engine): reinstall it (the log names the file)',
    diskLow: (mb: number) => `Disk almost full: ${mb} MB left, free some space`,
    databaseHeld: 'Bill database locked by another program: payments are refused until it lets go',
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
    problem: {
      KEY_MISSING: 'Chybí API klíč: zadejte ho znovu v Nastavení',
      SERVICE_URL_MISSING: 'Chybí adresa služby: zadejte ji v Nastavení',
      DEMO_UNAVAILABLE: 'Demo režim není k dispozici: zvolte prostředí v Nastavení',
      SETTINGS_DAMAGED: 'Nastavení je poškozené: vedoucí ho musí uložit v Nastavení',
    },
    portInUse: (port: number, role: PortRole) =>
      `Port ${port} je obsazený (jiný Tableside?): změňte ho v Nastavení → ${role === 'webhook' ? 'Port pro webhooky' : 'Port místního POS API'}`,
    databaseMissing: 'Databáze účtů chybí: obnovte zálohu (název je v logu)',
    restoreBackup: (name: string) => `Obnovit zálohu ${name} a spustit znovu…`,
    restoreQuestion: (name: string) =>
      `Databáze účtů chybí. Dát na její místo nejnovější ověřenou zálohu ${name} a spustit Tableside znovu? Prázdný soubor zůstane ve složce záloh.`,
    restoreButtons: ['Obnovit a spustit', 'Zrušit'] as const,
    databaseLocked: 'Databázi účtů drží jiný program: zavřete ho a spusťte znovu',
    nativeMissing: 'Chybí část Tableside (databázový modul SQLite): přeinstalujte aplikaci (soubor je v logu)',
    diskLow: (mb: number) => `Disk je téměř plný: zbývá ${mb} MB, uvolněte místo`,
    databaseHeld: 'Databázi účtů drží jiný program: platby se odmítají, dokud ji nepustí',
  },
} satisfies Record<
  Language,
  {
    open: string;
    reconnect: string;
    quit: string;
    status: Record<ConnectionStatus, string>;
    problem: Record<ConnectionProblem, string>;
    portInUse: (port: number, role: PortRole) => string;
    databaseMissing: string;
    restoreBackup: (name: string) => string;
    restoreQuestion: (name: string) => string;
    restoreButtons: readonly [string, string];
    databaseLocked: string;
    nativeMissing: string;
    diskLow: (megabytes: number) => string;
    databaseHeld: string;
  }
>;

export interface TrayLook {
  icon: TrayIcon;
  /** Hover text of the tray icon. */
  tooltip: string;
  /** The disabled status line in the tray menu. */
  statusLine: string;
  labels: { open: string; reconnect: string; quit: string };
}

/** The tray's line for low disk space (a disabled menu item, also in the tooltip), or null while there is room. */
export function diskTrayLine(disk: DiskView | null, language: Language = 'en'): string | null {
  if (!disk?.lowSpace) return null;
  return WORDS[language].diskLow(Math.max(0, Math.floor(disk.freeBytes / (1024 * 1024))));
}

/** The tray's line while another program's lock refuses the till's writes, or null. */
export function databaseTrayLine(database: DatabaseView | null, language: Language = 'en'): string | null {
  return database?.locked ? WORDS[language].databaseHeld : null;
}

/** What needs the cashier before the till can connect: a session problem, or a start that failed. */
function problemText(words: (typeof WORDS)[Language], session: Pick<ConnectionView, 'problem'> | null, startup: StartupProblem | undefined): string | null {
  if (startup?.code === 'PORT_IN_USE') return words.portInUse(startup.port, startup.role);
  if (startup?.code === 'DATABASE_MISSING') return words.databaseMissing;
  if (startup?.code === 'DATABASE_LOCKED') return words.databaseLocked;
  if (startup?.code === 'NATIVE_BINDING_MISSING') return words.nativeMissing;
  return session?.problem ? words.problem[session.problem] : null;
}

export function trayLook(
  session: Pick<ConnectionView, 'status' | 'restaurantName' | 'problem'> | null,
  language: Language = 'en',
  startup?: StartupProblem,
): TrayLook {
  const words = WORDS[language];
  const status: ConnectionStatus = session?.status ?? 'connecting';
  const problem = problemText(words, session, startup);
  const statusText = problem ?? words.status[status];
  const where = session?.restaurantName ? ` (${session.restaurantName})` : '';
  return {
    icon: problem ? 'rejected' : ICON_FOR[status],
    tooltip: `Tableside: ${statusText}${where}`,
    statusLine: `${statusText}${where}`,
    labels: { open: words.open, reconnect: words.reconnect, quit: words.quit },
  };
}

/**
 * The icon file for a state. Windows gets the .ico (16/20/24/32 px: it picks the size for the
 * display's scaling); elsewhere the PNG, with its @2x variant beside it for high-DPI screens.
 */
export function trayIconFile(icon: TrayIcon, platform: NodeJS.Platform = process.platform): string {
  return platform === 'win32' ? `tray-${icon}.ico` : `tray-${icon}.png`;
}

/** The offer of a missing database: the tray item's label and its question, or null when there is no backup to restore. */
export function restoreOffer(
  startup: StartupProblem | undefined,
  language: Language = 'en',
): { label: string; question: string; buttons: readonly [string, string]; backup: string } | null {
  if (startup?.code !== 'DATABASE_MISSING' || !startup.backup) return null;
  const words = WORDS[language];
  return { label: words.restoreBackup(startup.backup), question: words.restoreQuestion(startup.backup), buttons: words.restoreButtons, backup: startup.backup };
}
