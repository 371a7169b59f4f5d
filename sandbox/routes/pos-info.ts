import { GetResourcesRequest, parseWith } from '../../main/base/wire/index.js';
import { must, ok } from '../http/replies.js';
import { posRoute, type RouteFactory } from '../http/route-types.js';

/** who-am-i and resources (menus and order status: routes/orders.ts). */
export const posInfoRoutes: RouteFactory = (core) => [
  posRoute('GET', '/api/v2/pos/who-am-i', (ctx) => ok({ id: ctx.restaurant.id, name: ctx.restaurant.name })),

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
