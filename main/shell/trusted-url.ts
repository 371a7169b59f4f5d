import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Which URLs the app trusts, as pure functions tested in Node (Signal's and Actual's trusted-url).
 * The window factory, the navigation guards, the window-open handler and the IPC sender check all
 * ask here, so there is one definition of "our page".
 */

export interface AppOrigins {
  /** Absolute path of the built renderer (dist/renderer). */
  rendererDir: string;
  /** The vite dev server during development (e.g. http://127.0.0.1:5173), else null. */
  devUrl: string | null;
}

export const APP_PAGES = ['index.html', 'print.html'] as const;
export type AppPage = (typeof APP_PAGES)[number];

/** Sites a cashier may be sent to in the system browser; exact https origins only. */
export const EXTERNAL_ALLOW_LIST: readonly string[] = ['https://qerko.com', 'https://www.qerko.com'];

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

function isLoopbackDevUrl(devUrl: string | null): URL | null {
  const dev = devUrl === null ? null : parse(devUrl);
  if (dev === null || dev.protocol !== 'http:') return null;
  return dev.hostname === '127.0.0.1' || dev.hostname === 'localhost' ? dev : null;
}

/** The page of ours a URL shows, ignoring query and hash; null for anything else. */
export function appPageOf(url: string, origins: AppOrigins): AppPage | null {
  const parsed = parse(url);
  if (parsed === null) return null;
  if (parsed.protocol === 'file:') {
    if (parsed.host !== '') return null; // file://server/share is never ours
    const bare = `file://${parsed.pathname}`;
    for (const page of APP_PAGES) {
      if (bare === pathToFileURL(path.join(origins.rendererDir, page)).href) return page;
    }
    return null;
  }
  const dev = isLoopbackDevUrl(origins.devUrl);
  if (dev === null || parsed.origin !== dev.origin || parsed.username !== '' || parsed.password !== '') return null;
  if (parsed.pathname === '/' || parsed.pathname === '/index.html') return 'index.html';
  return parsed.pathname === '/print.html' ? 'print.html' : null;
}

/** IPC is answered only for frames showing one of our pages. */
export function isTrustedSender(frameUrl: string | null | undefined, origins: AppOrigins): boolean {
  return typeof frameUrl === 'string' && appPageOf(frameUrl, origins) !== null;
}

/** An external link the system browser may open: https, an allow-listed origin, no credentials. */
export function isAllowedExternal(url: string, allowList: readonly string[] = EXTERNAL_ALLOW_LIST): boolean {
  const parsed = parse(url);
  if (parsed === null || parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '') return false;
  return allowList.includes(parsed.origin);
}

export type WindowOpenDecision = 'print-sheet' | 'external' | 'deny';

/** window.open / target=_blank: only the print sheet opens a window of ours; allow-listed links go to the browser. */
export function decideWindowOpen(url: string, origins: AppOrigins, allowList: readonly string[] = EXTERNAL_ALLOW_LIST): WindowOpenDecision {
  if (appPageOf(url, origins) === 'print.html') return 'print-sheet';
  return isAllowedExternal(url, allowList) ? 'external' : 'deny';
}

/** will-navigate: a window may only move between our own pages. */
export function isNavigationAllowed(url: string, origins: AppOrigins): boolean {
  return appPageOf(url, origins) !== null;
}

/** The URL a window loads for one of our pages, with an optional query. */
export function appPageUrl(page: AppPage, origins: AppOrigins, query: Record<string, string> = {}): string {
  const dev = isLoopbackDevUrl(origins.devUrl);
  const url = dev !== null ? new URL(`/${page}`, dev) : pathToFileURL(path.join(origins.rendererDir, page));
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.href;
}

/** print.html?tables=a,b,c: the sheet reads the table ids from its query. */
export function printSheetUrl(tableIds: readonly string[], origins: AppOrigins): string {
  return appPageUrl('print.html', origins, { tables: tableIds.join(',') });
}
