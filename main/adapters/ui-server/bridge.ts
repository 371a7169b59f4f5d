import type { Duplex } from 'node:stream';
import type { RawData, WebSocket } from 'ws';
import type { BridgeServerFrame, CompanionApi } from '../../../preload/contract.js';
import { isCommandName } from '../../../preload/names.js';
import type { Logger } from '../../base/log.js';
import { runCommand } from '../ui-bridge/command-schemas.js';
import { forwardToShownPages } from '../ui-bridge/shown-pages.js';
import { parseJson, tickCork } from '../../base/wire/index.js';

/**
 * The browser-mode bridge: CompanionApi over one WebSocket per page, in the frames of
 * preload/bridge-frames.ts. It is the same contract the preload exposes in Electron. A frame it
 * cannot use is answered with an error and logged (never dropped silently).
 */

/** A request as read off the wire: `cmd` is still any string until it is checked. */
export type BridgeRequest = { id: number; cmd: string; input?: unknown };
export type BridgeReply = BridgeServerFrame;

export { BRIDGE_PATH } from '../../../preload/names.js';

const MOD = 'ui-bridge';

/** Why a frame could not be read; logged instead of the frame itself (it may hold a key). */
export type FrameFault = 'bad-json' | 'not-an-object' | 'bad-id' | 'bad-cmd';

export type ParsedRequest = { ok: true; request: BridgeRequest } | { ok: false; id: number | null; fault: FrameFault; message: string };

/** Parses one frame's text into a request, or names what is wrong with it. */
export function parseBridgeRequest(text: string): ParsedRequest {
  const json = parseJson(text);
  if (!json.ok) return { ok: false, id: null, fault: 'bad-json', message: `The frame is ${json.error}.` };
  const value = json.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, id: null, fault: 'not-an-object', message: 'The frame must be a JSON object.' };
  const record = value as Record<string, unknown>;
  const id = record.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return { ok: false, id: null, fault: 'bad-id', message: 'id: must be a whole number.' };
  if (typeof record.cmd !== 'string') return { ok: false, id, fault: 'bad-cmd', message: 'cmd: must be a command name.' };
  return { ok: true, request: { id, cmd: record.cmd, input: record.input } };
}

/** Answers one request: the snapshot, or a command's CommandResult. Never throws. (setShown is the socket's own: attachBridge.) */
export async function answerBridgeRequest(api: CompanionApi, request: BridgeRequest, log: Logger): Promise<BridgeReply> {
  const { id, cmd } = request;
  if (cmd === 'getSnapshot') {
    try {
      return { id, result: await api.getSnapshot() };
    } catch (e) {
      log.error({ mod: MOD, err: (e as Error).message }, 'getSnapshot failed');
      return { id, error: { code: 'INTERNAL', message: 'The app could not read its state. Reload the page; if it keeps failing, restart Tableside.' } };
    }
  }
  if (!isCommandName(cmd)) {
    log.warn({ mod: MOD, id, cmd: cmd.slice(0, 60) }, 'bridge frame with an unknown command dropped');
    return { id, error: { code: 'UNKNOWN_COMMAND', message: `cmd: "${cmd.slice(0, 60)}" is not a command of this app.` } };
  }
  return { id, result: await runCommand(api, cmd, request.input, log) };
}

/**
 * Wires one accepted socket to the core; returns a function that detaches it. `raw` is the upgraded
 * TCP socket under it: the frames sent in one tick (the views of one commit: its bills, tables and
 * payments) leave in one write, not one each (main/base/wire/tick-cork.ts).
 */
export function attachBridge(socket: WebSocket, raw: Duplex, api: CompanionApi, log: Logger): () => void {
  const cork = tickCork(raw);
  const send = (reply: BridgeReply): void => {
    if (socket.readyState !== socket.OPEN) return;
    cork();
    socket.send(JSON.stringify(reply));
  };
  // One page per socket: hidden (the tab in the background), it is sent no views (shown-pages.ts).
  const page = forwardToShownPages({ api, pages: () => [socket], send: (_, event) => send({ event }) });
  socket.on('message', (data, isBinary) => {
    if (isBinary) {
      log.warn({ mod: MOD }, 'binary bridge frame dropped');
      send({ id: null, error: { code: 'BAD_REQUEST', message: 'Send text frames holding JSON.' } });
      return;
    }
    const text = rawToText(data);
    const parsed = parseBridgeRequest(text);
    if (!parsed.ok) {
      log.warn({ mod: MOD, id: parsed.id, fault: parsed.fault, chars: text.length }, 'unreadable bridge frame dropped');
      send({ id: parsed.id, error: { code: 'BAD_REQUEST', message: parsed.message } });
      return;
    }
    const { request } = parsed;
    if (request.cmd === 'setShown') {
      if (typeof request.input !== 'boolean')
        return send({ id: request.id, error: { code: 'BAD_REQUEST', message: 'input: must be true (the page is shown) or false (hidden).' } });
      page.setShown(socket, request.input);
      return send({ id: request.id, result: null });
    }
    void answerBridgeRequest(api, request, log).then(send);
  });
  let detached = false;
  const detach = (): void => {
    if (detached) return;
    detached = true;
    page.stop();
  };
  socket.on('close', detach);
  socket.on('error', (err) => log.warn({ mod: MOD, err: err.message }, 'bridge socket error'));
  return detach;
}

function rawToText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
