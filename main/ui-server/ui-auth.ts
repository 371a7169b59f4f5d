import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The browser-mode token: 32 random bytes, new on every start, given once in the URL and then
 * kept in an HttpOnly SameSite=Strict cookie so assets, the print page and the bridge carry it
 * without the page's script ever seeing it again.
 */

export const UI_COOKIE = 'tableside_ui';

export function newUiToken(): string {
  return randomBytes(32).toString('hex');
}

export function tokenCookie(token: string): string {
  return `${UI_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}

/** The token from `?token=` or from the cookie, whichever is present (query first). */
export function presentedTokens(req: IncomingMessage, url: URL): string[] {
  const found: string[] = [];
  const fromQuery = url.searchParams.get('token');
  if (fromQuery) found.push(fromQuery);
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === UI_COOKIE) found.push(part.slice(eq + 1).trim());
  }
  return found;
}

/** Constant-time comparison; a wrong length is simply false. */
export function tokenMatches(presented: string, token: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function isAuthorised(req: IncomingMessage, url: URL, token: string): boolean {
  return presentedTokens(req, url).some((t) => tokenMatches(t, token));
}

/**
 * A browser on another site may open a WebSocket to 127.0.0.1 (no CORS for WS): when an Origin is
 * sent it must be this server's own.
 */
export function originAllowed(req: IncomingMessage, ownOrigins: readonly string[]): boolean {
  const origin = req.headers.origin;
  return origin === undefined || ownOrigins.includes(origin);
}
