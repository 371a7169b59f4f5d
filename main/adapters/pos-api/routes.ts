import type { z } from 'zod';
import type { BillView } from '../../../preload/contract.js';
import { isStoreError, type BillStore } from '../../store/index.js';
import { storeErrorMessage } from './store-error-english.js';
import { billView, billViews, paymentView, paymentViews, tableViews } from '../../features/bills/views.js';
import { describeIssues } from '../../base/wire/index.js';
import { HttpError } from './http-io.js';
import { openApiDocument } from './openapi.js';
import { dayReportReply, historyReply, type ReportContext } from './report-routes.js';
import { orderRoutes } from './order-routes.js';
import { attentionRoutes } from './attention-routes.js';
import { receiptRoutes } from './receipt-routes.js';
import { BillInput, BillsQuery, CloseBillInput, EventsQuery, PaymentsQuery, TableInput } from './schemas.js';

/** What a handler answers; 'stream' means it took over the response (SSE). */
export type Reply =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** A text answer (the CSV export), sent as is with its content-type header. */
  | { status: number; text: string; headers: Record<string, string> }
  | 'stream';

export interface RouteContext {
  store: BillStore;
  params: Record<string, string>;
  query: URLSearchParams;
  /** Parsed JSON body, for routes with `body: true`. */
  body: unknown;
  wantsStream: boolean;
  /** The Accept header ('' when none). */
  accept: string;
  /** The day-report setting and the time (issue 13). */
  reports: ReportContext;
  openStream: (after: number) => void;
}

export interface Route {
  method: 'GET' | 'PUT' | 'DELETE' | 'PATCH' | 'POST';
  /** The OpenAPI path template, also what the router matches. */
  path: string;
  /** true: a JSON body is required; 'optional': an empty body is allowed (undefined). */
  body?: boolean | 'optional';
  public?: boolean;
  /** A promise when the answer waits for something off the event loop (a bill's WAL fsync). */
  handle(ctx: RouteContext): Reply | Promise<Reply>;
}

function parse<S extends z.ZodType>(schema: S, input: unknown, where: 'body' | 'query'): z.output<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const path = r.error.issues[0]?.path ?? [];
  const field = path.reduce<string>((acc, k) => (typeof k === 'number' ? `${acc}[${k}]` : acc ? `${acc}.${String(k)}` : String(k)), '');
  throw new HttpError(400, 'BAD_REQUEST', describeIssues(r.error), field || where);
}

/** Store refusals map to their HTTP status, worded in English from their code and parameters. */
function guard<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (!isStoreError(e)) throw e;
    const code = e.status === 400 ? 'BAD_REQUEST' : e.status === 404 ? 'NOT_FOUND' : e.status === 409 ? 'CONFLICT' : 'INTERNAL_ERROR';
    throw new HttpError(e.status, code, storeErrorMessage(e), e.field);
  }
}

const notFound = (what: string, id: string) => new HttpError(404, 'NOT_FOUND', `${what} ${id} does not exist.`);

function billWithPayments(store: BillStore, id: string): BillView & { payments: unknown[] } {
  const view = billView(store, id);
  if (!view) throw notFound('Bill', id);
  return { ...view, payments: view.paymentIds.flatMap((p) => paymentView(store, p) ?? []) };
}

const query = (ctx: RouteContext) => Object.fromEntries(ctx.query);

