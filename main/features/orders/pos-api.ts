import { z } from 'zod';
import type { PosApiStore } from '../bills/pos-api-contract.js';
import type { MenuEntry, OrderView } from '../../../preload/contract.js';
import { MAX_MENU_ITEMS, ORDER_STATES, STAFF_STATES } from '../../store/index.js';
import { defineRoute, documented, guard, HttpError, named, type Route, type RouteContext } from '../../base/http-route.js';
import { Id } from '../../base/wire/index.js';
import { DateTime, IdParams, Money, Price } from '../bills/pos-api-contract.js';
import { wireMenus } from './order-methods.js';
import { menuEntries, orderView, orderViews } from './views.js';

/** The menu, the "pause orders" switch and guest orders on the local POS API. Unknown fields are dropped. */

const Tags = z.array(z.string().max(100)).max(50);

export const MenuItemInput = named(
  'MenuItem',
  z.object({
    id: Id,
    name: z.string().min(1, 'must not be empty').max(500),
    price: documented(Price, { description: 'Unit price incl. tax: at most 2 decimal places' }),
    tags: Tags.optional(),
    available: documented(z.boolean(), { default: true }).optional(),
    category: z.string().max(200).nullable().optional(),
    description: z.string().max(2000).nullable().optional(),
  }),
);

export const MenuInput = named(
  'MenuInput',
  z.object({
    menus: documented(
      z
        .array(named('Menu', z.object({ id: Id, name: z.string().min(1, 'must not be empty').max(200), items: z.array(MenuItemInput) })))
        .max(500)
        .superRefine((menus, ctx) => {
          const count = menus.reduce((n, m) => n + m.items.length, 0);
          if (count > MAX_MENU_ITEMS) {
            ctx.addIssue({
              code: 'custom',
              message: `${count} items in all; the service takes at most ${MAX_MENU_ITEMS}: remove or merge items and send again`,
            });
          }
        }),
      { description: `At most ${MAX_MENU_ITEMS.toLocaleString('en')} items in all` },
    ),
  }),
);

export const MenuItemPatchInput = named(
  'MenuItemPatch',
  z
    .object({
      name: z.string().min(1, 'must not be empty').max(500).optional(),
      price: Price.optional(),
      tags: Tags.optional(),
      available: z.boolean().optional(),
      category: z.string().max(200).nullable().optional(),
      description: z.string().max(2000).nullable().optional(),
    })
    .refine((p) => Object.keys(p).length > 0, 'name at least one field to change: name, price, tags, available, category, description'),
);

export const OrdersQuery = z.object({ status: z.enum(ORDER_STATES).optional() });

export const OrderStatusInput = named(
  'OrderStatusInput',
  z
    .object({
      status: z.enum(STAFF_STATES),
      reason: documented(z.string().trim().max(500), { description: 'Required with REJECTED; the guest sees it' }).optional(),
    })
    .refine((b) => b.status !== 'REJECTED' || (b.reason ?? '') !== '', { message: 'a rejected order needs a reason the guest will see', path: ['reason'] }),
);

export const OrderingInput = named('Ordering', z.object({ paused: z.boolean() }));

// --- answers ----------------------------------------------------------------------------------

const MenuItemResponse = z.object({
  id: z.string(),
  name: z.string(),
  price: z.string(),
  tags: z.array(z.string()),
  available: z.boolean(),
  category: z.string().optional(),
  description: z.string().optional(),
});

export const MenuStateResponse = named(
  'MenuState',
  z.object({
    menus: z.array(z.object({ id: z.string(), name: z.string(), items: z.array(MenuItemResponse) })),
    version: documented(z.number().int(), { description: 'Bumped on every change' }),
    pushedVersion: documented(z.number().int(), { description: 'The version the service holds' }),
    ordersPaused: z.boolean(),
  }),
);
export type MenuStateResponse = z.infer<typeof MenuStateResponse>;

