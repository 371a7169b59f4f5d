import path from 'node:path';
import { Menu, Tray, nativeImage, type NativeImage } from 'electron';
import type { Language, ConnectionView, DatabaseView, DiskView } from '../../preload/contract.js';
import type { StartupProblem } from '../base/startup-error.js';
import { updateTrayLook, type UpdateStatus } from '../features/updates/index.js';
import { databaseTrayLine, diskTrayLine, restoreOffer, TRAY_ICONS, trayIconFile, trayLook, type TrayIcon } from './tray-state.js';

/**
 * The tray icon and its menu (Open, the connection status line, Reconnect, the update's line and
 * "Restart now to update" when there is one, Quit). The icon follows the session state. The
 * caller must keep the returned object: a collected Tray disappears.
 */

export interface TrayActions {
  open(): void;
  reconnect(): void;
  quit(): void;
  /** The cashier chose to install the downloaded update now. */
  restartToUpdate?(): void;
  /** The bill database is missing and a backup exists: restore it (the caller asks first) and start again. */
  restoreBackup?(backup: string, question: string, buttons: readonly [string, string]): void;
}

export interface AppTray {
  /** `startup`: the core could not start (a taken port): the tray says so instead of a session state. */
  update(session: ConnectionView | null, language: Language, startup?: StartupProblem): void;
  /** The update policy's status: adds or removes the update line and the "Restart now" item. */
  setUpdate(status: UpdateStatus): void;
  /**
   * The last crash notice ("Window reloaded after a problem (21:14)"), or null. It stays until the
   * cashier clicks it, which opens the window and clears it.
   */
  setNotice(line: string | null): void;
  /** Free space of the data folder: low space adds a line until it returns. */
  setDisk(disk: DiskView): void;
  /** Another program's lock on the bill database: a line while it refuses the writes. */
  setDatabase(database: DatabaseView): void;
  destroy(): void;
}

type MenuItem = Parameters<typeof Menu.buildFromTemplate>[0][number];

function updateItems(status: UpdateStatus, language: Language, actions: TrayActions): MenuItem[] {
  const look = updateTrayLook(status, language);
  const items: MenuItem[] = [];
  if (look.statusLine !== null) items.push({ label: look.statusLine, enabled: false });
  if (look.restartLabel !== null && actions.restartToUpdate) {
    const restart = actions.restartToUpdate;
    items.push({ label: look.restartLabel, click: () => restart() });
  }
  return items.length > 0 ? [{ type: 'separator' }, ...items] : [];
}

export function createAppTray(assetsDir: string, actions: TrayActions): AppTray {
  // Loaded once: nativeImage picks the @2x file beside each path on high-DPI screens.
  const images = new Map<TrayIcon, NativeImage>(TRAY_ICONS.map((icon) => [icon, nativeImage.createFromPath(path.join(assetsDir, trayIconFile(icon)))]));
  const initial = trayLook(null);
  const tray = new Tray(images.get(initial.icon) ?? nativeImage.createEmpty());
  tray.on('click', () => actions.open());
  tray.on('double-click', () => actions.open());

  let shown = '';
  let current: { session: ConnectionView | null; language: Language; startup?: StartupProblem | undefined } = { session: null, language: 'en' };
  let updateStatus: UpdateStatus = { kind: 'off' };
  let notice: string | null = null;
  let disk: DiskView | null = null;
  let database: DatabaseView | null = null;
  const noticeItems = (): MenuItem[] =>
    notice === null
      ? []
      : [
          {
            label: notice,
            click: () => {
              actions.open();
              notice = null;
              update(current.session, current.language, current.startup);
            },
          },
        ];
  const update = (session: ConnectionView | null, language: Language, startup?: StartupProblem): void => {
    current = { session, language, startup };
    const look = trayLook(session, language, startup);
    const diskLine = diskTrayLine(disk, language);
    const lockLine = databaseTrayLine(database, language);
    const stateLines = [lockLine, diskLine].filter((line): line is string => line !== null);
    const offer = restoreOffer(startup, language);
    const restore = actions.restoreBackup;
    const restoreItems: MenuItem[] = offer && restore ? [{ label: offer.label, click: () => restore(offer.backup, offer.question, offer.buttons) }] : [];
    const extra = [
      ...restoreItems,
      ...stateLines.map((label) => ({ label, enabled: false })),
      ...noticeItems(),
      ...updateItems(updateStatus, language, actions),
    ];
    // Session events arrive often (rtt updates): rebuild the menu only when something visible changed.
    const key = `${look.icon}|${look.statusLine}|${language}|${extra.map((i) => i.label ?? '-').join('|')}`;
    if (key === shown || tray.isDestroyed()) return;
    shown = key;
    const image = images.get(look.icon);
    if (image !== undefined) tray.setImage(image);
    tray.setToolTip([look.tooltip, ...stateLines].join('\n'));
    tray.setContextMenu(
      Menu.buildFromTemplate([
        { label: look.labels.open, click: () => actions.open() },
        { type: 'separator' },
        { label: look.statusLine, enabled: false },
        { label: look.labels.reconnect, click: () => actions.reconnect() },
        ...extra,
        { type: 'separator' },
        { label: look.labels.quit, click: () => actions.quit() },
      ]),
    );
  };
  update(null, 'en');
  return {
    update,
    setUpdate: (status) => {
      updateStatus = status;
      update(current.session, current.language, current.startup);
    },
    setNotice: (line) => {
      notice = line;
      update(current.session, current.language, current.startup);
    },
    setDisk: (view) => {
      disk = view;
      update(current.session, current.language, current.startup);
    },
    setDatabase: (view) => {
      database = view;
      update(current.session, current.language, current.startup);
    },
    destroy: () => {
      if (!tray.isDestroyed()) tray.destroy();
    },
  };
}
