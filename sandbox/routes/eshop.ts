import { z } from 'zod';
import { EshopOrderCreate, Id, parseWith, type EshopOrder } from '../../main/base/wire/index.js';
import { accepted, empty, errorReply, must, ok } from '../http/replies.js';
import { posRoute, type PosContext, type Reply, type RouteFactory } from '../http/route-types.js';
import { newId } from '../core/ids.js';

/** Request bodies built from the wire shapes (docs/PROTOCOL.md §4, ours). */
const OrderBatch = z.object({ orders: z.array(EshopOrderCreate).min(1, 'must hold at least one order') });
const OrderRef = z.object({ idOrder: Id });

function createOrder(ctx: PosContext, input: z.output<typeof EshopOrderCreate>): EshopOrder {
  const order: EshopOrder = {
    id: input.id ?? newId(),
    idMerchant: ctx.restaurant.id,
    amount: input.amount,
    currency: input.currency,
    description: input.description,
    state: 'CREATED',
  };
  ctx.restaurant.eshopOrders.set(order.id, order);
  return order;
}

/** idMerchant must be the caller's restaurant (403, empty, as for payments); unknown order 404. */
function ownOrder(ctx: PosContext, idMerchant: string, idOrder: string): EshopOrder | Reply {
  if (idMerchant !== ctx.restaurant.id) return empty(403);
  return ctx.restaurant.eshopOrders.get(idOrder) ?? empty(404);
}
const isReply = (x: EshopOrder | Reply): x is Reply => 'status' in x;

function orderById(ctx: PosContext, idOrder: string): EshopOrder | Reply {
  return ctx.restaurant.eshopOrders.get(idOrder) ?? errorReply(404, 'ORDER_NOT_FOUND', `idOrder: no e-shop order "${idOrder}"`);
}

function payLink(ctx: PosContext, idOrder: string): Reply {
  const order = orderById(ctx, idOrder);
  return isReply(order) ? order : ok({ paymentUrl: `${ctx.core.url}/pay/${encodeURIComponent(order.id)}` });
}

export const eshopOrderRoutes: RouteFactory = () => [
  posRoute('POST', '/api/v2/eshop/order', (ctx) => ok(createOrder(ctx, must(parseWith(EshopOrderCreate, ctx.body), ctx.lang, ctx.body === undefined)))),
  posRoute('POST', '/api/v2/eshop/order-batch', (ctx) => {
    const req = must(parseWith(OrderBatch, ctx.body), ctx.lang, ctx.body === undefined);
    return ok({ orders: req.orders.map((o) => createOrder(ctx, o)) });
  }),
  posRoute('POST', '/api/v2/eshop/order/pay-by-payment-gateway', (ctx) =>
    payLink(ctx, must(parseWith(OrderRef, ctx.body), ctx.lang, ctx.body === undefined).idOrder),
  ),
  posRoute('GET', '/api/v2/eshop/order/pay-by-payment-gateway', (ctx) =>
    payLink(ctx, must(parseWith(OrderRef, { idOrder: ctx.query.get('idOrder') ?? undefined }), ctx.lang).idOrder),
  ),
  // The sandbox "processes" an order by marking it paid, as if the guest completed the gateway.
  posRoute('POST', '/api/v2/eshop/order/process', (ctx) => {
    const order = orderById(ctx, must(parseWith(OrderRef, ctx.body), ctx.lang, ctx.body === undefined).idOrder);
    if (isReply(order)) return order;
    if (order.state === 'CREATED') order.state = 'PAID';
    return ok(order);
  }),
  posRoute('GET', '/api/v2/eshop/order/:idMerchant/:idOrder', (ctx) => {
    const order = ownOrder(ctx, ctx.params.idMerchant!, ctx.params.idOrder!);
    return isReply(order) ? order : ok(order);
  }),
  posRoute('DELETE', '/api/v2/eshop/order/:idMerchant/:idOrder', (ctx) => {
    const order = ownOrder(ctx, ctx.params.idMerchant!, ctx.params.idOrder!);
    if (isReply(order)) return order;
    if (order.state !== 'CREATED' && order.state !== 'CANCELLED') {
      return errorReply(409, 'ORDER_NOT_CANCELLABLE', `order ${order.id} is ${order.state}: refund it instead`);
    }
    order.state = 'CANCELLED';
    return ok(order);
  }),
  posRoute('GET', '/api/v2/eshop/order/:idMerchant/:idOrder/subscription-payments', (ctx) => {
    const order = ownOrder(ctx, ctx.params.idMerchant!, ctx.params.idOrder!);
    return isReply(order) ? order : ok({ idOrder: order.id, payments: order.state === 'CREATED' ? [] : [order] });
  }),
  posRoute('POST', '/api/v2/eshop/order/:idMerchant/:idOrder/refund-payments', (ctx) => {
    const order = ownOrder(ctx, ctx.params.idMerchant!, ctx.params.idOrder!);
    if (isReply(order)) return order;
    if (order.state !== 'PAID' && order.state !== 'REFUNDED') {
      return errorReply(409, 'ORDER_NOT_PAID', `order ${order.id} is ${order.state}: only paid orders can be refunded`);
    }
    order.state = 'REFUNDED';
    return ok(order);
  }),
  posRoute('POST', '/api/v2/eshop/order/:idMerchant/:idOrder/terminate-subscription', (ctx) => {
    const order = ownOrder(ctx, ctx.params.idMerchant!, ctx.params.idOrder!);
    return isReply(order) ? order : accepted();
  }),
];
