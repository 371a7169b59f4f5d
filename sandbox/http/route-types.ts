import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxCore } from '../core/core.js';
import type { Restaurant } from '../core/state.js';
import type { Lang } from './messages.js';

/** What a handler answers; the server writes it. `'handled'` = the handler wrote the response itself (long-poll). */
export interface Reply {
  status: number;
  /** JSON body; absent = empty body (the interface document's "empty" statuses). */
  body?: unknown;
  headers?: Record<string, string>;
  raw?: { contentType: string; data: string | Buffer };
}
export type HandlerResult = Reply | 'handled';

export interface RouteContext {
  core: SandboxCore;
  req: IncomingMessage;
  res: ServerResponse;
  params: Record<string, string>;
  query: URLSearchParams;
  lang: Lang;
  /** Parsed JSON body; undefined when the request had no body. */
  body: unknown;
}

export interface PosContext extends RouteContext {
  restaurant: Restaurant;
  posId: string;
}

export type Method = 'GET' | 'POST' | 'DELETE' | 'PUT';

/** A route record. Adding an endpoint = a record in a routes/*.ts file listed in routes/index.ts. */
export type Route =
  | { method: Method; path: string; auth: 'pos'; handle(ctx: PosContext): HandlerResult | Promise<HandlerResult> }
  | { method: Method; path: string; auth: 'none'; handle(ctx: RouteContext): HandlerResult | Promise<HandlerResult> };

export type RouteFactory = (core: SandboxCore) => Route[];

export const posRoute = (method: Method, path: string, handle: (ctx: PosContext) => HandlerResult | Promise<HandlerResult>): Route => ({
  method,
  path,
  auth: 'pos',
  handle,
});

export const openRoute = (method: Method, path: string, handle: (ctx: RouteContext) => HandlerResult | Promise<HandlerResult>): Route => ({
  method,
  path,
  auth: 'none',
  handle,
});
