import {
  GetResourcesRequest,
  MAX_MENU_ITEMS,
  OrderStatusQuery,
  OrderStatusUpdate,
  UpdateMenusRequest,
  UploadMenuItemsRequest,
  RESTART_RETRY_MS,
  parseWith,
} from '../../main/wire/index.js';
import { accepted, badRequest, errorReply, must, ok } from '../http/replies.js';
import { posRoute, type PosContext, type Reply, type RouteFactory } from '../http/route-types.js';

/** The `http-503` fault applies to the menu, order-status and receipt pushes too (the POS retries them with backoff). */
export function restarting(ctx: PosContext, what: string): Reply | null {
  if (!ctx.core.faults.take(ctx.restaurant.id, 'http-503', what, ctx.core.nowIso())) return null;
  return errorReply(503, 'SERVICE_RESTARTING', 'The service is restarting: retry in 2 minutes.', { 'retry-after': String(RESTART_RETRY_MS / 1000) });
}

/** who-am-i, menus, order status (paths carry the service name) and resources. */
export const posInfoRoutes: RouteFactory = (core) => [
  posRoute('GET', '/api/v2/pos/who-am-i', (ctx) => ok({ id: ctx.restaurant.id, name: ctx.restaurant.name })),

  posRoute('POST', '/api/v2/pos/update-menus', (ctx) => {
    const down = restarting(ctx, 'update-menus');
    if (down) return down;
    const req = must(parseWith(UpdateMenusRequest, ctx.body), ctx.lang, ctx.body === undefined);
    const count = req.menus.reduce((n, m) => n + m.items.length, 0);
    if (count > MAX_MENU_ITEMS) return badRequest(ctx.lang, `menus: at most ${MAX_MENU_ITEMS} items in all, got ${count}`);
    ctx.restaurant.menus = req.menus;
    return accepted();
  }),

  posRoute('POST', '/api/v2/pos/upload-menu-items', (ctx) => {
    const down = restarting(ctx, 'upload-menu-items');
    if (down) return down;
    const req = must(parseWith(UploadMenuItemsRequest, ctx.body), ctx.lang, ctx.body === undefined);
    if (req.items.length > MAX_MENU_ITEMS) return badRequest(ctx.lang, `items: at most ${MAX_MENU_ITEMS} items, got ${req.items.length}`);
    ctx.restaurant.menuItems = req.items;
    return accepted();
  }),

  posRoute('POST', `/api/v2/pos/update-${core.options.serviceName}-order-status`, (ctx) => {
    const down = restarting(ctx, 'update-order-status');
    if (down) return down;
    const req = must(parseWith(OrderStatusUpdate, ctx.body), ctx.lang, ctx.body === undefined);
    ctx.restaurant.orders.set(req.idOrder, { idOrder: req.idOrder, status: req.status });
    return accepted();
  }),

  posRoute('POST', `/api/v2/pos/get-${core.options.serviceName}-order-status`, (ctx) => {
    const req = must(parseWith(OrderStatusQuery, ctx.body), ctx.lang, ctx.body === undefined);
    const order = ctx.restaurant.orders.get(req.idOrder);
    return order ? ok(order) : errorReply(404, 'ORDER_NOT_FOUND', `idOrder: no order "${req.idOrder}" for this restaurant`);
  }),

  posRoute('POST', '/api/v2/pos/get-resources', (ctx) => {
    const req = must(parseWith(GetResourcesRequest, ctx.body ?? {}), ctx.lang);
    const all: Record<string, unknown> = {
      restaurantName: ctx.restaurant.name,
      serviceName: core.options.serviceName,
      currency: 'CZK',
      languages: ['en', 'cs'],
      qrBaseUrl: `${core.url}/t/`,
    };
    const names = req.names ?? Object.keys(all);
    return ok({ resources: Object.fromEntries(names.filter((n) => n in all).map((n) => [n, all[n]])) });
  }),
];
