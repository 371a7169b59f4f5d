/**
 * Where the API key may be sent. A sandbox or production service is reached over https; plain
 * http only on this machine (127.0.0.0/8, ::1, localhost), where the local sandbox runs.
 */

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host === '::1') return true;
  return /^127(\.\d{1,3}){3}$/.test(host);
}

/** https anywhere, http only on loopback: the key travels in a header and must not cross a network in the clear. */
export function isAllowedServiceUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && isLoopbackHost(url.hostname);
}

/** The origin a stored key belongs to ('' when the URL is empty or not a URL). */
export function originOf(raw: string): string {
  try {
    return new URL(raw).origin;
  } catch {
    return '';
  }
}
