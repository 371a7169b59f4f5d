import type { Order, Payment, Receipt } from '../../base/wire/index.js';
import type { Transactions } from '../repos/tx.js';
import type {
  MenuInput,
  MenuItemPatch,
  MenuItemRecord,
  MenuRecord,
  OrderLine,
  OrderRecord,
  OrderState,
  StaffState,
  StatusPush,
} from '../shared/menu-order-records.js';
import * as menuOps from './menu-ops.js';
import * as orderOps from './order-ops.js';
import { priceOrder } from './order-rules.js';

/** The menu and guest orders: writes, each one transaction with its events (menu-ops.ts, order-ops.ts), and their reads. */
export interface OrdersStore {
  replaceMenu(menus: MenuInput[]): { menus: MenuRecord[]; changed: boolean };
  patchMenuItem(id: string, patch: MenuItemPatch): { item: MenuItemRecord; changed: boolean };
  setOrdersPaused(paused: boolean): boolean;
  menuPushed(version: number): void;
  startOrder(order: Order): { order: OrderRecord; repeated: boolean };
  markOrderPaid(id: string, payment: Payment): { receipt: Receipt; repeated: boolean };
  closeOrder(id: string, state: 'COMPLETED' | 'CANCELLED'): { changed: boolean; order: OrderRecord | null };
  setOrderStatus(id: string, status: StaffState, reason?: string | null): { changed: boolean; order: OrderRecord };
  statusPushed(seq: number): boolean;
  menus(): MenuRecord[];
  getMenuItem(id: string): MenuItemRecord | null;
  ordersPaused(): boolean;
  /** The menu's version (bumped on every change) and the last version the service accepted. */
  menuVersions(): { version: number; pushed: number };
  /** orderPrepare: checks and prices an order without storing anything (throws ORDERS_PAUSED, TABLE_NOT_FOUND, ITEM_UNAVAILABLE). */
  priceOrder(order: Order): { items: OrderLine[]; total: string };
  getOrder(id: string): OrderRecord | null;
  listOrders(filter?: { status?: OrderState | undefined }): OrderRecord[];
  pendingStatusPushes(): StatusPush[];
}

export function createOrdersStore({ write, read }: Transactions): OrdersStore {
  return {
    replaceMenu: (menus) => write('replaceMenu', (tx) => menuOps.replaceMenu(tx, menus)),
    patchMenuItem: (id, patch) => write('patchMenuItem', (tx) => menuOps.patchMenuItem(tx, id, patch)),
    setOrdersPaused: (paused) => write('setOrdersPaused', (tx) => menuOps.setOrdersPaused(tx, paused)),
    menuPushed: (version) => write('menuPushed', (tx) => menuOps.menuPushed(tx, version)),
    startOrder: (order) => write('startOrder', (tx) => orderOps.startOrder(tx, order)),
    markOrderPaid: (id, payment) => write('markOrderPaid', (tx) => orderOps.markOrderPaid(tx, id, payment)),
    closeOrder: (id, state) => write('closeOrder', (tx) => orderOps.closeOrder(tx, id, state)),
    setOrderStatus: (id, status, reason = null) => write('setOrderStatus', (tx) => orderOps.setOrderStatus(tx, id, status, reason)),
    statusPushed: (seq) => write('statusPushed', (tx) => orderOps.statusPushed(tx, seq)),
    menus: () => read.menu.menus(),
    getMenuItem: (id) => read.menu.item(id),
    ordersPaused: () => read.menu.flag(menuOps.ORDERS_PAUSED) === 'true',
    menuVersions: () => ({
      version: Number(read.menu.flag(menuOps.MENU_VERSION) ?? '0'),
      pushed: Number(read.menu.flag(menuOps.MENU_PUSHED_VERSION) ?? '0'),
    }),
    priceOrder: (order) => priceOrder(read, order),
    getOrder: (id) => read.orders.get(id),
    listOrders: (filter = {}) => read.orders.list(filter),
    pendingStatusPushes: () => read.orders.pendingPushes(),
  };
}
