import type { IncomingMessage } from 'node:http';

/**
 * DNS rebinding: a page on evil.example whose name later resolves to 127.0.0.1 reaches our loopback
 * servers as "same origin", but its requests still say `Host: evil.example`. Only the names of this
 * machine (and, for the webhook receiver, its public URL's host) are answered.
 */

/** The Host values that name this machine on `port`; port 80 may also come without it. */
export function loopbackHosts(port: number): string[] {
  const names = ['127.0.0.1', 'localhost', '[::1]'];
  return [...names.map((n) => `${n}:${port}`), ...(port === 80 ? names : [])];
}

/** The Host headers of URLs (`host[:port]`, the port only when not the scheme's default); '' and malformed ones are skipped. */
export function hostsOfUrls(...urls: string[]): string[] {
  return urls.flatMap((url) => {
    try {
      const host = new URL(url).host;
      return host === '' ? [] : [host.toLowerCase()];
    } catch {
      return [];
    }
  });
}

/** True when the request's Host header is one of `allowed` (case-insensitive; a missing Host is refused). */
export function checkHost(req: IncomingMessage, allowed: readonly string[]): boolean {
  const host = req.headers.host;
  if (typeof host !== 'string' || host === '') return false;
  const wanted = host.trim().toLowerCase();
  return allowed.some((a) => a.toLowerCase() === wanted);
}
