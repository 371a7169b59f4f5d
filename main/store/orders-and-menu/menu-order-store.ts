import type { Order, Payment, Receipt } from '../../base/wire/index.js';
import type { MenuInput, MenuItemPatch, MenuItemRecord, MenuRecord, OrderRecord, OrderState, StaffState, StatusPush } from './menu-order-records.js';
import * as menuOps from './menu-ops.js';
import * as orderOps from './order-ops.js';
import { priceOrder } from './order-rules.js';
import type { OrderLine } from './menu-order-records.js';
import type { createTransactions } from '../engine/transactions.js';

type Transactions = ReturnType<typeof createTransactions>;

/** The menu and guest orders (issue 14): writes, each one transaction with its events (menu-ops.ts, order-ops.ts). */
export function menuOrderWrites({ write }: Transactions) {
  return {
    replaceMenu: (menus: MenuInput[]): { menus: MenuRecord[]; changed: boolean } => write('replaceMenu', (tx) => menuOps.replaceMenu(tx, menus)),
    patchMenuItem: (id: string, patch: MenuItemPatch): { item: MenuItemRecord; changed: boolean } =>
      write('patchMenuItem', (tx) => menuOps.patchMenuItem(tx, id, patch)),
    setOrdersPaused: (paused: boolean): boolean => write('setOrdersPaused', (tx) => menuOps.setOrdersPaused(tx, paused)),
    menuPushed: (version: number): void => write('menuPushed', (tx) => menuOps.menuPushed(tx, version)),
    startOrder: (order: Order): { order: OrderRecord; repeated: boolean } => write('startOrder', (tx) => orderOps.startOrder(tx, order)),
    markOrderPaid: (id: string, payment: Payment): { receipt: Receipt; repeated: boolean } => write('markOrderPaid', (tx) => orderOps.markOrderPaid(tx, id, payment)),
    closeOrder: (id: string, state: 'COMPLETED' | 'CANCELLED'): { changed: boolean; order: OrderRecord | null } =>
      write('closeOrder', (tx) => orderOps.closeOrder(tx, id, state)),
    setOrderStatus: (id: string, status: StaffState, reason: string | null = null): { changed: boolean; order: OrderRecord } =>
      write('setOrderStatus', (tx) => orderOps.setOrderStatus(tx, id, status, reason)),
    statusPushed: (seq: number): boolean => write('statusPushed', (tx) => orderOps.statusPushed(tx, seq)),
  };
}

/** Reads of the menu and orders. */
export function menuOrderReads({ read }: Transactions) {
  return {
    menus: (): MenuRecord[] => read.menu.menus(),
    getMenuItem: (id: string): MenuItemRecord | null => read.menu.item(id),
    ordersPaused: (): boolean => read.menu.flag(menuOps.ORDERS_PAUSED) === 'true',
    /** The menu's version (bumped on every change) and the last version the service accepted. */
    menuVersions: (): { version: number; pushed: number } => ({
      version: Number(read.menu.flag(menuOps.MENU_VERSION) ?? '0'),
      pushed: Number(read.menu.flag(menuOps.MENU_PUSHED_VERSION) ?? '0'),
    }),
    /** orderPrepare: checks and prices an order without storing anything (throws ORDERS_PAUSED, TABLE_NOT_FOUND, ITEM_UNAVAILABLE). */
    priceOrder: (order: Order): { items: OrderLine[]; total: string } => priceOrder(read, order),
    getOrder: (id: string): OrderRecord | null => read.orders.get(id),
    listOrders: (filter: { status?: OrderState | undefined } = {}): OrderRecord[] => read.orders.list(filter),
    pendingStatusPushes: (): StatusPush[] => read.orders.pendingPushes(),
  };
}
