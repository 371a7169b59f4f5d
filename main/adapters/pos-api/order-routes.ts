import type { z } from 'zod';
import type { OrderView } from '../../../preload/contract.js';
import { wireMenus } from '../../features/orders/order-methods.js';
import { menuEntries, orderView, orderViews } from '../../features/orders/views.js';
import { HttpError } from './http-io.js';
import { MenuInput, MenuItemPatchInput, OrderingInput, OrdersQuery, OrderStatusInput } from './order-schemas.js';
import type { Route, RouteContext } from './routes.js';

type Parse = <S extends z.ZodType>(schema: S, input: unknown, where: 'body' | 'query') => z.output<S>;
type Guard = <T>(fn: () => T) => T;

/** The menu as the POS API shows it: docs/PROTOCOL.md §5 Menu[], the version and whether the service holds it. */
function menuBody({ store }: RouteContext) {
  const { version, pushed } = store.menuVersions();
  return { menus: wireMenus(store.menus()), version, pushedVersion: pushed, ordersPaused: store.ordersPaused() };
}

function requireOrder(ctx: RouteContext, id: string): OrderView {
  const view = orderView(ctx.store, id);
  if (!view) throw new HttpError(404, 'NOT_FOUND', `Order ${id} does not exist.`);
  return view;
}

/** The menu and order endpoints (issue 14); `parse` and `guard` are routes.ts's. */
export function orderRoutes(parse: Parse, guard: Guard): Route[] {
  return [
    { method: 'GET', path: '/v1/menu', handle: (ctx) => ({ status: 200, body: menuBody(ctx) }) },
    {
      method: 'PUT',
      path: '/v1/menu',
      body: true,
      handle: (ctx) => {
        const input = parse(MenuInput, ctx.body, 'body');
        guard(() => ctx.store.replaceMenu(input.menus));
        return { status: 200, body: menuBody(ctx) };
      },
    },
    {
      method: 'PATCH',
      path: '/v1/menu/items/{id}',
      body: true,
      handle: (ctx) => {
        const patch = parse(MenuItemPatchInput, ctx.body, 'body');
        guard(() => ctx.store.patchMenuItem(ctx.params.id!, patch));
        const entry = menuEntries(ctx.store.menus()).find((e) => e.id === ctx.params.id);
        return { status: 200, body: entry };
      },
    },
    { method: 'GET', path: '/v1/ordering', handle: ({ store }) => ({ status: 200, body: { paused: store.ordersPaused() } }) },
    {
      method: 'PUT',
      path: '/v1/ordering',
      body: true,
      handle: (ctx) => {
        const input = parse(OrderingInput, ctx.body, 'body');
        ctx.store.setOrdersPaused(input.paused);
        return { status: 200, body: { paused: ctx.store.ordersPaused() } };
      },
    },
    {
      method: 'GET',
      path: '/v1/orders',
      handle: (ctx) => {
        const q = parse(OrdersQuery, Object.fromEntries(ctx.query), 'query');
        return { status: 200, body: orderViews(ctx.store, { status: q.status }) };
      },
    },
    { method: 'GET', path: '/v1/orders/{id}', handle: (ctx) => ({ status: 200, body: requireOrder(ctx, ctx.params.id!) }) },
    {
      method: 'POST',
      path: '/v1/orders/{id}/status',
      body: true,
      handle: (ctx) => {
        const input = parse(OrderStatusInput, ctx.body, 'body');
        requireOrder(ctx, ctx.params.id!);
        guard(() => ctx.store.setOrderStatus(ctx.params.id!, input.status, input.reason ?? null));
        return { status: 200, body: requireOrder(ctx, ctx.params.id!) };
      },
    },
  ];
}
