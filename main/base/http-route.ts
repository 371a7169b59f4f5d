import { z } from 'zod';
import type { CommandApi } from '../../preload/commands.js';
import { isStoreError } from './store-error.js';
import { storeErrorMessage } from './store-error-english.js';
import { describeIssues } from './wire/index.js';

/**
 * A route of a local HTTP API written once: its contract (method, path, request and response
 * schemas in zod) and its handler. The server parses the request against the contract before the
 * handler runs, and the API's document is generated from the same contract, so the two cannot part.
 * Generic over the store the handlers read, so this layer knows no store.
 */

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field: string | null = null,
    readonly headers: Record<string, string> = {},
    /** A 409 over held bill lines: each line at fault (the Error body's `lines`). */
    readonly lines?: { id: string; name: string; change: string; held: string }[],
  ) {
    super(message);
  }
}

/** The documentation attached to a schema of a contract (descriptions, examples, names). */
export interface ApiMeta {
  /** A name: the schema becomes a component of the document, referenced where used. */
  id?: string;
  description?: string;
  examples?: unknown[];
  /** What the checks enforce, written for readers of the document (the zod checks stay the rule). */
  pattern?: string;
  format?: string;
  default?: unknown;
  [key: string]: unknown;
}

/** The registry the document generator reads: only what a contract documents, no global state. */
export const apiDocs = z.registry<ApiMeta>();

/** The same schema with its documentation (a copy: one schema may be documented differently where used). */
export function documented<S extends z.ZodType>(schema: S, meta: ApiMeta): S {
  const copy = schema.clone();
  // A copy keeps what the original documented, but not its name: the name belongs to the original.
  const { id: _name, ...inherited } = apiDocs.get(schema) ?? {};
  apiDocs.add(copy, { ...inherited, ...meta });
  return copy;
}

/** A schema named in the document (components/schemas/<id>). */
export const named = <S extends z.ZodType>(id: string, schema: S, description?: string): S =>
  documented(schema, description === undefined ? { id } : { id, description });

/** The day-report setting and the time, read per request. */
export interface ReportContext {
  dayEndsAt: string;
  defaultCurrency: string;
  now: number;
  /** Needs attention: the `unsyncedAfterSeconds` setting in ms (absent: its default). */
  unsyncedAfterMs?: number;
}

/** How the till is, for GET /v1/health: its connection to the service, its disk and its database's lock. */
export interface HealthFacts {
  connection: { status: string; problem: string | null; restaurantName: string | null };
  /** Null where the host measures no disk (a POS API started on its own). */
  disk: { lowSpace: boolean; freeBytes: number } | null;
  /** Null where the host does not watch the database's lock (a POS API started on its own). */
  database: { locked: boolean; since: string | null } | null;
}

/** The payment link commands as the POS API calls them: the cashier's, with the same rules and refusals. */
export type PaymentLinkPort = Pick<CommandApi, 'createPaymentLink' | 'listPaymentLinks' | 'getPaymentLink' | 'deletePaymentLink'>;

/** How far behind the main POS is in the event log: what it acknowledged (POST /v1/events/ack) against the log. */
export interface PosSyncFacts {
  /** The committed cursor; null while the POS never acknowledged (the unsynced check is off). */
  cursor: number | null;
  /** The log's last durable event. */
  lastSeq: number;
  /** lastSeq − cursor (all of the log while there is no cursor). */
  behind: number;
  /** When the cursor last moved forward. */
  lastAckAt: string | null;
  /** Age in whole seconds of the oldest paid payment past the cursor (paid since the first acknowledgement); null when none. */
  oldestUnsyncedSeconds: number | null;
}

export interface RouteContext<Store> {
  store: Store;
  health: () => HealthFacts;
  /** Path parameters, still URL-decoded text. */
  params: Record<string, string>;
  query: URLSearchParams;
  wantsStream: boolean;
  /** The Accept header ('' when none). */
  accept: string;
  reports: ReportContext;
  /** Null when the POS API runs without a service connection (the link routes answer 503). */
  paymentLinks: PaymentLinkPort | null;
  openStream: (after: number) => void;
}

/** A JSON answer; the route's contract lists its status and body schema. */
export type JsonReply = { status: number; body?: unknown; headers?: Record<string, string> };
/** A text answer (the CSV export), sent as is with its content-type header. */
export type TextReply = { status: number; text: string; headers: Record<string, string> };
/** What a handler answers; 'stream' means it took over the response (SSE). */
export type Reply = JsonReply | TextReply | 'stream';

export type Method = 'GET' | 'PUT' | 'DELETE' | 'PATCH' | 'POST';

