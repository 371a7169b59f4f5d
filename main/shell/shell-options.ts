import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Decisions of the shell that need no Electron: command-line flags, login-item settings, where
 * the Electron build of better-sqlite3 lives, and where the built files are. Tested in Node.
 */

export const APP_USER_MODEL_ID = 'cz.tableside.companion';
export const HIDDEN_FLAG = '--hidden';

export interface ShellArgs {
  /** Started at login (or asked to): stay in the tray, show no window. */
  hidden: boolean;
}

export function parseShellArgs(argv: readonly string[]): ShellArgs {
  return { hidden: argv.includes(HIDDEN_FLAG) };
}

/** app.setLoginItemSettings input: start at login, in the tray when "start hidden" is on. */
export function loginItemSettings(startAtLogin: boolean, startHidden: boolean): { openAtLogin: boolean; args: string[] } {
  return { openAtLogin: startAtLogin, args: startHidden ? [HIDDEN_FLAG] : [] };
}

export interface AppLayout {
  /** dist/renderer */
  rendererDir: string;
  /** dist/preload/preload.cjs */
  preloadPath: string;
  /** assets/ (tray icons, app icon) */
  assetsDir: string;
}

/**
 * From the compiled dist/main/shell/main.js the app root is three levels up, both in the repo and
 * inside app.asar (electron-builder keeps the layout). Assets are packaged as extra resources.
 */
export function appLayout(shellDir: string, packaged: boolean, resourcesPath: string): AppLayout {
  const root = path.resolve(shellDir, '..', '..', '..');
  return {
    rendererDir: path.join(root, 'dist', 'renderer'),
    preloadPath: path.join(root, 'dist', 'preload', 'preload.cjs'),
    assetsDir: packaged ? path.join(resourcesPath, 'assets') : path.join(root, 'assets'),
  };
}

/**
 * better-sqlite3 compiled for Electron's ABI, kept apart from the Node build that npm test uses
 * (docs/TOOLCHAIN.md "Packaging here"): packaged at <resources>/native/better_sqlite3.node; in a dev
 * checkout at out/native-electron/better_sqlite3.node when someone built it. Undefined means
 * "use the module's own build", which only works when that one was built for Electron.
 */
export const NATIVE_BINDING_FILE = 'better_sqlite3.node';

export function electronNativeBinding(appRoot: string, packaged: boolean, resourcesPath: string): string | undefined {
  const candidate = packaged ? path.join(resourcesPath, 'native', NATIVE_BINDING_FILE) : path.join(appRoot, 'out', 'native-electron', NATIVE_BINDING_FILE);
  return existsSync(candidate) ? candidate : undefined;
}

/** A dev server URL is taken only from the environment and only for loopback http. */
export function devServerUrl(env: Record<string, string | undefined>, packaged: boolean): string | null {
  const raw = env.TABLESIDE_DEV_URL;
  if (packaged || !raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost') ? url.origin : null;
  } catch {
    return null;
  }
}
