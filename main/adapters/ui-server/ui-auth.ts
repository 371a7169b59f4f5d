import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The browser-mode token: 32 random bytes, new on every start, printed once in the URL
 * (`/?token=…`). The first request that presents it trades it for an HttpOnly SameSite=Strict
 * cookie holding a fresh random session id (never the token: a token copied from a log or a
 * screen is worth nothing as a cookie) and is redirected (303) to the address without the token.
 * The exchange happens once per link; the session lasts until the browser closes or Tableside
 * restarts. A closed browser gets a fresh link on request (`issue`, from the headless host's
 * "open" command): a new one-time token for a new session; a used link stays refused.
 */

export const UI_COOKIE = 'tableside_ui';

export function newUiToken(): string {
  return randomBytes(32).toString('hex');
}

export function sessionCookie(session: string): string {
  return `${UI_COOKIE}=${session}; HttpOnly; SameSite=Strict; Path=/`;
}

/** Every value of our cookie in the request (a browser may send more than one). */
export function cookieTokens(req: IncomingMessage): string[] {
  const found: string[] = [];
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

/** What to do with a page request. */
export type PageAccess =
  | { kind: 'allow' }
  /** Redirect to `location` (the address without the token), setting the session cookie when given. */
  | { kind: 'redirect'; location: string; setCookie: string | null }
  | { kind: 'refuse'; reason: 'no-token' | 'token-used' | 'wrong-token' };

/**
 * The address without its `token` parameter, as a same-origin path: leading slashes are folded
 * into one so the Location can never read as `//other-host`.
 */
export function withoutToken(url: URL): string {
  const rest = new URLSearchParams(url.search);
  rest.delete('token');
  const query = rest.toString();
  return `/${url.pathname.replace(/^\/+/, '')}${query ? `?${query}` : ''}`;
}

export interface UiAuth {
  /** The link printed at start. */
  readonly token: string;
  /** A fresh one-time token for another visit (the cashier closed the browser); each works once. */
  issue(): string;
  /** Decides a GET/HEAD for a page or asset; performs the one-time exchange. */
  pageAccess(req: IncomingMessage, url: URL): PageAccess;
  /** The bridge upgrade: the cookie only, never a token in the URL. */
  hasCookie(req: IncomingMessage): boolean;
}

/** Links asked for but not used yet are few: the oldest is dropped beyond this. */
const MAX_UNUSED_LINKS = 8;

export function createUiAuth(token: string = newUiToken()): UiAuth {
  const unused: string[] = [token];
  const used: string[] = [];
  const sessions = new Set<string>();
  const hasCookie = (req: IncomingMessage): boolean => cookieTokens(req).some((c) => [...sessions].some((s) => tokenMatches(c, s)));
  return {
    token,
    hasCookie,
    issue() {
      const fresh = newUiToken();
      unused.push(fresh);
      if (unused.length > MAX_UNUSED_LINKS) used.push(...unused.splice(0, unused.length - MAX_UNUSED_LINKS));
      return fresh;
    },
    pageAccess(req, url) {
      const fromUrl = url.searchParams.get('token');
      if (fromUrl === null) return hasCookie(req) ? { kind: 'allow' } : { kind: 'refuse', reason: 'no-token' };
      // A page that already holds the cookie (the printed link clicked again) just loses the token.
      if (hasCookie(req)) return { kind: 'redirect', location: withoutToken(url), setCookie: null };
      const at = unused.findIndex((t) => tokenMatches(fromUrl, t));
      if (at >= 0) {
        used.push(...unused.splice(at, 1));
        const session = randomBytes(32).toString('hex');
        sessions.add(session);
        return { kind: 'redirect', location: withoutToken(url), setCookie: session };
      }
      return { kind: 'refuse', reason: used.some((t) => tokenMatches(fromUrl, t)) ? 'token-used' : 'wrong-token' };
    },
  };
}

/**
 * A browser on another site may open a WebSocket to 127.0.0.1 (no CORS for WS): when an Origin is
 * sent it must be this server's own.
 */
export function originAllowed(req: IncomingMessage, ownOrigins: readonly string[]): boolean {
  const origin = req.headers.origin;
  return origin === undefined || ownOrigins.includes(origin);
}
