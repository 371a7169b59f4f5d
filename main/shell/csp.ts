/**
 * The app's Content-Security-Policy, sent as a response header for every page the windows load
 * (file:// included) on top of the meta tag in index.html and print.html. Main owns the connections,
 * so the page connects nowhere but itself: in Electron it talks over IPC, and in browser mode the
 * bridge's WebSocket is on the page's own origin, which 'self' covers (no other loopback port).
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "img-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Directives a <meta http-equiv> policy cannot carry (browsers ignore them there, with a warning):
 * the header alone sets them.
 */
export const HEADER_ONLY_DIRECTIVES = ['frame-ancestors', 'report-uri', 'sandbox'];

/** The policy the meta tags of renderer/index.html and print.html must say (test/shell checks them). */
export const META_CSP = APP_CSP.split('; ')
  .filter((d) => !HEADER_ONLY_DIRECTIVES.includes(d.split(' ')[0] ?? ''))
  .join('; ');

/** A policy as directive name → its sources, for comparing policies whatever their order or spacing. */
export function cspDirectives(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), sources);
  }
  return out;
}

export type ResponseHeaders = Record<string, string[] | string>;

/** Response headers with our CSP replacing any other (headers are case-insensitive). */
export function withCsp(headers: ResponseHeaders | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === 'content-security-policy') continue;
    out[name] = Array.isArray(value) ? value : [value];
  }
  out['Content-Security-Policy'] = [APP_CSP];
  return out;
}
