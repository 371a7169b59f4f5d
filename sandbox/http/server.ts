import { timingSafeEqual } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { parseJson } from '../../main/base/wire/index.js';
import type { SandboxCore } from '../core/core.js';
import { SandboxError, type SandboxErrorCode, type SandboxErrorParams } from '../core/errors.js';
import { identifyHeaders } from './auth.js';
import { langOf, message } from './messages.js';
import { readBody } from './read-body.js';
import { errorReply, ReplyError, badRequest } from './replies.js';
import type { Reply, Route, RouteContext } from './route-types.js';

/**
 * The one table from the core's refusals to HTTP. The core's checks do not depend on the request,
 * so their bodies are English whatever Accept-Language says.
 */
const ERROR_REPLIES: { [C in SandboxErrorCode]: (p: SandboxErrorParams[C]) => Reply } = {
  BAD_REQUEST: (p) => badRequest('en', p.detail),
  RESTAURANT_NOT_FOUND: (p) => errorReply(404, 'RESTAURANT_NOT_FOUND', `restaurantId: no restaurant "${p.restaurantId}" in this sandbox`),
  API_KEY_TAKEN: () => errorReply(409, 'API_KEY_TAKEN', 'apiKey: another restaurant of this sandbox already uses this key'),
  NO_POS_CONNECTION: () => errorReply(409, 'NO_POS_CONNECTION', message('noConnection', 'en')),
  // The body carries the POS's own code, so the caller sees why the POS failed.
  POS_CALL_FAILED: (p) => ({ status: 502, body: { code: p.error.code, message: `${p.method} failed: ${p.error.message}`, steps: p.steps } }),
  BILL_NOT_FOUND: (p) => ({
    status: 404,
    body: { code: 'BILL_NOT_FOUND', message: `idBill: bill "${p.idBill}" is not open on table "${p.idTable}"`, steps: p.steps },
  }),
  NO_OPEN_BILL: (p) => ({ status: 404, body: { code: 'NO_OPEN_BILL', message: `idTable: table "${p.idTable}" has no open bill`, steps: p.steps } }),
  NOTHING_TO_PAY: (p) => errorReply(409, 'NOTHING_TO_PAY', `idBill: bill ${p.idBill} has nothing left to pay`),
  NOT_ON_MENU: (p) => ({ status: 409, body: { code: 'NOT_ON_MENU', message: p.detail, items: p.items } }),
  LINK_NOT_PAYABLE: (p) => errorReply(409, 'LINK_NOT_PAYABLE', `linkId: the payment link is ${p.state}, not ACTIVE: it takes no payment`),
};

export function replyForError<C extends SandboxErrorCode>(e: SandboxError<C>): Reply {
  return (ERROR_REPLIES[e.code] as (p: SandboxErrorParams[C]) => Reply)(e.params);
}

/** Matches `/api/v2/pos/payment/:id` against a path; empty segments count (the `//poll` path). */
function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(':')) {
      if (!g) return null;
      try {
        params[w.slice(1)] = decodeURIComponent(g);
      } catch {
        return null;
      }
    } else if (w !== g) return null;
  }
  return params;
}

export function writeReply(res: ServerResponse, reply: Reply): void {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string> = { ...reply.headers };
  let data: string | Buffer = '';
  if (reply.raw) {
    headers['content-type'] = reply.raw.contentType;
    data = reply.raw.data;
  } else if (reply.body !== undefined) {
    headers['content-type'] = 'application/json; charset=utf-8';
    data = JSON.stringify(reply.body);
  }
  headers['content-length'] = String(Buffer.byteLength(data));
  res.writeHead(reply.status, headers);
  res.end(data);
}

/**
 * Whether a request comes from this computer: loopback (127.0.0.0/8, ::1, also IPv4-mapped) or one
 * of its own interface addresses (a request to the LAN address from the same machine arrives from it).
 */
export function fromThisComputer(address: string | undefined, interfaces: ReturnType<typeof networkInterfaces> = networkInterfaces()): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (plain.startsWith('127.') || plain === '::1') return true;
  return Object.values(interfaces).some((list) => (list ?? []).some((i) => i.address === plain));
}

function controlTokenOk(expected: string | null, given: string | string[] | undefined): boolean {
  if (expected === null) return true;
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The HTTP side of the sandbox: route table lookup, POS auth, body limit and JSON parsing, replies. */
export function createHttpServer(core: SandboxCore, routes: Route[]): Server {
  return createServer(createRequestHandler(core, routes));
}

/** The request handler of `createHttpServer`, for a server made elsewhere (the demo's LAN listener). */
export function createRequestHandler(core: SandboxCore, routes: Route[]): (req: IncomingMessage, res: ServerResponse) => void {
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const lang = langOf(req.headers['accept-language']);
    // The demo sandbox listens on the LAN so a phone can open the guest pages; its control routes
    // (guest payments, faults, the clock) stay with this computer, never another host on the network.
    if (url.pathname.startsWith('/sandbox/') && !fromThisComputer(req.socket.remoteAddress))
      return writeReply(res, errorReply(403, 'FORBIDDEN', message('localOnly', lang)));
    // Listening beyond loopback, the control routes also need the token the starter was given.
    if (url.pathname.startsWith('/sandbox/') && !controlTokenOk(core.options.controlToken, req.headers['x-sandbox-token']))
      return writeReply(res, errorReply(401, 'UNAUTHORIZED', message('controlToken', lang)));
    const candidates = routes.map((r) => ({ r, params: match(r.path, url.pathname) })).filter((c) => c.params);
    if (candidates.length === 0) return writeReply(res, errorReply(404, 'NOT_FOUND', message('notFound', lang)));
    const hit = candidates.find((c) => c.r.method === req.method);
    if (!hit) {
      const allow = [...new Set(candidates.map((c) => c.r.method))].join(', ');
      return writeReply(res, { ...errorReply(405, 'METHOD_NOT_ALLOWED', message('methodNotAllowed', lang)), headers: { allow } });
    }
    const identity = hit.r.auth === 'pos' ? identifyHeaders(core.state, req.headers) : null;
    if (hit.r.auth === 'pos' && !identity) return writeReply(res, errorReply(401, 'UNAUTHORIZED', message('unauthorized', lang)));

    const raw = await readBody(req);
    if (!raw.ok) {
      res.setHeader('connection', 'close'); // stop reading the rest of an oversized body
      return writeReply(res, errorReply(413, 'PAYLOAD_TOO_LARGE', message('tooLarge', lang)));
    }
    let body: unknown = undefined;
    if (raw.text.trim() !== '') {
      const parsed = parseJson(raw.text);
      if (!parsed.ok) return writeReply(res, badRequest(lang, `body: ${parsed.error}`));
      body = parsed.value;
    }
    const base: RouteContext = { core, req, res, params: hit.params!, query: url.searchParams, lang, body };
    const result = hit.r.auth === 'pos' ? await hit.r.handle({ ...base, restaurant: identity!.restaurant, posId: identity!.posId }) : await hit.r.handle(base);
    if (result !== 'handled') writeReply(res, result);
  }

  return (req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (e instanceof ReplyError) return writeReply(res, e.reply);
      if (e instanceof SandboxError) return writeReply(res, replyForError(e));
      core.log(`internal error on ${req.method} ${req.url}: ${(e as Error).stack ?? String(e)}`);
      writeReply(res, errorReply(500, 'INTERNAL_ERROR', 'The sandbox failed on this request; see its log.'));
    });
  };
}
