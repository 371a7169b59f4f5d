import { createServer, type Server } from 'node:http';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';

/**
 * The service's end of the WebSocket, reduced to what a latency figure needs: it accepts the
 * companion (auth-response), answers who-am-i over REST, and times each method call from the
 * moment it is sent to the moment its answer is parsed — the same work as the echo baseline.
 */
export async function startServiceSocket() {
  let pos: WebSocket | null = null;
  let connected: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (connected = resolve));
  const server: Server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(req.url?.includes('who-am-i') ? JSON.stringify({ id: 'r1', name: 'Bench Bistro' }) : '{}');
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws)));
  wss.on('connection', (ws) => {
    ws.once('message', () => {
      ws.send(JSON.stringify({ type: 'auth-response', authorized: true }));
      pos = ws;
      connected();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    ready,
    /** One call; resolves with its round trip in ms and the answer's text. */
    call(method: string, args: unknown[]): Promise<{ ms: number; text: string }> {
      const uuid = randomUUID();
      return new Promise((resolve) => {
        const onMessage = (data: RawData) => {
          const text = (data as Buffer).toString();
          const frame = JSON.parse(text) as { uuid?: string };
          if (frame.uuid !== uuid) return;
          pos!.off('message', onMessage);
          resolve({ ms: performance.now() - t0, text });
        };
        pos!.on('message', onMessage);
        const t0 = performance.now();
        pos!.send(JSON.stringify({ type: 'method-call-request', uuid, method, args }));
      });
    },
    async close() {
      for (const c of wss.clients) c.terminate();
      await new Promise((r) => server.close(r));
    },
  };
}
