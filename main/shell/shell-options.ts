import { existsSync } from 'node:fs';
import path from 'node:path';
import { StartupError } from '../base/startup-error.js';

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
 * (docs/TOOLCHAIN.md "Packaging"): packaged at <resources>/native/better_sqlite3.node; in a dev
 * checkout at out/native-electron/<os>-<arch>/better_sqlite3.node when someone built it.
 */
export const NATIVE_BINDING_FILE = 'better_sqlite3.node';

/** electron-builder's ${os} for a Node platform name: the dev checkout's folder is named after it. */
const PACKAGE_OS: Partial<Record<NodeJS.Platform, string>> = { win32: 'win', linux: 'linux', darwin: 'mac' };

/**
 * The Electron build of better-sqlite3 the store must load. Packaged, it is the installed file or
 * a StartupError naming where it should be: the module's own build inside the package is Node's,
 * which fails later and less clearly (NODE_MODULE_VERSION). In a dev checkout, undefined means
 * "use the module's own build" (the caller warns), which only works when that one is Electron's.
 */
export function electronNativeBinding(
  appRoot: string,
  packaged: boolean,
  resourcesPath: string,
  platform: NodeJS.Platform = process.platform,
  arch: string = process.arch,
): string | undefined {
  if (packaged) {
    const installed = path.join(resourcesPath, 'native', NATIVE_BINDING_FILE);
    if (!existsSync(installed)) throw new StartupError({ code: 'NATIVE_BINDING_MISSING', path: installed });
    return installed;
  }
  const built = path.join(appRoot, 'out', 'native-electron', `${PACKAGE_OS[platform] ?? platform}-${arch}`, NATIVE_BINDING_FILE);
  return existsSync(built) ? built : undefined;
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
