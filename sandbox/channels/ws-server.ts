import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer } from 'ws';
import { AuthRequestFrame, MAX_FRAME_BYTES, PATHS, RESTART_RETRY_MS, WS_CLOSE, parseJson, parseWith, tickCork } from '../../main/base/wire/index.js';
import type { SandboxCore } from '../core/core.js';
import { hasAuthHeaders, identify, identifyHeaders, type PosIdentity } from '../http/auth.js';
import { WsChannel } from './ws-channel.js';

/**
 * The WebSocket entry point: handshake (with the `http-503` fault), authentication by handshake
 * headers or an `auth-request` frame, the one-connection rule (close 4409), then a WsChannel.
 */
export function createWsEndpoint(core: SandboxCore) {
  // autoPong off: WsChannel answers pings itself so the `no-pong` fault can stop it.
  const wss = new WebSocketServer({ noServer: true, autoPong: false, maxPayload: MAX_FRAME_BYTES });
  // A peer's oversized or broken frame is an 'error' on its socket: without a listener it would crash the process.
  wss.on('error', (err) => core.log(`ws server error: ${err.message}`));

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = new URL(req.url ?? '/', 'http://sandbox').pathname;
    if (path !== PATHS.ws) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const identity = identifyHeaders(core.state, req.headers);
    // Without header auth the restaurant is unknown yet: a restart fault of any restaurant applies.
    const restart = core.faults.take(identity?.restaurant.id ?? null, 'http-503', 'ws handshake', core.nowIso());
    if (restart) {
      const body = JSON.stringify({ code: 'SERVICE_RESTARTING', message: 'The service is restarting: retry in 2 minutes.' });
      socket.end(
        `HTTP/1.1 503 Service Unavailable\r\nRetry-After: ${RESTART_RETRY_MS / 1000}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
      return;
    }
    // The channel's frames of one tick leave in one write: corking this socket is safe because it
    // is the very object ws writes to and ws pairs every cork of its own (see main/base/wire/tick-cork.ts).
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, req, identity, tickCork(socket)));
  }

  function onConnection(ws: WebSocket, req: IncomingMessage, headerIdentity: PosIdentity | null, holdWrites: () => void): void {
    core.state.counters.wsConnections += 1;
    ws.on('error', (err) => core.log(`ws error from a POS: ${err.message}`));
    ws.on('ping', (data: Buffer) => {
      if (!channel && ws.readyState === WebSocket.OPEN) ws.pong(data); // before auth; the channel answers after
    });
    let channel: WsChannel | null = null;
    const established = (identity: PosIdentity, viaFrame: boolean): void => {
      clearTimeout(authTimer);
      const ch = new WsChannel(core, ws, identity.restaurant, identity.posId, holdWrites);
      if (!core.channels.claim(ch)) {
        if (viaFrame) ws.send(JSON.stringify({ type: 'auth-response', authorized: true }));
        ws.close(WS_CLOSE.CONFLICT, 'another connection is open for this restaurant');
        ch.close('refused: another connection is open');
        return;
      }
      channel = ch;
      if (viaFrame) ws.send(JSON.stringify({ type: 'auth-response', authorized: true }));
      core.log(`ws connected restaurant=${identity.restaurant.id} posId=${identity.posId}`);
      core.applyPendingFaults(identity.restaurant.id);
    };
    const reject = (why: string): void => {
      clearTimeout(authTimer);
      if (ws.readyState === WebSocket.OPEN) ws.close(WS_CLOSE.UNAUTHORIZED, why);
    };
    const authTimer = setTimeout(() => reject('no auth-request within the time limit'), core.options.wsAuthTimeoutMs);
    ws.on('close', () => clearTimeout(authTimer));

    ws.on('message', (data: WebSocket.RawData, isBinary: boolean) => {
      const text = isBinary ? '' : rawText(data);
      if (channel) {
        channel.onText(text);
        return;
      }
      const json = parseJson(text);
      const frame = json.ok ? parseWith(AuthRequestFrame, json.value) : json;
      if (!frame.ok) {
        core.state.counters.badFramesFromPos += 1;
        return; // only an auth-request is expected before authentication
      }
      let identity: PosIdentity | null = null;
      for (const key of frame.value.apiKey) identity ??= identify(core.state, key, frame.value.posId);
      if (!identity) {
        ws.send(JSON.stringify({ type: 'auth-response', authorized: false }));
        reject('invalid API key or Pos-Id');
        return;
      }
      established(identity, true);
    });

    if (headerIdentity) established(headerIdentity, false);
    else if (hasAuthHeaders(req.headers)) reject('invalid API key or Pos-Id');
  }

  return {
    handleUpgrade,
    close(): void {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}

function rawText(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
