import { request, type IncomingHttpHeaders } from 'node:http';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTP request sent exactly as written (fetch would normalise ".." and follow redirects), for
 * the tests that attack the UI server's paths and its token exchange.
 */
export function rawRequest(base: string, path: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = request({ host: url.hostname, port: url.port, path, method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The `name=value` part of a Set-Cookie header, as a browser would send it back. */
export function cookieFrom(res: RawResponse): string {
  const set = res.headers['set-cookie']?.[0] ?? '';
  return set.split(';')[0] ?? '';
}
