/**
 * The app's Content-Security-Policy, sent as a response header for every page the windows load
 * (file:// included) on top of the meta tag in index.html. Main owns the connections, so the page
 * connects nowhere but itself.
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
