import { BrowserWindow, session, shell, type Session, type WebPreferences } from 'electron';
import type { Logger } from '../base/log.js';
import { withCsp } from './csp.js';
import { decideWindowOpen, isNavigationAllowed, type AppOrigins } from './trusted-url.js';

/**
 * The one hardened window factory (docs/DESIGN.md, style 5): every window of the app comes from here, with the
 * renderer sandboxed and isolated, a CSP on every response, navigation kept to our own pages and
 * new windows refused except the print sheet. The decisions live in trusted-url.ts (tested in Node).
 */

export interface WindowFactoryOptions {
  origins: AppOrigins;
  /** dist/preload/preload.cjs; null for windows that need no bridge (the test print). */
  preloadPath: string | null;
  icon?: string;
  /** Off in the packaged app: a curious cashier must not reach the bridge (and its tokens) from DevTools. */
  devTools: boolean;
  log: Logger;
}

export function hardenedWebPreferences(preloadPath: string | null, devTools: boolean): WebPreferences {
  return {
    devTools,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    // A middle click on a connection fires no auxclick: new windows only come through setWindowOpenHandler.
    disableBlinkFeatures: 'Auxclick',
    ...(preloadPath === null ? {} : { preload: preloadPath }),
  };
}

const cspInstalled = new WeakSet<Session>();

/** Sets our CSP header on every response of the session, file:// included. Idempotent. */
export function installCsp(target: Session = session.defaultSession): void {
  if (cspInstalled.has(target)) return;
  cspInstalled.add(target);
  // No URL filter: match patterns for file:// are easy to get wrong, and every response needs it.
  target.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withCsp(details.responseHeaders) });
  });
  // The renderer needs no camera, microphone, geolocation or notifications of its own.
  target.setPermissionRequestHandler((_wc, _permission, grant) => grant(false));
}

/** Applies the navigation and new-window guards to a window's contents. */
export function guardWindow(win: BrowserWindow, options: WindowFactoryOptions): void {
  const { origins, log } = options;
  const contents = win.webContents;
  contents.on('will-navigate', (event, url) => {
    if (isNavigationAllowed(url, origins)) return;
    event.preventDefault();
    log.warn({ mod: 'shell', url: url.slice(0, 200) }, 'navigation refused');
  });
  contents.on('will-redirect', (event, url) => {
    if (!isNavigationAllowed(url, origins)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideWindowOpen(url, origins);
    if (decision === 'print-sheet') {
      return {
        action: 'allow',
        overrideBrowserWindowOptions: {
          width: 900,
          height: 1100,
          autoHideMenuBar: true,
          webPreferences: hardenedWebPreferences(options.preloadPath, options.devTools),
        },
      };
    }
    if (decision === 'external') void shell.openExternal(url);
    else log.warn({ mod: 'shell', url: url.slice(0, 200) }, 'new window refused');
    return { action: 'deny' };
  });
  // Windows opened through the handler above get the same guards.
  contents.on('did-create-window', (child) => guardWindow(child, options));
}

export interface WindowSpec {
  width: number;
  height: number;
  show: boolean;
  title?: string;
  minWidth?: number;
  minHeight?: number;
}

export function createHardenedWindow(spec: WindowSpec, options: WindowFactoryOptions): BrowserWindow {
  installCsp();
  const win = new BrowserWindow({
    ...spec,
    autoHideMenuBar: true,
    backgroundColor: '#ffffff',
    ...(options.icon === undefined ? {} : { icon: options.icon }),
    webPreferences: hardenedWebPreferences(options.preloadPath, options.devTools),
  });
  guardWindow(win, options);
  return win;
}