export const ROUTES: Route[] = [
  { method: 'GET', path: '/v1/openapi.json', public: true, handle: () => ({ status: 200, body: openApiDocument }) },
  { method: 'GET', path: '/v1/tables', handle: ({ store }) => ({ status: 200, body: tableViews(store) }) },
  {
    method: 'PUT',
    path: '/v1/tables/{id}',
    body: true,
    handle: ({ store, params, body }) => {
      const input = parse(TableInput, body, 'body');
      const existed = store.getTable(params.id!) !== null;
      // position: absent leaves the floor-plan place as it is, null takes the table off the plan.
      const table = guard(() =>
        store.upsertTable({ id: params.id!, name: input.name, area: input.area ?? null, ...(input.position === undefined ? {} : { plan: input.position }) }),
      );
      return { status: existed ? 200 : 201, body: table };
    },
  },
  {
    method: 'DELETE',
    path: '/v1/tables/{id}',
    handle: ({ store, params }) => {
      guard(() => store.deleteTable(params.id!));
      return { status: 204 };
    },
  },
  {
    method: 'GET',
    path: '/v1/bills',
    handle: (ctx) => {
      const q = parse(BillsQuery, query(ctx), 'query');
      // One more than asked tells whether a next page exists, without counting them all.
      const page = billViews(ctx.store, { tableId: q.tableId, state: q.state, after: q.after, limit: q.limit + 1 });
      const more = page.length > q.limit;
      const bills = more ? page.slice(0, q.limit) : page;
      if (!more) return { status: 200, body: bills };
      const next = new URLSearchParams({ ...(q.tableId ? { tableId: q.tableId } : {}), ...(q.state ? { state: q.state } : {}), after: bills.at(-1)!.id, limit: String(q.limit) });
      return { status: 200, body: bills, headers: { link: `</v1/bills?${next.toString()}>; rel="next"` } };
    },
  },
  {
    method: 'PUT',
    path: '/v1/bills/{id}',
    body: true,
    handle: async ({ store, params, body }) => {
      const input = parse(BillInput, body, 'body');
      const existed = store.read.bills.get(params.id!) !== null; // its row, not its lines
      // The POS's most frequent write: its fsync runs on the threadpool, not on the event loop (a
      // guest's scan meanwhile is answered), and the POS is answered once it is done, as before.
      const { durable } = guard(() => store.putBillSynced({ ...input, id: params.id! }));
      await durable;
      return { status: existed ? 200 : 201, body: billWithPayments(store, params.id!) };
    },
  },
  { method: 'GET', path: '/v1/bills/{id}', handle: ({ store, params }) => ({ status: 200, body: billWithPayments(store, params.id!) }) },
  {
    method: 'DELETE',
    path: '/v1/bills/{id}',
    body: 'optional',
    handle: ({ store, params, body }) => {
      const input = body === undefined ? {} : parse(CloseBillInput, body, 'body');
      guard(() => store.closeBill(params.id!, input.settlement));
      return { status: 200, body: billWithPayments(store, params.id!) };
    },
  },
  {
    method: 'GET',
    path: '/v1/payments',
    handle: (ctx) => {
      // from/to or CSV: the history of a range (issue 13); otherwise the older `since` list.
      const history = historyReply(ctx, (schema) => parse(schema, query(ctx), 'query'));
      if (history) return history;
      const q = parse(PaymentsQuery, query(ctx), 'query');
      return { status: 200, body: paymentViews(ctx.store, { since: q.since }) };
    },
  },
  // Day report (issue 13).
  { method: 'GET', path: '/v1/reports/day', handle: (ctx) => dayReportReply(ctx, (schema) => parse(schema, query(ctx), 'query')) },
  {
    method: 'GET',
    path: '/v1/events',
    handle: (ctx) => {
      const q = parse(EventsQuery, query(ctx), 'query');
      if (ctx.wantsStream) {
        ctx.openStream(q.after);
        return 'stream';
      }
      return { status: 200, body: ctx.store.eventsAfter(q.after, q.limit) };
    },
  },
  // menu-orders (issue 14): the menu, the "pause orders" switch, guest orders.
  ...orderRoutes(parse, guard),
  // Needs attention (issue 13).
  ...attentionRoutes(parse),
  // receipts from the main POS (issue 13)
  ...receiptRoutes(parse),
];

const compiled = ROUTES.map((route) => ({
  route,
  names: [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
  regex: new RegExp(`^${route.path.replace(/\./g, '\\.').replace(/\{\w+\}/g, '([^/]+)')}$`),
}));

/** Finds the route for a path; `allowed` lists the methods of a path that matched with another method. */
export function matchRoute(method: string, pathname: string): { route: Route; params: Record<string, string> } | { allowed: string[] } | null {
  const allowed: string[] = [];
  for (const c of compiled) {
    const m = c.regex.exec(pathname);
    if (!m) continue;
    if (c.route.method !== method) {
      allowed.push(c.route.method);
      continue;
    }
    const params: Record<string, string> = {};
    c.names.forEach((name, i) => {
      try {
        params[name] = decodeURIComponent(m[i + 1]!);
      } catch {
        throw new HttpError(400, 'BAD_REQUEST', `${name}: not a valid URL-encoded value`, name);
      }
    });
    return { route: c.route, params };
  }
  return allowed.length > 0 ? { allowed } : null;
}
