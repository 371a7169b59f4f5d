import path from 'node:path';
import { Menu, Tray, nativeImage, type NativeImage } from 'electron';
import type { Language, SessionView } from '../../preload/contract.js';
import type { StartupProblem } from '../app/startup-error.js';
import { TRAY_ICONS, trayIconFile, trayLook, type TrayIcon } from './tray-state.js';

/**
 * The tray icon and its menu (Open, the connection status line, Reconnect, Quit). The icon follows
 * the session state. The caller must keep the returned object: a collected Tray disappears.
 */

export interface TrayActions {
  open(): void;
  reconnect(): void;
  quit(): void;
}

export interface AppTray {
  /** `startup`: the core could not start (a taken port): the tray says so instead of a session state. */
  update(session: SessionView | null, language: Language, startup?: StartupProblem): void;
  destroy(): void;
}

export function createAppTray(assetsDir: string, actions: TrayActions): AppTray {
  // Loaded once: nativeImage picks the @2x file beside each path on high-DPI screens.
  const images = new Map<TrayIcon, NativeImage>(TRAY_ICONS.map((icon) => [icon, nativeImage.createFromPath(path.join(assetsDir, trayIconFile(icon)))]));
  const initial = trayLook(null);
  const tray = new Tray(images.get(initial.icon) ?? nativeImage.createEmpty());
  tray.on('click', () => actions.open());
  tray.on('double-click', () => actions.open());

  let shown = '';
  const update = (session: SessionView | null, language: Language, startup?: StartupProblem): void => {
    const look = trayLook(session, language, startup);
    // Session events arrive often (rtt updates): rebuild the menu only when something visible changed.
    const key = `${look.icon}|${look.statusLine}|${language}`;
    if (key === shown || tray.isDestroyed()) return;
    shown = key;
    const image = images.get(look.icon);
    if (image !== undefined) tray.setImage(image);
    tray.setToolTip(look.tooltip);
    tray.setContextMenu(
      Menu.buildFromTemplate([
        { label: look.labels.open, click: () => actions.open() },
        { type: 'separator' },
        { label: look.statusLine, enabled: false },
        { label: look.labels.reconnect, click: () => actions.reconnect() },
        { type: 'separator' },
        { label: look.labels.quit, click: () => actions.quit() },
      ]),
    );
  };
  update(null, 'en');
  return {
    update,
    destroy: () => {
      if (!tray.isDestroyed()) tray.destroy();
    },
  };
}