export const MenuEntryResponse = named(
  'MenuEntry',
  z.object({
    id: z.string(),
    name: z.string(),
    price: Money,
    category: z.string(),
    available: z.boolean().optional(),
    menuId: z.string().optional(),
    description: z.string().nullable().optional(),
    tags: z.array(z.string()).optional(),
  }),
);
export type MenuEntryResponse = z.infer<typeof MenuEntryResponse>;

const OrderingResponse = named('OrderingState', z.object({ paused: z.boolean() }));

export const OrderResponse = named(
  'OrderView',
  z.object({
    id: documented(z.string(), { description: "The service's Order.id" }),
    deliveryType: z.enum(['toBill', 'toTable', 'byCustomer']),
    tableId: z.string().nullable(),
    tableName: z.string().nullable(),
    billId: documented(z.string().nullable(), { description: 'toBill / toTable: the bill its lines went on' }),
    pickupAt: DateTime.nullable(),
    items: z.array(z.object({ id: z.string(), name: z.string(), price: Money, quantity: z.string(), lineTotal: Money, note: z.string().nullable() })),
    note: z.string().nullable(),
    customerName: z.string().nullable(),
    currency: z.string(),
    total: Money,
    status: z.enum(ORDER_STATES),
    rejectReason: z.string().nullable(),
    closedState: documented(z.string().nullable(), { description: "The service's orderClose word: COMPLETED or CANCELLED" }),
    paid: z.boolean(),
    created: DateTime,
    updated: DateTime,
    overdueAt: documented(DateTime.nullable(), { description: 'A NEW order is overdue from here (8 min); the service cancels at 10 min' }),
    unsentStatuses: z.number().int(),
  }),
);
export type OrderResponse = z.infer<typeof OrderResponse>;

/** The menu as the POS API shows it: docs/PROTOCOL.md §5 Menu[], the version and whether the service holds it. */
function menuBody({ store }: RouteContext<PosApiStore>): MenuStateResponse {
  const { version, pushed } = store.menuVersions();
  const menus = wireMenus(store.menus()).map((m) => ({
    id: m.id,
    name: m.name,
    items: m.items.map((i) => ({
      id: i.id,
      name: i.name,
      price: i.price,
      tags: i.tags,
      available: i.available,
      category: i.category ?? undefined,
      description: i.description ?? undefined,
    })),
  }));
  return { menus, version, pushedVersion: pushed, ordersPaused: store.ordersPaused() };
}

const toMenuEntryResponse = (e: MenuEntry): MenuEntryResponse => ({
  id: e.id,
  name: e.name,
  price: e.price,
  category: e.category,
  available: e.available,
  menuId: e.menuId,
  description: e.description,
  tags: e.tags,
});

export const toOrderResponse = (o: OrderView): OrderResponse => ({
  id: o.id,
  deliveryType: o.deliveryType,
  tableId: o.tableId,
  tableName: o.tableName,
  billId: o.billId,
  pickupAt: o.pickupAt,
  items: o.items.map((l) => ({ id: l.id, name: l.name, price: l.price, quantity: l.quantity, lineTotal: l.lineTotal, note: l.note })),
  note: o.note,
  customerName: o.customerName,
  currency: o.currency,
  total: o.total,
  status: o.status,
  rejectReason: o.rejectReason,
  closedState: o.closedState,
  paid: o.paid,
  created: o.created,
  updated: o.updated,
  overdueAt: o.overdueAt,
  unsentStatuses: o.unsentStatuses,
});

function requireOrder(ctx: RouteContext<PosApiStore>, id: string): OrderResponse {
  const view = orderView(ctx.store, id);
  if (!view) throw new HttpError(404, 'NOT_FOUND', `Order ${id} does not exist.`);
  return toOrderResponse(view);
}

const route = defineRoute<PosApiStore>();

