import type { RawData } from 'ws';
import type { Logger } from '../../../base/log.js';
import { parseJson, parseWith, WsFrame, type MethodCallResponse } from '../../../base/wire/index.js';
import type { CallRunner } from './call-runner.js';
import type { OutgoingCalls } from './ws-service-calls.js';

export interface FrameContext {
  log: Logger;
  runner: CallRunner;
  outgoing: OutgoingCalls;
  /** Sends on the connection the frame came from; false when that link is gone. */
  send(frame: object): boolean;
  authorized(): void;
  unauthorized(): void;
  /** The service sent us a call: it has accepted the connection even if it never sent auth-response. */
  called(): void;
}

/**
 * One text frame from the service. Nothing here throws: a bad frame is logged and, when a uuid
 * can be read, answered with INVALID_REQUEST, and the connection carries on.
 */
export function handleWsFrame(data: RawData, isBinary: boolean, ctx: FrameContext): void {
  if (isBinary) {
    ctx.runner.reject(null, 'binary frames are not part of the protocol');
    return;
  }
  const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
  const json = parseJson(text);
  if (!json.ok) {
    ctx.runner.reject(null, json.error);
    return;
  }
  const frame = parseWith(WsFrame, json.value);
  if (!frame.ok) {
    answer(ctx, ctx.runner.reject(json.value, frame.error));
    return;
  }
  const value = frame.value;
  switch (value.type) {
    case 'auth-response':
      if (value.authorized) ctx.authorized();
      else ctx.unauthorized();
      return;
    case 'method-call-request':
      ctx.called();
      void ctx.runner.run({ uuid: value.uuid, method: value.method, args: value.args }).then((reply) => answer(ctx, reply));
      return;
    case 'method-call-response':
      if (!ctx.outgoing.settle(value)) ctx.log.debug({ callId: value.uuid }, 'answer to no waiting call; ignored');
      return;
    case 'auth-request':
      ctx.runner.reject(null, 'auth-request is sent by the POS, not the service');
      return;
  }
}

function answer(ctx: FrameContext, reply: MethodCallResponse | null): void {
  if (reply === null) return;
  if (!ctx.send(Object.assign({ type: 'method-call-response' as const }, reply))) {
    // The connection died while the method ran; the service times the call out and decides (doc).
    ctx.log.warn({ callId: reply.uuid }, 'answer not sent: the link closed while the method ran');
  }
}
