import { z } from 'zod';
import { ConfigureRequest, GetPaymentRequest, parseWith, WebhookReply } from '../../main/base/wire/index.js';
import { accepted, badRequest, empty, errorReply, must, ok } from '../http/replies.js';
import { openRoute, posRoute, type RouteFactory } from '../http/route-types.js';
import { webhookHub } from '../webhook/webhook-hub.js';

const SendEvent = z.object({ event: z.string().min(1), args: z.array(z.unknown()).optional().default([]), restaurantId: z.string().min(1).optional() });

/**
 * API v4 (docs/PROTOCOL.md §3 "Webhooks"): the POS registers its webhook URL, reads who it is, sends
 * the outcome of a 202 delivery, and reads payments. Same auth and Error bodies as v2.
 */
export const v4WebhookRoutes: RouteFactory = (core) => [
  posRoute('POST', '/api/v4/pos/who-am-i', (ctx) => ok({ id: ctx.restaurant.id, name: ctx.restaurant.name })),

  posRoute('POST', '/api/v4/pos/configure', (ctx) => {
    const req = must(parseWith(ConfigureRequest, ctx.body), ctx.lang, ctx.body === undefined);
    if (!/^https?:$/.test(new URL(req.webhookUrl).protocol)) return badRequest(ctx.lang, 'webhookUrl: must be an http or https URL');
    webhookHub(core).configure(ctx.restaurant, ctx.posId, req.webhookUrl);
    return ok({ webhookUrl: req.webhookUrl });
  }),

  posRoute('POST', '/api/v4/pos/reply', (ctx) => {
    const req = must(parseWith(WebhookReply, ctx.body), ctx.lang, ctx.body === undefined);
    const hasResult = typeof ctx.body === 'object' && ctx.body !== null && 'result' in ctx.body;
    if (hasResult === (req.error !== undefined)) return badRequest(ctx.lang, 'result, error: exactly one of them is required');
    const channel = webhookHub(core).channel(ctx.restaurant.id);
    const outcome = req.error !== undefined ? { error: req.error } : { result: req.result ?? null };
    if (!channel?.settleReply(req.id, outcome)) {
      return errorReply(404, 'DELIVERY_NOT_FOUND', `id: no delivery "${req.id}" waits for a reply (unknown, already answered, or stale after the 15 s budget)`);
    }
    return accepted();
  }),

  posRoute('POST', '/api/v4/pos/get-payment', (ctx) => {
    const req = must(parseWith(GetPaymentRequest, ctx.body ?? {}), ctx.lang);
    const rec = ctx.core.state.payments.get(req.paymentId);
    if (!rec) return errorReply(404, 'PAYMENT_NOT_FOUND', `paymentId: no payment "${req.paymentId}"`);
    if (rec.restaurantId !== ctx.restaurant.id) return empty(403);
    return ok(rec.payment);
  }),

  // Control: send one event to the restaurant's webhook now (e.g. an `error` event) and see the outcome.
  openRoute('POST', '/sandbox/webhook/send', async (ctx) => {
    const req = must(parseWith(SendEvent, ctx.body), ctx.lang, ctx.body === undefined);
    const restaurant = ctx.core.restaurant(req.restaurantId);
    const channel = webhookHub(core).channel(restaurant.id);
    if (!channel) return errorReply(409, 'WEBHOOK_NOT_CONFIGURED', 'This restaurant has not configured a webhook URL (POST /api/v4/pos/configure).');
    return ok(await channel.deliver(req.event, req.args));
  }),
];
