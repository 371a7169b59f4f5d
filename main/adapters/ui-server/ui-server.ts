import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { CompanionApi } from '../../../preload/contract.js';
import { createGuardedServer, guardUpgrade } from '../../base/http-guard/index.js';
import type { Logger } from '../../base/log.js';
import { BRIDGE_PATH, attachBridge } from './bridge.js';
import { sendStatic } from './static-files.js';
import { createUiAuth, originAllowed, sessionCookie, type PageAccess } from './ui-auth.js';

/**
 * Browser mode: serves the built renderer on loopback and bridges CompanionApi over a WebSocket,
 * so the whole app works in any browser on this machine. The printed URL's one-time token is
 * traded for a cookie on first use (ui-auth.ts); every request without the cookie is refused (403).
 */

export const UI_CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

export interface UiServerOptions {
  api: CompanionApi;
  /** The built renderer, e.g. dist/renderer. */
  staticDir: string;
  host?: string;
  port?: number;
  log: Logger;
  /** Files offered at fixed paths behind the same token (browser mode's "Download latest log", "Export diagnostics"). */
  downloads?: Record<string, () => Promise<UiDownload | null>>;
}

/** A file answered as an attachment; null: there is nothing to download yet (404). */
export interface UiDownload {
  fileName: string;
  contentType: string;
  body: Uint8Array;
}

export interface UiServer {
  /** http://127.0.0.1:<port>/?token=<token>: good for one visit, which trades it for the cookie. */
  readonly url: string;
  readonly token: string;
  /** A fresh one-time address for another visit (the first browser was closed): each works once. */
  newLink(): string;
  close(): Promise<void>;
}

const BASE_HEADERS = {
  'Content-Security-Policy': UI_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};
const REFUSALS: Record<Extract<PageAccess, { kind: 'refuse' }>['reason'], string> = {
  'no-token': 'Open the address printed by Tableside (it carries the access token).',
  'wrong-token': 'Open the address printed by Tableside (it carries the access token).',
  'token-used': 'This access link was already used. Go back to the browser window that opened it, or ask Tableside for a new link (type "open" in its window).',
};
// The bridge carries small commands; a bigger frame is a mistake or an attack.
const MAX_FRAME_BYTES = 1024 * 1024;

export async function startUiServer(options: UiServerOptions): Promise<UiServer> {
  const { api, staticDir, log } = options;
  const host = options.host ?? '127.0.0.1';
  const auth = createUiAuth();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const detachers = new Set<() => void>();
  let origins: string[] = [];

  const refuse = (res: ServerResponse, status: number, text: string): void => {
    res.writeHead(status, { ...BASE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' }).end(text);
  };

  const onRequest = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://ui.invalid');
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'Only GET is served here.');
    const access = auth.pageAccess(req, url);
    if (access.kind === 'refuse') {
      log.warn({ mod: 'ui-server', path: url.pathname, reason: access.reason }, 'request without a valid UI token refused');
      return refuse(res, 403, REFUSALS[access.reason]);
    }
    if (access.kind === 'redirect') {
      const cookie: Record<string, string> = access.setCookie ? { 'Set-Cookie': sessionCookie(access.setCookie) } : {};
      res.writeHead(303, { ...BASE_HEADERS, ...cookie, Location: access.location, 'Cache-Control': 'no-store' }).end();
      return;
    }
    const download = options.downloads?.[url.pathname];
    if (download) return sendDownload(res, await download(), { ...BASE_HEADERS }, req.method === 'HEAD');
    await sendStatic(staticDir, url.pathname, res, { ...BASE_HEADERS }, req.method === 'HEAD');
  };

  // Socket limits and the Host check (DNS rebinding) of every local server: main/http-guard.
  const server = createGuardedServer((req, res) => {
    onRequest(req, res).catch((e: unknown) => {
      log.error({ mod: 'ui-server', err: (e as Error).message }, 'request failed');
      if (!res.headersSent) refuse(res, 500, 'Tableside could not serve this page. Reload it.');
      else res.destroy();
    });
  });

  server.on(
    'upgrade',
    guardUpgrade(server, (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(req.url ?? '/', 'http://ui.invalid');
      const reject = (status: number, reason: string): void => {
        log.warn({ mod: 'ui-server', path: url.pathname, status }, 'bridge upgrade refused');
        socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      };
      if (url.pathname !== BRIDGE_PATH) return reject(404, 'Not Found');
      if (!auth.hasCookie(req) || !originAllowed(req, origins)) return reject(403, 'Forbidden');
      wss.handleUpgrade(req, socket, head, (ws) => {
        const detach = attachBridge(ws, socket, api, log);
        detachers.add(detach);
        ws.on('close', () => detachers.delete(detach));
      });
    }),
  );

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  origins = [`http://${host}:${port}`, `http://localhost:${port}`, `http://127.0.0.1:${port}`];
  const url = `http://${host}:${port}/?token=${auth.token}`;
  log.info({ mod: 'ui-server', port }, 'browser-mode UI listening');

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      for (const detach of detachers) detach();
      detachers.clear();
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    })();
    return closing;
  };
  return { url, token: auth.token, newLink: () => `http://${host}:${port}/?token=${auth.issue()}`, close };
}

function sendDownload(res: ServerResponse, file: UiDownload | null, headers: Record<string, string>, head: boolean): void {
  if (file === null) {
    res.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end('Nothing to download yet.');
    return;
  }
  res.writeHead(200, {
    ...headers,
    'Content-Type': file.contentType,
    'Content-Length': String(file.body.length),
    'Content-Disposition': `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`,
    'Cache-Control': 'no-store',
  });
  res.end(head ? undefined : file.body);
}
