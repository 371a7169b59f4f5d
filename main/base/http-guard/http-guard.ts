import { createServer, ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { checkHost, loopbackHosts } from './host-check.js';

/**
 * The limits every local HTTP server keeps (the POS API, the browser-mode UI, the webhook
 * receiver): a bounded number of sockets, each of which must say something and finish its request
 * in time, answered only when it names this machine in its Host header (DNS rebinding).
 */
export interface ServerLimits {
  /** Sockets held at once; a newcomer beyond it is closed as soon as it is accepted. */
  maxConnections: number;
  /** A socket silent this long (before its first request, between keep-alive requests, mid-answer) is closed. */
  idleTimeoutMs: number;
  /** A new socket must send its first byte within this, or it is closed without an answer. */
  firstByteTimeoutMs: number;
  /** The request line and headers must arrive within this (slowloris); else 408 and closed. */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this; else 408 and closed. */
  requestTimeoutMs: number;
}

export const DEFAULT_LIMITS: Readonly<ServerLimits> = Object.freeze({
  maxConnections: 256,
  idleTimeoutMs: 30_000,
  firstByteTimeoutMs: 10_000,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
});

export interface GuardOptions {
  limits?: Partial<ServerLimits>;
  /** Host header values accepted besides the loopback names with the listening port, e.g. a public URL's host. */
  extraHosts?: readonly string[];
  /** The JSON body of a 421; the default is the POS API's `{"error": {"code", "message"}}`. */
  errorBody?: (code: string, message: string) => unknown;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

export const MISDIRECTED = 'MISDIRECTED_REQUEST';
const MISDIRECTED_MESSAGE = 'This server answers only requests addressed to this machine (Host 127.0.0.1 or localhost).';

/** A request that declared a body which has not fully arrived yet. */
function bodyStillComing(req: IncomingMessage): boolean {
  if (req.complete) return false;
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? '0') > 0;
}

/**
 * Answering before the body has arrived means we will not read it: say `Connection: close` and
 * destroy the socket once the answer is flushed, instead of Node's default of reading the whole
 * refused body to keep the connection.
 */
class ClosingResponse extends ServerResponse {
  override writeHead(statusCode: number, statusMessage?: string, headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this;
  override writeHead(statusCode: number, headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this;
  override writeHead(...args: [number, ...unknown[]]): this {
    if (!this.headersSent && bodyStillComing(this.req)) {
      this.shouldKeepAlive = false;
      this.setHeader('connection', 'close');
      const socket = this.req.socket;
      this.once('finish', () => socket.destroy());
    }
    return (super.writeHead as (...a: unknown[]) => this).apply(this, args);
  }
}

/** How often Node looks for sockets over the header or request deadline (its default is 30 s, too coarse). */
const checkEvery = (limits: ServerLimits) => Math.max(10, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4)));

function allowedHosts(server: Server, options: GuardOptions): string[] {
  const address = server.address() as AddressInfo | null;
  return [...(address ? loopbackHosts(address.port) : []), ...(options.extraHosts ?? [])];
}

function misdirectedText(options: GuardOptions): string {
  return JSON.stringify((options.errorBody ?? ((code, message) => ({ error: { code, message } })))(MISDIRECTED, MISDIRECTED_MESSAGE));
}

/**
 * Node's header clock starts with a socket's first byte, and on Node 20 the idle timeout does not
 * reach a socket that never sends one: enough silent sockets would hold every slot for ever.
 */
function closeSilentSockets(server: Server, deadlineMs: number): void {
  server.on('connection', (socket: Duplex & { bytesRead: number }) => {
    const timer = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, deadlineMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}

/** An http.Server with the limits above; `handler` sees only requests whose Host names this machine. */
export function createGuardedServer(handler: Handler, options: GuardOptions = {}): Server {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const server: Server = createServer(
    {
      ServerResponse: ClosingResponse,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.idleTimeoutMs,
      connectionsCheckingInterval: checkEvery(limits),
    },
    (req, res) => {
      if (checkHost(req, allowedHosts(server, options))) return handler(req, res);
      const text = misdirectedText(options);
      res.writeHead(421, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), connection: 'close' });
      res.end(text);
    },
  );
  server.maxConnections = limits.maxConnections;
  server.timeout = limits.idleTimeoutMs;
  closeSilentSockets(server, limits.firstByteTimeoutMs);
  return server;
}

/** Wraps an 'upgrade' listener: a WebSocket handshake naming another host gets 421 and is closed. */
export function guardUpgrade(server: Server, handler: UpgradeHandler, options: GuardOptions = {}): UpgradeHandler {
  return (req, socket, head) => {
    if (checkHost(req, allowedHosts(server, options))) return handler(req, socket, head);
    const text = misdirectedText(options);
    socket.end(
      `HTTP/1.1 421 Misdirected Request\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
    );
    socket.once('finish', () => socket.destroy());
  };
}
