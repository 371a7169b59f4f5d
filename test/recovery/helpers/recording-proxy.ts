import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A plain HTTP proxy on 127.0.0.1 in front of the sandbox that records each request's method and
 * path: the test sees which endpoint the companion really called, over a real socket.
 */
export async function recordingProxy(target: string): Promise<{ url: string; seen: string[]; close(): Promise<void> }> {
  const to = new URL(target);
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const out = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
