import { z } from 'zod';
import { Currency, DecimalString, Id, RESTART_RETRY_MS, parseWith, type StaticPaymentLink } from '../../main/base/wire/index.js';
import type { SandboxCore } from '../core/core.js';
import { accepted, empty, errorReply, must, ok } from '../http/replies.js';
import { openRoute, posRoute, type PosContext, type Reply, type RouteFactory } from '../http/route-types.js';
import { newId, randomAlnum } from '../core/ids.js';
import type { Restaurant } from '../core/state.js';

const LinkCreate = z.object({
  amount: DecimalString.optional(),
  currency: Currency,
  description: z.string().optional().default(''),
});
const LinkDelete = z.object({ id: Id });
/** Apple-style payment session: the request is opaque to the sandbox apart from these fields. */
const AppleSessionRequest = z.object({ validationUrl: z.string().optional(), domainName: z.string().optional() });

/** The `http-503` fault applies to the payment link endpoints too: the till must word "restarting". */
function restarting(ctx: PosContext, what: string): Reply | null {
  if (!ctx.core.faults.take(ctx.restaurant.id, 'http-503', what, ctx.core.nowIso())) return null;
  return errorReply(503, 'SERVICE_RESTARTING', 'The service is restarting: retry in 2 minutes.', { 'retry-after': String(RESTART_RETRY_MS / 1000) });
}

/** The caller's own links only: another merchant's path is 403 (empty, as for payments). */
function guard(ctx: PosContext, what: string): Reply | null {
  if (ctx.params.idMerchant !== ctx.restaurant.id) return empty(403);
  return restarting(ctx, what);
}

/** Who holds a link: the page a guest opens has no credentials to say which restaurant. */
function findLink(core: SandboxCore, id: string): { restaurant: Restaurant; link: StaticPaymentLink } | null {
  for (const restaurant of core.state.restaurants.values()) {
    const link = restaurant.staticLinks.get(id);
    if (link) return { restaurant, link };
  }
  return null;
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The guest's page of a link (sandbox): what is asked and by whom; a real service would take the card here. */
function linkPage(restaurant: Restaurant, link: StaticPaymentLink): string {
  const amount = link.amount === undefined ? 'an amount of your choice' : `${escapeHtml(link.amount)} ${escapeHtml(link.currency)}`;
  const description = link.description ? `<p class="description">${escapeHtml(link.description)}</p>` : '';
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(restaurant.name)}: pay</title></head><body><h1>${escapeHtml(restaurant.name)}</h1>${description}<p class="amount">Pay ${amount}</p><p>(sandbox: no card is charged)</p></body></html>`;
}

/** Static payment links and payment sessions under /api/v2/eshop (shapes ours, docs/PROTOCOL.md §4). */
export const eshopLinkRoutes: RouteFactory = () => [
  posRoute('POST', '/api/v2/eshop/create-apple-pay-session', (ctx) => {
    const req = must(parseWith(AppleSessionRequest, ctx.body ?? {}), ctx.lang);
    return ok({
      session: { id: newId(), merchantIdentifier: ctx.restaurant.id, domainName: req.domainName ?? 'localhost', nonce: randomAlnum(16) },
    });
  }),
  posRoute('POST', '/api/v2/eshop/static-payment-link/:idMerchant/create', (ctx) => {
    const refused = guard(ctx, 'static-payment-link create');
    if (refused) return refused;
    const req = must(parseWith(LinkCreate, ctx.body), ctx.lang, ctx.body === undefined);
    const id = newId();
    const link: StaticPaymentLink = {
      id,
      idMerchant: ctx.restaurant.id,
      ...(req.amount === undefined ? {} : { amount: req.amount }),
      currency: req.currency,
      description: req.description,
      url: `${ctx.core.url}/link/${id}`,
      state: 'ACTIVE',
      payments: [],
    };
    ctx.restaurant.staticLinks.set(id, link);
    return ok(link);
  }),
  posRoute('POST', '/api/v2/eshop/static-payment-link/:idMerchant/delete', (ctx) => {
    const refused = guard(ctx, 'static-payment-link delete');
    if (refused) return refused;
    const req = must(parseWith(LinkDelete, ctx.body), ctx.lang, ctx.body === undefined);
    if (!ctx.restaurant.staticLinks.delete(req.id)) return empty(404);
    return accepted();
  }),
  posRoute('GET', '/api/v2/eshop/static-payment-link/:idMerchant/:id', (ctx) => {
    const refused = guard(ctx, 'static-payment-link get');
    if (refused) return refused;
    const link = ctx.restaurant.staticLinks.get(ctx.params.id!);
    return link ? ok(link) : empty(404);
  }),
  // Where a guest lands from the link or its QR code (no auth), so a printed link resolves; 404 once deleted.
  openRoute('GET', '/link/:id', (ctx) => {
    const found = findLink(ctx.core, ctx.params.id!);
    if (!found) return empty(404);
    return { status: 200, raw: { contentType: 'text/html; charset=utf-8', data: linkPage(found.restaurant, found.link) } };
  }),
];
