import { WebSocket } from 'ws';
import { waitFor } from './wait-for.js';

/** A bridge client for tests: collects every frame and waits for the one asked for. */
export interface BridgeClient {
  readonly socket: WebSocket;
  readonly frames: Record<string, unknown>[];
  call(cmd: string, input?: unknown): Promise<Record<string, unknown>>;
  sendRaw(text: string): void;
  next(match: (frame: Record<string, unknown>) => boolean, what: string): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function connectBridge(url: string, headers: Record<string, string> = {}): Promise<BridgeClient> {
  const socket = new WebSocket(url, { headers });
  const frames: Record<string, unknown>[] = [];
  socket.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString('utf8')) as Record<string, unknown>));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let nextId = 1;
  const next = (match: (frame: Record<string, unknown>) => boolean, what: string) => waitFor(() => frames.find(match), what);
  return {
    socket,
    frames,
    call(cmd, input) {
      const id = nextId++;
      socket.send(JSON.stringify({ id, cmd, input }));
      return next((f) => f.id === id, `reply to ${cmd} #${id}`);
    },
    sendRaw: (text) => socket.send(text),
    next,
    close: () =>
      new Promise<void>((resolve) => {
        if (socket.readyState === socket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close();
      }),
  };
}

/** Resolves with the HTTP status a refused upgrade answered. */
export function upgradeStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('open', () => {
      socket.close();
      reject(new Error('the upgrade was accepted'));
    });
    socket.once('error', () => undefined);
  });
}
