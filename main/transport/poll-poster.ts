import net from 'node:net';
import tls from 'node:tls';
import { PollResponseReader, type PollReply } from './poll-response-reader.js';

export type { PollReply } from './poll-response-reader.js';

export interface PollPoster {
  /**
   * POSTs one poll, `body` (JSON) or none. Its `reply` rejects on a network error, an answer that
   * is not HTTP/1.1, or its `abort()` (which destroys its socket, and does nothing once the poll
   * is over: never another poll's). One poll at a time.
   */
  post(body: string | null): PollRequest;
  /** Destroys the kept-alive socket (and any poll on it): a stopped link holds no connection. */
  closeIdle(): void;
}

export interface PollRequest {
  reply: Promise<PollReply>;
  abort(): void;
}

/** The poll in flight: its socket, its reader and its promise. */
interface Exchange {
  socket: net.Socket;
  reader: PollResponseReader;
  resolve: (reply: PollReply) => void;
  reject: (e: Error) => void;
}

/**
 * The long-poll's HTTP client: one kept-alive socket (TCP, or TLS for https) that carries every
 * poll, each written in one piece (request line, headers built once, body) and its answer read by
 * `PollResponseReader`. node:http's request and response objects, agent and streams cost more per
 * poll than the call it carries (the round trip of a scan), as did a new TCP connection per poll.
 * One socket is all a POS needs: polls are sent one after the other, and the service allows one
 * connection per POS anyway. A poll that is aborted (stop, reconnect, its time-out) or fails
 * destroys its socket, so a dead connection is never reused, and the service sees the connection
 * close and frees the POS's slot. No retry on a kept-alive socket the service closed just as a
 * poll went out on it: polls follow each other within milliseconds, far inside any keep-alive
 * time-out, and such a failure cannot be told from a dropped held poll, which must count as a drop.
 */
export function createPollPoster(url: string, headers: Record<string, string>): PollPoster {
  return new SocketPollPoster(new URL(url), headers);
}

class SocketPollPoster implements PollPoster {
  private socket: net.Socket | null = null;
  private exchange: Exchange | null = null;
  private readonly secure: boolean;
  private readonly host: string;
  private readonly port: number;
  /** Request line and fixed headers, up to the body's own headers. */
  private readonly head: string;
  /** A header value that cannot go on the wire (a line break in the key): every poll fails with it. */
  private readonly headError: Error | null;

  constructor(target: URL, headers: Record<string, string>) {
    this.secure = target.protocol === 'https:';
    this.host = target.hostname.replace(/^\[|\]$/g, '');
    this.port = Number(target.port || (this.secure ? 443 : 80));
    const fields = { Host: target.host, Connection: 'keep-alive', ...headers };
    const bad = Object.entries(fields).find(([name, value]) => !HEADER_NAME.test(name) || !HEADER_VALUE.test(value));
    this.headError = bad ? Object.assign(new Error(`header ${bad[0]} cannot be sent`), { code: 'ERR_INVALID_CHAR' }) : null;
    const lines = Object.entries(fields).map(([name, value]) => `${name}: ${value}\r\n`);
    this.head = `POST ${target.pathname}${target.search} HTTP/1.1\r\n${lines.join('')}`;
  }

  post(body: string | null): PollRequest {
    let exchange: Exchange | null = null;
    const reply = new Promise<PollReply>((resolve, reject) => {
      if (this.headError) return reject(this.headError);
      // The loop waits for each poll; a second one at once would be a bug, not a reason to queue.
      if (this.exchange) return reject(Object.assign(new Error('a poll is already in flight'), { code: 'ERR_POLL_BUSY' }));
      const socket = this.socket ?? this.connect();
      exchange = { socket, reader: new PollResponseReader(), resolve, reject };
      this.exchange = exchange;
      socket.write(this.request(body));
    });
    return {
      reply,
      abort: () => {
        if (exchange && this.exchange === exchange) this.fail(abortError());
      },
    };
  }

  closeIdle(): void {
    if (this.exchange) this.fail(connectionReset());
    this.socket?.destroy();
    this.socket = null;
  }

  private request(body: string | null): string {
    if (body === null) return `${this.head}Content-Length: 0\r\n\r\n`;
    return `${this.head}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  }

  /** A new connection; its listeners live as long as it does (none are added per poll). */
  private connect(): net.Socket {
    const socket = this.secure
      ? tls.connect({ host: this.host, port: this.port, ...(net.isIP(this.host) ? {} : { servername: this.host }), ALPNProtocols: ['http/1.1'] })
      : net.connect({ host: this.host, port: this.port });
    // A poll's answer is written the moment it is read: never held back to join a later segment.
    socket.setNoDelay(true);
    socket.on('data', (data: Buffer) => this.onData(socket, data));
    socket.on('end', () => this.onEnd(socket));
    socket.on('error', (e) => this.onGone(socket, e));
    socket.on('close', () => this.onGone(socket, connectionReset()));
    this.socket = socket;
    return socket;
  }

  private onData(socket: net.Socket, data: Buffer): void {
    const exchange = this.exchange;
    if (exchange?.socket !== socket) {
      socket.destroy(); // bytes nobody asked for: the connection is out of step, never reuse it
      return;
    }
    let read;
    try {
      read = exchange.reader.feed(data);
    } catch (e) {
      this.fail(e as Error);
      return;
    }
    if (!read) return;
    if (!read.keepAlive) this.drop(socket);
    this.settle(exchange).resolve(read.reply);
  }

  /** The service ended the connection: an answer that runs to the close is whole now. */
  private onEnd(socket: net.Socket): void {
    const exchange = this.exchange;
    this.drop(socket);
    if (exchange?.socket !== socket) return;
    try {
      const read = exchange.reader.end();
      this.settle(exchange).resolve(read.reply);
    } catch (e) {
      this.settle(exchange).reject(e as Error);
    }
  }

  private onGone(socket: net.Socket, e: Error): void {
    if (this.socket === socket) this.socket = null;
    if (this.exchange?.socket === socket) this.settle(this.exchange).reject(e);
  }

  /** Ends the poll in flight with `e` and destroys its socket. */
  private fail(e: Error): void {
    const exchange = this.exchange;
    if (!exchange) return;
    this.drop(exchange.socket);
    this.settle(exchange).reject(e);
  }

  private settle(exchange: Exchange): Exchange {
    if (this.exchange === exchange) this.exchange = null;
    return exchange;
  }

  private drop(socket: net.Socket): void {
    if (this.socket === socket) this.socket = null;
    socket.destroy();
  }
}

/** RFC 9110 token; a value of visible ASCII, spaces and tabs (no line breaks, nothing to re-encode). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_VALUE = /^[\t\x20-\x7e]*$/;

function abortError(): Error {
  return Object.assign(new Error('the poll was aborted'), { name: 'AbortError', code: 'ABORT_ERR' });
}

function connectionReset(): Error {
  return Object.assign(new Error('the connection closed during the answer'), { code: 'ECONNRESET' });
}