/** One success answer: its body schema (none for 204), other media types by content negotiation, headers. */
export interface ResponseContract {
  description: string;
  body?: z.ZodType;
  /** Other media types of the same answer (text/csv, text/event-stream): an example, the body is text. */
  alternatives?: Record<string, { example?: string }>;
  headers?: Record<string, { description: string }>;
}

type Responses = Record<number, ResponseContract>;
type AnyObject = z.ZodObject;

export interface RouteContract<P extends AnyObject | undefined, Q extends AnyObject | undefined, B extends z.ZodType | undefined, R extends Responses> {
  method: Method;
  /** The OpenAPI path template, also what the router matches. */
  path: string;
  summary: string;
  description?: string;
  /** Answered without the bearer token. */
  public?: boolean;
  /** Path parameters: documented; they reach the handler as text (the store checks ids). */
  params?: P;
  /** Parsed from the query string before the handler runs; a refusal is 400 naming the field. */
  query?: Q;
  /** Parsed from the JSON body before the handler runs. */
  body?: B;
  /** The body may be empty (the handler gets undefined). */
  bodyOptional?: boolean;
  /** Request headers the route reads, with what they mean (documentation only). */
  requestHeaders?: Record<string, string>;
  /** The success answers, by status. */
  responses: R;
  /** Refusals particular to this route, by status, with what they mean (401, 405, 421, and 400/413 for a body, are every route's). */
  errors?: Record<number, string>;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The answers a handler may give: a listed status with a body of its schema, or text / a stream where declared. */
export type ReplyOf<R extends Responses> =
  | {
      [K in keyof R & number]: R[K]['body'] extends z.ZodType
        ? { status: K; body: z.output<R[K]['body']>; headers?: Record<string, string> }
        : { status: K; headers?: Record<string, string> };
    }[keyof R & number]
  | TextReply
  | 'stream';

export interface RouteInput<Q, B, Optional extends boolean | undefined> {
  /** Path parameters, URL-decoded text. */
  params: Record<string, string>;
  query: Out<Q>;
  body: Optional extends true ? Out<B> | undefined : Out<B>;
}

/** A route as the server holds it: the contract, and a handler that takes the parsed request. */
export interface Route<Store> {
  method: Method;
  path: string;
  public?: boolean;
  /** true: a JSON body is required; 'optional': an empty body is allowed (undefined). */
  body?: true | 'optional';
  contract: RouteContract<AnyObject | undefined, AnyObject | undefined, z.ZodType | undefined, Responses>;
  /** A promise when the answer waits for something off the event loop (a bill's WAL fsync). */
  handle(ctx: RouteContext<Store>, input: { params: Record<string, string>; query: unknown; body: unknown }): Reply | Promise<Reply>;
}

/**
 * A route from its contract, then its handler: `route(contract)((ctx, input) => reply)`. Two steps so
 * the contract's types are fixed before the handler is checked: it sees the parsed, typed request,
 * and may answer only a status the contract lists, with a body of that status's schema.
 */
export function defineRoute<Store>() {
  return <
      P extends AnyObject | undefined = undefined,
      Q extends AnyObject | undefined = undefined,
      B extends z.ZodType | undefined = undefined,
      R extends Responses = Responses,
      O extends boolean | undefined = undefined,
    >(
      contract: RouteContract<P, Q, B, R> & { bodyOptional?: O },
    ) =>
    (handle: (ctx: RouteContext<Store>, input: RouteInput<Q, B, O>) => ReplyOf<R> | Promise<ReplyOf<R>>): Route<Store> => ({
      method: contract.method,
      path: contract.path,
      ...(contract.public ? { public: true } : {}),
      ...(contract.body ? { body: contract.bodyOptional ? ('optional' as const) : (true as const) } : {}),
      contract: contract,
      handle: handle,
    });
}

/** Parses a request part, refusing it with 400 naming the first bad field (or `where`). */
export function parseRequest<S extends z.ZodType>(schema: S, input: unknown, where: 'body' | 'query'): z.output<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const path = r.error.issues[0]?.path ?? [];
  const field = path.reduce<string>((acc, k) => (typeof k === 'number' ? `${acc}[${k}]` : acc ? `${acc}.${String(k)}` : String(k)), '');
  throw new HttpError(400, 'BAD_REQUEST', describeIssues(r.error), field || where);
}

/** Store refusals map to their HTTP status with the store's message (it says what to do). */
export function guard<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (!isStoreError(e)) throw e;
    const code = e.status === 400 ? 'BAD_REQUEST' : e.status === 404 ? 'NOT_FOUND' : e.status === 409 ? 'CONFLICT' : 'INTERNAL_ERROR';
    throw new HttpError(e.status, code, storeErrorMessage(e), e.field, {}, e.lines);
  }
}
