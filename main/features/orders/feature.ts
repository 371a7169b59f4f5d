import type { Feature } from '../../base/feature.js';
import { startOfLocalDay, type Clock } from '../../base/clock.js';
import type { BillsStore, OrdersStore, StoreEngine } from '../../store/index.js';
import type { PosApiStore } from '../bills/pos-api-contract.js';
import { orderCommands } from './order-commands.js';
import { orderRoutes } from './pos-api.js';
import { inboxViews, menuEntries } from './views.js';

/** The menu and guest orders: the cashier's commands, the inbox and menu on screen, the POS API's routes. */
export const ordersFeature = {
  name: 'orders',
  commands: orderCommands,
  snapshot: ({ store, clock }: { store: BillsStore & OrdersStore & StoreEngine; clock: Clock }) => ({
    menu: menuEntries(store.menus()),
    orders: inboxViews(store, new Date(startOfLocalDay(clock.now())).toISOString()),
    ordersPaused: store.ordersPaused(),
  }),
  routes: orderRoutes,
} satisfies Feature<Parameters<typeof orderCommands>[0] & { clock: Clock }, PosApiStore>;
