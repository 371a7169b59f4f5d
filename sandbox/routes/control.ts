import { z } from 'zod';
import { ApiKey, parseWith } from '../../main/base/wire/index.js';
import { guestPay, guestScan } from '../guest/guest-flow.js';
import { guestReceipt } from '../guest/guest-receipt.js';
import { guestPayLink } from '../guest/link-pay.js';
import { badRequest, must, ok } from '../http/replies.js';
import { openRoute, type RouteFactory } from '../http/route-types.js';

const RestaurantCreate = z.object({ name: z.string().min(1, 'must not be empty').max(200), apiKey: ApiKey.optional() });
const ClockAdvance = z.object({
  advanceMs: z
    .number()
    .int('must be a whole number of ms')
    .min(0, 'must not be negative')
    .max(10 * 365 * 24 * 3600 * 1000),
});

/** The control API under /sandbox/: no POS auth (the server binds 127.0.0.1 unless told otherwise). */
export const controlRoutes: RouteFactory = () => [
  openRoute('POST', '/sandbox/restaurants', (ctx) => {
    const req = must(parseWith(RestaurantCreate, ctx.body), ctx.lang, ctx.body === undefined);
    return ok(ctx.core.createRestaurant(req.name, req.apiKey));
  }),
  openRoute('POST', '/sandbox/clock', (ctx) => {
    const req = must(parseWith(ClockAdvance, ctx.body), ctx.lang, ctx.body === undefined);
    ctx.core.clock.advance(req.advanceMs);
    return ok({ now: ctx.core.nowIso(), offsetMs: ctx.core.clock.offsetMs });
  }),
  openRoute('POST', '/sandbox/faults', (ctx) => {
    if (ctx.body === undefined) return badRequest(ctx.lang, 'body: a JSON object is required');
    return ok(ctx.core.injectFault(ctx.body));
  }),
  openRoute('GET', '/sandbox/state', (ctx) => ok(ctx.core.snapshot())),
  openRoute('POST', '/sandbox/guest/scan', async (ctx) => ok(await guestScan(ctx.core, ctx.body))),
  openRoute('POST', '/sandbox/guest/pay', async (ctx) => ok(await guestPay(ctx.core, ctx.body))),
  // The guest asks for a POSTPONED payment's receipt.
  openRoute('POST', '/sandbox/guest/receipt', async (ctx) => ok(await guestReceipt(ctx.core, ctx.body))),
  // A guest pays a static payment link (its GET then answers PAID with the payment).
  openRoute('POST', '/sandbox/guest/pay-link', (ctx) => ok(guestPayLink(ctx.core, ctx.body))),
];
