import { z } from 'zod';
import { MethodError, RESTART_RETRY_MS, parseWith, type MethodCallResponse, type Parsed } from '../../main/base/wire/index.js';
import { LongPollChannel } from '../channels/longpoll-channel.js';
import { empty, errorReply, must } from '../http/replies.js';
import { posRoute, type PosContext, type Route, type RouteFactory } from '../http/route-types.js';

const Uuid = z.object({ uuid: z.string().nullable() });
const WithError = z.object({ error: MethodError });

/** MethodCallResponse, with a message naming the field (a plain union would only say "Invalid input"). */
function parseAnswer(body: unknown): Parsed<MethodCallResponse> {
  const base = parseWith(Uuid, body);
  if (!base.ok) return base;
  const obj = body as Record<string, unknown>;
  if (obj.error !== undefined && obj.error !== null) {
    const err = parseWith(WithError, body);
    return err.ok ? { ok: true, value: { uuid: base.value.uuid, error: err.value.error } } : err;
  }
  if (!('result' in obj)) return { ok: false, error: 'result: required (or error) in a MethodCallResponse' };
  return { ok: true, value: { uuid: base.value.uuid, result: obj.result ?? null } };
}

/**
 * Long-poll (docs/PROTOCOL.md §3): an empty body asks for work; a MethodCallResponse body answers the
 * previous call and then waits the same way. The request is held until a call or the keep-alive.
 */
function poll(ctx: PosContext): 'handled' | ReturnType<typeof empty> {
  const { core, restaurant, posId } = ctx;
  core.state.counters.polls += 1;
  const restart = core.faults.take(restaurant.id, 'http-503', 'poll', core.nowIso());
  if (restart) {
    return errorReply(503, 'SERVICE_RESTARTING', 'The service is restarting: retry in 2 minutes.', { 'retry-after': String(RESTART_RETRY_MS / 1000) });
  }
  const answer = ctx.body === undefined ? null : must(parseAnswer(ctx.body), ctx.lang);

  const current = core.channels.get(restaurant.id);
  let channel: LongPollChannel;
  if (current instanceof LongPollChannel && current.posId.toLowerCase() === posId.toLowerCase()) {
    channel = current;
  } else {
    channel = new LongPollChannel(core, restaurant.id, posId);
    if (!core.channels.claim(channel)) return empty(409);
    core.log(`long-poll connected restaurant=${restaurant.id} posId=${posId}`);
  }
  if (answer?.uuid) {
    const outcome = 'error' in answer ? { error: answer.error } : { result: answer.result };
    if (!channel.settle(answer.uuid, outcome)) core.log(`poll answer for unknown call uuid=${answer.uuid} (late or stray)`);
  }
  channel.accept(ctx.res);
  return 'handled';
}

export const pollRoutes: RouteFactory = () =>
  (['POST', 'GET'] as const).flatMap((method): Route[] => [posRoute(method, '/api/v2/pos/poll', poll), posRoute(method, '/api/v2/pos//poll', poll)]);
