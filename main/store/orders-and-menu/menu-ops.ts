import { canon } from '../shared/decimal.js';
import { nonEmptyText, nonNegativeDecimal } from '../shared/input-checks.js';
import type { MenuInput, MenuItemPatch, MenuItemRecord, MenuRecord } from '../shared/menu-order-records.js';
import { StoreError } from '../../base/store-error.js';
import type { WriteTx } from '../repos/tx.js';

/** The service takes at most this many menu items in all (docs/PROTOCOL.md §5, doc limit). */
export const MAX_MENU_ITEMS = 5000;

/** Flags of menu_order_flags: the menu's version (bumped on every change) and the last pushed one. */
export const MENU_VERSION = 'menuVersion';
export const MENU_PUSHED_VERSION = 'menuPushedVersion';
export const ORDERS_PAUSED = 'ordersPaused';

function checkItem(item: MenuInput['items'][number], menuId: string, position: number, field: string): MenuItemRecord {
  return {
    id: nonEmptyText(item.id, `${field}.id`),
    menuId,
    position,
    name: nonEmptyText(item.name, `${field}.name`, 500),
    price: canon(nonNegativeDecimal(item.price, `${field}.price`)),
    tags: item.tags ?? [],
    available: item.available ?? true,
    category: item.category ?? null,
    description: item.description ?? null,
  };
}

/** Checks a whole menu: at most 5,000 items, every id once. */
export function checkMenus(menus: MenuInput[]): MenuRecord[] {
  const count = menus.reduce((n, m) => n + m.items.length, 0);
  if (count > MAX_MENU_ITEMS) {
    throw new StoreError('INVALID', { reason: 'menu-too-large', count, max: MAX_MENU_ITEMS }, 'menus');
  }
  const menuIds = new Set<string>();
  const itemIds = new Set<string>();
  return menus.map((m, mi) => {
    const id = nonEmptyText(m.id, `menus[${mi}].id`);
    if (menuIds.has(id)) throw new StoreError('INVALID', { reason: 'duplicate-id', id }, `menus[${mi}].id`);
    menuIds.add(id);
    const items = m.items.map((item, ii) => {
      const record = checkItem(item, id, ii, `menus[${mi}].items[${ii}]`);
      if (itemIds.has(record.id)) throw new StoreError('INVALID', { reason: 'duplicate-id', id: record.id }, `menus[${mi}].items[${ii}].id`);
      itemIds.add(record.id);
      return record;
    });
    return { id, name: nonEmptyText(m.name, `menus[${mi}].name`), items };
  });
}

function bumpVersion(tx: WriteTx): number {
  const next = Number(tx.menu.flag(MENU_VERSION) ?? '0') + 1;
  tx.menu.setFlag(tx, MENU_VERSION, String(next));
  return next;
}

const emitMenu = (tx: WriteTx, data: Record<string, unknown>) => tx.emit({ kind: 'menu.updated', tableId: null, billId: null, paymentId: null, data });

/** PUT /v1/menu: replaces the whole menu. The same menu again changes nothing (no push). */
export function replaceMenu(tx: WriteTx, input: MenuInput[]): { menus: MenuRecord[]; changed: boolean } {
  const menus = checkMenus(input);
  if (JSON.stringify(tx.menu.menus()) === JSON.stringify(menus)) return { menus, changed: false };
  tx.menu.replace(tx, menus);
  const version = bumpVersion(tx);
  emitMenu(tx, { version, items: menus.reduce((n, m) => n + m.items.length, 0) });
  return { menus, changed: true };
}

/** PATCH /v1/menu/items/{id} and the cashier's "sold out": only the given fields change. */
export function patchMenuItem(tx: WriteTx, id: string, patch: MenuItemPatch): { item: MenuItemRecord; changed: boolean } {
  const old = tx.menu.item(id);
  if (!old) throw new StoreError('NOT_FOUND', { reason: 'menu-item', itemId: id }, 'id');
  const item: MenuItemRecord = {
    ...old,
    name: patch.name === undefined ? old.name : nonEmptyText(patch.name, 'name', 500),
    price: patch.price === undefined ? old.price : canon(nonNegativeDecimal(patch.price, 'price')),
    tags: patch.tags ?? old.tags,
    available: patch.available ?? old.available,
    category: patch.category === undefined ? old.category : patch.category,
    description: patch.description === undefined ? old.description : patch.description,
  };
  if (JSON.stringify(item) === JSON.stringify(old)) return { item, changed: false };
  tx.menu.updateItem(tx, item);
  const version = bumpVersion(tx);
  emitMenu(tx, { version, itemId: id, available: item.available });
  return { item, changed: true };
}

/** The "pause orders" switch: orderPrepare answers ORDERS_PAUSED while it is on. */
export function setOrdersPaused(tx: WriteTx, paused: boolean): boolean {
  const was = tx.menu.flag(ORDERS_PAUSED) === 'true';
  if (was === paused) return false;
  tx.menu.setFlag(tx, ORDERS_PAUSED, String(paused));
  tx.emit({ kind: 'orders.paused', tableId: null, billId: null, paymentId: null, data: { paused } });
  return true;
}

/** The service holds menu version `version`: recorded so a restart does not push it again. */
export function menuPushed(tx: WriteTx, version: number): void {
  const pushed = Number(tx.menu.flag(MENU_PUSHED_VERSION) ?? '0');
  if (version > pushed) tx.menu.setFlag(tx, MENU_PUSHED_VERSION, String(version));
}
