import { connect, type Socket } from 'node:net';

/**
 * Raw TCP clients for the attack tests: they write exactly what an attacker would (half a header,
 * a body that never ends, nothing at all) and wait for the server's 'close', never for a timer.
 */

export interface Exchange {
  /** Everything the server sent before the socket closed. */
  text: string;
  /** Milliseconds from the first write to the close. */
  ms: number;
}

function connected(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/** Writes `text` and collects the answer until the server closes the socket (a reset counts as a close). */
export async function exchange(port: number, text: string | Buffer): Promise<Exchange> {
  const socket = await connected(port);
  const started = Date.now();
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(text, () => undefined);
  await closed;
  return { text: Buffer.concat(chunks).toString('latin1'), ms: Date.now() - started };
}

export interface IdleSockets {
  sockets: Socket[];
  /** Resolves once `count` of the sockets have been closed by the server. */
  closedCount(count: number): Promise<void>;
  open(): Socket[];
  destroy(): Promise<void>;
}

/** Opens `n` sockets that never send a byte. */
export async function idleSockets(port: number, n: number): Promise<IdleSockets> {
  const sockets = await Promise.all(Array.from({ length: n }, () => connected(port)));
  const closed = new Set<Socket>();
  const waiters: { count: number; resolve: () => void }[] = [];
  for (const s of sockets) {
    s.on('error', () => undefined);
    s.once('close', () => {
      closed.add(s);
      for (const w of waiters.filter((x) => closed.size >= x.count)) w.resolve();
    });
  }
  return {
    sockets,
    closedCount: (count) => (closed.size >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve }))),
    open: () => sockets.filter((s) => !closed.has(s)),
    destroy: async () => {
      const open = sockets.filter((s) => !closed.has(s));
      await Promise.all(open.map((s) => new Promise<void>((resolve) => (s.once('close', () => resolve()), s.destroy()))));
    },
  };
}

/** One GET over an already open socket; resolves with the status line. */
export function getOver(socket: Socket, host: string, path = '/'): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (c: Buffer) => {
      text += c.toString('latin1');
      const eol = text.indexOf('\r\n');
      if (eol < 0) return;
      socket.off('data', onData);
      resolve(text.slice(0, eol));
    };
    socket.on('data', onData);
    socket.once('close', () => reject(new Error(`closed before an answer; got ${JSON.stringify(text)}`)));
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
  });
}

/** The value of a header in a raw answer, lower-cased name. */
export function headerOf(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n') >= 0 ? raw.indexOf('\r\n\r\n') : raw.length);
  for (const line of head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === name) return line.slice(colon + 1).trim();
  }
  return undefined;
}

/** The JSON body of a raw answer with Content-Length. */
export function bodyOf(raw: string): unknown {
  const at = raw.indexOf('\r\n\r\n');
  return JSON.parse(raw.slice(at + 4));
}
