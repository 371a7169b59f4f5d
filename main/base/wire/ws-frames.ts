import { z } from 'zod';
import { MethodError } from './calls.js';

/** WebSocket text frames (doc): one JSON object each, dispatched on `type`. */
export const AuthRequestFrame = z.object({
  type: z.literal('auth-request'),
  apiKey: z.array(z.string()).min(1),
  posId: z.string(),
});
export const AuthResponseFrame = z.object({ type: z.literal('auth-response'), authorized: z.boolean() });
export const MethodCallRequestFrame = z.object({
  type: z.literal('method-call-request'),
  uuid: z.string().nullable(),
  method: z.string().min(1),
  args: z.array(z.unknown()).optional().default([]),
});
export const MethodCallResponseFrame = z.object({
  type: z.literal('method-call-response'),
  uuid: z.string().nullable(),
  result: z.unknown().optional(),
  error: MethodError.optional(),
});

export const WsFrame = z.discriminatedUnion('type', [AuthRequestFrame, AuthResponseFrame, MethodCallRequestFrame, MethodCallResponseFrame]);
export type WsFrame = z.infer<typeof WsFrame>;
export type AuthRequestFrame = z.infer<typeof AuthRequestFrame>;
export type MethodCallRequestFrame = z.infer<typeof MethodCallRequestFrame>;
export type MethodCallResponseFrame = z.infer<typeof MethodCallResponseFrame>;

/** The largest WebSocket message either end accepts; a larger one closes the connection. */
export const MAX_FRAME_BYTES = 1024 * 1024;
/** The largest answer the POS sends on any transport: a frame's envelope fits in what is left. */
export const MAX_ANSWER_BYTES = MAX_FRAME_BYTES - 4096;

/** Close codes (doc). */
export const WS_CLOSE = {
  GOING_AWAY: 1001, // reconnect at once
  RESTART: 4503, // retry after 120 s
  UNAUTHORIZED: 4401, // stop, tell the user
  CONFLICT: 4409, // another connection for this restaurant: stop, tell the user
} as const;

export const WS_PING_INTERVAL_MS = 20_000;
export const WS_PONG_TIMEOUT_MS = 5_000;
export const WS_AUTH_TIMEOUT_MS = 5_000;
export const RESTART_RETRY_MS = 120_000;
export const BACKOFF_MIN_MS = 1_000;
export const BACKOFF_MAX_MS = 60_000;
