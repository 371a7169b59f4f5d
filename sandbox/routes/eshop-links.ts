import { z } from 'zod';
import { Currency, DecimalString, Id, parseWith, type StaticPaymentLink } from '../../main/wire/index.js';
import { accepted, empty, must, ok } from '../http/replies.js';
import { posRoute, type RouteFactory } from '../http/route-types.js';
import { newId, randomAlnum } from '../ids.js';

const LinkCreate = z.object({
  amount: DecimalString.optional(),
  currency: Currency,
  description: z.string().optional().default(''),
});
const LinkDelete = z.object({ id: Id });
/** Apple-style payment session: the request is opaque to the sandbox apart from these fields. */
const AppleSessionRequest = z.object({ validationUrl: z.string().optional(), domainName: z.string().optional() });

/** Static payment links and payment sessions under /api/v2/eshop (shapes ours, PROTOCOL.md §4). */
export const eshopLinkRoutes: RouteFactory = () => [
  posRoute('POST', '/api/v2/eshop/create-apple-pay-session', (ctx) => {
    const req = must(parseWith(AppleSessionRequest, ctx.body ?? {}), ctx.lang);
    return ok({
      session: { id: newId(), merchantIdentifier: ctx.restaurant.id, domainName: req.domainName ?? 'localhost', nonce: randomAlnum(16) },
    });
  }),
  posRoute('POST', '/api/v2/eshop/static-payment-link/:idMerchant/create', (ctx) => {
    if (ctx.params.idMerchant !== ctx.restaurant.id) return empty(403);
    const req = must(parseWith(LinkCreate, ctx.body), ctx.lang, ctx.body === undefined);
    const id = newId();
    const link: StaticPaymentLink = {
      id,
      idMerchant: ctx.restaurant.id,
      ...(req.amount === undefined ? {} : { amount: req.amount }),
      currency: req.currency,
      description: req.description,
      url: `${ctx.core.url}/link/${id}`,
    };
    ctx.restaurant.staticLinks.set(id, link);
    return ok(link);
  }),
  posRoute('POST', '/api/v2/eshop/static-payment-link/:idMerchant/delete', (ctx) => {
    if (ctx.params.idMerchant !== ctx.restaurant.id) return empty(403);
    const req = must(parseWith(LinkDelete, ctx.body), ctx.lang, ctx.body === undefined);
    if (!ctx.restaurant.staticLinks.delete(req.id)) return empty(404);
    return accepted();
  }),
  posRoute('GET', '/api/v2/eshop/static-payment-link/:idMerchant/:id', (ctx) => {
    if (ctx.params.idMerchant !== ctx.restaurant.id) return empty(403);
    const link = ctx.restaurant.staticLinks.get(ctx.params.id!);
    return link ? ok(link) : empty(404);
  }),
];
