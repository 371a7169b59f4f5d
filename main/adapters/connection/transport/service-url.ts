/** Joins the service's base URL (which may end in "/" or carry a path prefix) and an API path. */
export function serviceEndpoint(serviceUrl: string, path: string): string {
  return serviceUrl.replace(/\/+$/, '') + path;
}

/** The same endpoint with the WebSocket scheme: http → ws, https → wss. */
export function webSocketEndpoint(serviceUrl: string, path: string): string {
  const url = new URL(serviceEndpoint(serviceUrl, path));
  if (url.protocol === 'http:') url.protocol = 'ws:';
  else if (url.protocol === 'https:') url.protocol = 'wss:';
  return url.toString();
}

/** Authorization + Pos-Id (docs/PROTOCOL.md §1). The key only ever travels in this header. */
export function authHeaders(apiKey: string, posId: string): Record<string, string> {
  return { Authorization: `Bearer ${apiKey}`, 'Pos-Id': posId };
}
