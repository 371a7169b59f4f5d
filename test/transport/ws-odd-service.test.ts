import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { createWsTransport, type WsTransport } from '../../main/adapters/connection/transport/ws-transport.js';
import { FIXED_KEY, Fixture } from './helpers/fixture.js';
import { waitForState, waitUntil } from './helpers/wait.js';

/**
 * A WebSocket "service" on 127.0.0.1 that does what the sandbox never does: it accepts the link
 * and then says nothing, or closes it with 1001 before it was ever accepted.
 */
let server: WebSocketServer;
let fx: Fixture;
let transport: WsTransport | null = null;
const sockets: WebSocket[] = [];

async function start(onConnection: (ws: WebSocket, request: IncomingMessage) => void, options: { perMessageDeflate?: boolean } = {}): Promise<string> {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0, ...options });
  server.on('connection', (ws, request) => {
    sockets.push(ws);
    onConnection(ws, request);
  });
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await transport?.stop();
  transport = null;
  for (const ws of sockets.splice(0)) ws.terminate();
  await new Promise((resolve) => server.close(resolve));
});

describe('WebSocket transport against an odd service', () => {
  it('does not offer permessage-deflate, so a service that would compress every frame does not', async () => {
    let offered: string | undefined = 'not connected';
    let negotiated = 'not connected';
    const serviceUrl = await start(
      (ws, request) => {
        offered = request.headers['sec-websocket-extensions'];
        negotiated = ws.extensions;
        ws.send(JSON.stringify({ type: 'auth-response', authorized: true }));
      },
      { perMessageDeflate: true },
    );
    fx = new Fixture();
    const t = createWsTransport({ ...fx.timing, serviceUrl, apiKey: FIXED_KEY, posId: fx.posId, dispatcher: fx.dispatcher });
    transport = t;
    await t.start();
    await waitUntil(() => sockets.length === 1, 'the service to accept the link');
    expect(offered).toBeUndefined();
    expect(negotiated).toBe('');
  });

  it('a service that never sends auth-response but keeps the link open is taken as accepting after 5 s (not 4.999 s)', async () => {
    const serviceUrl = await start(() => undefined);
    fx = new Fixture();
    const t = createWsTransport({
      ...fx.timing,
      serviceUrl,
      apiKey: FIXED_KEY,
      posId: fx.posId,
      dispatcher: fx.dispatcher,
      pingIntervalMs: 3_600_000,
      pongTimeoutMs: 3_600_000,
    });
    transport = t;
    const connected = new Promise<void>((resolve) => t.onConnected(resolve));
    await t.start();
    // Open: the handshake time-out (10 s) gave way to the auth wait (5 s); the heartbeat waits an hour.
    await waitUntil(() => fx.clock.nextTimerAt() === fx.clock.now() + 5_000, 'the auth wait to start');
    await fx.clock.advanceAsync(4_999);
    expect(t.state().status).toBe('connecting');
    await fx.clock.advanceAsync(1);
    await connected;
    expect(t.state().status).toBe('connected');
  });

  it('a 1001 before the link was accepted backs off (not at 999 ms, at 1000 ms) instead of looping', async () => {
    const serviceUrl = await start((ws) => ws.close(1001, 'moving'));
    fx = new Fixture();
    const t = createWsTransport({ ...fx.timing, serviceUrl, apiKey: FIXED_KEY, posId: fx.posId, dispatcher: fx.dispatcher });
    transport = t;
    await t.start();
    const wait = await waitForState(t, 'reconnecting');
    expect(wait).toMatchObject({ attempt: 1, nextTryAt: fx.clock.now() + 1000 });
    expect(sockets).toHaveLength(1);
    await fx.clock.advanceAsync(999);
    expect(t.state().status).toBe('reconnecting');
    await fx.clock.advanceAsync(1);
    await waitUntil(() => sockets.length === 2, 'the second link');
    expect((await waitForState(t, (s) => s.status === 'reconnecting' && s.attempt === 2)).nextTryAt).toBe(fx.clock.now() + 2000);
  });
});