export const orderRoutes: Route<PosApiStore>[] = [
  route({
    method: 'GET',
    path: '/v1/menu',
    summary: 'The menu as the service is given it',
    responses: { 200: { description: 'The menu', body: MenuStateResponse } },
  })((ctx) => ({ status: 200, body: menuBody(ctx) })),
  route({
    method: 'PUT',
    path: '/v1/menu',
    summary: 'Replace the whole menu',
    description:
      'Menus are categories with their items, at most 5,000 items in all (the service refuses more: such a menu gets 400 and nothing is stored or sent). ' +
      'Every change is pushed to the service: changes within 2 s go out as one push, retried with backoff while the service is unreachable; ' +
      '`pushedVersion` reaches `version` once the service holds it. Sending the same menu again changes nothing.',
    body: MenuInput,
    responses: { 200: { description: 'Stored', body: MenuStateResponse } },
  })((ctx, { body: input }) => {
    guard(() => ctx.store.replaceMenu(input.menus));
    return { status: 200, body: menuBody(ctx) };
  }),
  route({
    method: 'PATCH',
    path: '/v1/menu/items/{id}',
    summary: 'Change one item, e.g. {"available": false} when the kitchen runs out',
    params: IdParams,
    body: MenuItemPatchInput,
    responses: { 200: { description: 'The item', body: MenuEntryResponse } },
    errors: { 404: 'No such item' },
  })((ctx, { params, body: patch }) => {
    guard(() => ctx.store.patchMenuItem(params.id!, patch));
    const entry = menuEntries(ctx.store.menus()).find((e) => e.id === params.id);
    // The store refused an unknown item above; an item gone by now is a fault (500), as it always was.
    if (!entry) throw new Error(`Menu item ${params.id!} vanished after its patch.`);
    return { status: 200, body: toMenuEntryResponse(entry) };
  }),
  route({
    method: 'GET',
    path: '/v1/ordering',
    summary: 'Whether guest orders are paused',
    responses: { 200: { description: 'The switch', body: OrderingResponse } },
  })(({ store }) => ({ status: 200, body: { paused: store.ordersPaused() } })),
  route({
    method: 'PUT',
    path: '/v1/ordering',
    summary: 'Pause or resume guest orders (kitchen closed, too busy): while paused, orderPrepare answers ORDERS_PAUSED',
    body: OrderingInput,
    responses: { 200: { description: 'The switch', body: OrderingResponse } },
  })((ctx, { body: input }) => {
    ctx.store.setOrdersPaused(input.paused);
    return { status: 200, body: { paused: ctx.store.ordersPaused() } };
  }),
  route({
    method: 'GET',
    path: '/v1/orders',
    summary: 'Guest orders, oldest first',
    query: OrdersQuery,
    responses: { 200: { description: 'Orders', body: z.array(OrderResponse) } },
    errors: { 400: 'Bad `status`' },
  })((ctx, { query: q }) => ({ status: 200, body: orderViews(ctx.store, { status: q.status }).map(toOrderResponse) })),
  route({
    method: 'GET',
    path: '/v1/orders/{id}',
    summary: 'One order',
    params: IdParams,
    responses: { 200: { description: 'The order', body: OrderResponse } },
    errors: { 404: 'No such order' },
  })((ctx, { params }) => ({ status: 200, body: requireOrder(ctx, params.id!) })),
  route({
    method: 'POST',
    path: '/v1/orders/{id}/status',
    summary: 'A staff decision: ACCEPTED, PREPARING, READY, COMPLETE, or REJECTED with a reason the guest sees',
    description:
      'NEW → ACCEPTED | REJECTED; ACCEPTED → PREPARING | READY | COMPLETE; PREPARING → READY | COMPLETE; READY → COMPLETE. The same status again changes nothing. ' +
      'Each decision is sent to the service (update-<svc>-order-status), retried until it accepts; `unsentStatuses` counts those still on their way.',
    params: IdParams,
    body: OrderStatusInput,
    responses: { 200: { description: 'The order', body: OrderResponse } },
    errors: { 404: 'No such order', 409: 'The order cannot move to that status' },
  })((ctx, { params, body: input }) => {
    requireOrder(ctx, params.id!);
    guard(() => ctx.store.setOrderStatus(params.id!, input.status, input.reason ?? null));
    return { status: 200, body: requireOrder(ctx, params.id!) };
  }),
];
