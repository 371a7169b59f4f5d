import {
  MAX_MENU_ITEMS,
  OrderStatusQuery,
  OrderStatusUpdate,
  RESTART_RETRY_MS,
  UpdateMenusRequest,
  UploadMenuItemsRequest,
  parseWith,
  type MenuItem,
} from '../../main/base/wire/index.js';
import { followStatus, guestOrder } from '../guest/order-flow.js';
import { accepted, badRequest, errorReply, must, ok } from '../http/replies.js';
import { openRoute, posRoute, type PosContext, type Reply, type RouteFactory } from '../http/route-types.js';
import { newServiceOrder, type ServiceOrder } from '../core/order-records.js';

/** The `http-503` fault applies to the menu, order-status and receipt pushes too (the POS retries them with backoff). */
export function restarting(ctx: PosContext, what: string): Reply | null {
  if (!ctx.core.faults.take(ctx.restaurant.id, 'http-503', what, ctx.core.nowIso())) return null;
  return errorReply(503, 'SERVICE_RESTARTING', 'The service is restarting: retry in 2 minutes.', { 'retry-after': String(RESTART_RETRY_MS / 1000) });
}

/** upload-menu-items changes single items: the last entry of each id wins over the pushed menus'. */
function mergeItems(known: MenuItem[], uploaded: MenuItem[]): MenuItem[] {
  const byId = new Map(known.map((i) => [i.id, i]));
  for (const i of uploaded) byId.set(i.id, i);
  return [...byId.values()];
}

function updateStatus(ctx: PosContext): Reply {
  const req = must(parseWith(OrderStatusUpdate, ctx.body), ctx.lang, ctx.body === undefined);
  const r = ctx.restaurant;
  const so = r.orders.get(req.idOrder) ?? newServiceOrder(req.idOrder, r.id);
  // An order the service cancelled itself (no decision in time, the POS failed) takes no more statuses.
  const closed = so.guest?.closed;
  if (closed && closed.cause !== 'REJECTED' && closed.cause !== 'COMPLETE') {
    return errorReply(409, 'ORDER_CLOSED', `idOrder: order "${req.idOrder}" was closed ${closed.state} by the service (${closed.cause})`);
  }
  r.orders.set(so.idOrder, so);
  so.status = req.status;
  so.received.push({ status: req.status, reason: req.reason ?? null, at: ctx.core.nowIso() });
  so.counts[req.status] = (so.counts[req.status] ?? 0) + 1;
  ctx.core.log(`order ${so.idOrder} status ${req.status} received (${so.counts[req.status]}x)`);
  followStatus(ctx.core, r, so).catch((e: unknown) => ctx.core.log(`order ${so.idOrder}: following ${req.status} failed: ${String(e)}`));
  return accepted();
}

function ordersOf(core: Parameters<RouteFactory>[0], restaurantId: string | null): ServiceOrder[] {
  const r = core.restaurant(restaurantId ?? undefined);
  return [...r.orders.values()];
}

/** Menu pushes, order status (paths carry the service name), the guest who orders and reading orders back. */
export const orderRoutes: RouteFactory = (core) => [
  posRoute('POST', '/api/v2/pos/update-menus', (ctx) => {
    const down = restarting(ctx, 'update-menus');
    if (down) return down;
    const req = must(parseWith(UpdateMenusRequest, ctx.body), ctx.lang, ctx.body === undefined);
    const count = req.menus.reduce((n, m) => n + m.items.length, 0);
    if (count > MAX_MENU_ITEMS) return badRequest(ctx.lang, `menus: at most ${MAX_MENU_ITEMS} items in all, got ${count}`);
    ctx.restaurant.menus = req.menus;
    // The whole menu now stands: earlier single-item uploads are part of it or gone.
    ctx.restaurant.menuItems = [];
    ctx.core.state.counters.menuPushes += 1;
    return accepted();
  }),

  posRoute('POST', '/api/v2/pos/upload-menu-items', (ctx) => {
    const down = restarting(ctx, 'upload-menu-items');
    if (down) return down;
    const req = must(parseWith(UploadMenuItemsRequest, ctx.body), ctx.lang, ctx.body === undefined);
    if (req.items.length > MAX_MENU_ITEMS) return badRequest(ctx.lang, `items: at most ${MAX_MENU_ITEMS} items, got ${req.items.length}`);
    ctx.restaurant.menuItems = mergeItems(ctx.restaurant.menuItems, req.items);
    ctx.core.state.counters.menuPushes += 1;
    return accepted();
  }),

  posRoute('POST', `/api/v2/pos/update-${core.options.serviceName}-order-status`, (ctx) => restarting(ctx, 'update-order-status') ?? updateStatus(ctx)),

  posRoute('POST', `/api/v2/pos/get-${core.options.serviceName}-order-status`, (ctx) => {
    const req = must(parseWith(OrderStatusQuery, ctx.body), ctx.lang, ctx.body === undefined);
    const so = ctx.restaurant.orders.get(req.idOrder);
    // An order placed by a guest but not yet decided has no status the wire can say: 404 as unknown.
    return so?.status
      ? ok({ idOrder: so.idOrder, status: so.status })
      : errorReply(404, 'ORDER_NOT_FOUND', `idOrder: no order "${req.idOrder}" for this restaurant`);
  }),

  openRoute('POST', '/sandbox/guest/order', async (ctx) => ok(await guestOrder(ctx.core, ctx.body))),
  openRoute('GET', '/sandbox/orders', (ctx) => ok(ordersOf(ctx.core, ctx.query.get('restaurantId')))),
  openRoute('GET', '/sandbox/orders/:id', (ctx) => {
    const so = ordersOf(ctx.core, ctx.query.get('restaurantId')).find((o) => o.idOrder === ctx.params.id);
    return so ? ok(so) : errorReply(404, 'ORDER_NOT_FOUND', `id: no order "${ctx.params.id}" in this restaurant`);
  }),
];
