import type { Database } from 'better-sqlite3';
import type { MenuItemRecord, MenuRecord } from '../shared/menu-order-records.js';
import type { WriteToken } from '../engine/tx.js';

interface ItemRow {
  id: string;
  menuId: string;
  position: number;
  name: string;
  price: string;
  tags: string;
  available: number;
  category: string | null;
  description: string | null;
}

const ITEM_COLUMNS = 'id, menuId, position, name, price, tags, available, category, description';

const toItem = (r: ItemRow): MenuItemRecord => ({
  ...r,
  tags: r.tags === '[]' ? [] : (JSON.parse(r.tags) as string[]),
  available: r.available === 1,
});

/** The menu, read half: menus in their order, items by (menuId, position); one item by id for orderPrepare. */
export function createMenuReader(db: Database): MenuReader {
  const menus = db.prepare<[], { id: string; name: string }>('SELECT id, name FROM menus ORDER BY position');
  const items = db.prepare<[], ItemRow>(`SELECT ${ITEM_COLUMNS} FROM menu_items ORDER BY menuId, position`);
  const item = db.prepare<[string], ItemRow>(`SELECT ${ITEM_COLUMNS} FROM menu_items WHERE id = ?`);
  const count = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM menu_items');
  const flag = db.prepare<[string], { value: string }>('SELECT value FROM menu_order_flags WHERE name = ?');
  return {
    /** Every menu with its items, in order. */
    menus(): MenuRecord[] {
      const byMenu = new Map<string, MenuItemRecord[]>();
      for (const row of items.all()) {
        const list = byMenu.get(row.menuId) ?? [];
        list.push(toItem(row));
        byMenu.set(row.menuId, list);
      }
      return menus.all().map((m) => ({ ...m, items: byMenu.get(m.id) ?? [] }));
    },
    item(id: string): MenuItemRecord | null {
      const row = item.get(id);
      return row ? toItem(row) : null;
    },
    itemCount(): number {
      return count.get()?.n ?? 0;
    },
    /** A named flag (ordersPaused, menuVersion, menuPushedVersion), or null when never set. */
    flag(name: string): string | null {
      return flag.get(name)?.value ?? null;
    },
  };
}

/** The menu, write half: each function takes the transaction it writes in. */
export function createMenuWriter(db: Database): MenuWriter {
  const clear = db.prepare('DELETE FROM menus');
  const insertMenu = db.prepare('INSERT INTO menus (id, name, position) VALUES (?, ?, ?)');
  const insertItem = db.prepare(
    `INSERT INTO menu_items (${ITEM_COLUMNS}) VALUES (@id, @menuId, @position, @name, @price, @tags, @available, @category, @description)`,
  );
  const updateItem = db.prepare(
    'UPDATE menu_items SET name = @name, price = @price, tags = @tags, available = @available, category = @category, description = @description WHERE id = @id',
  );
  const setFlag = db.prepare('INSERT INTO menu_order_flags (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value');
  const params = (i: MenuItemRecord) => ({ ...i, tags: JSON.stringify(i.tags), available: i.available ? 1 : 0 });
  return {
    /** Replaces the whole menu (items go with their menus: ON DELETE CASCADE). */
    replace(_tx: WriteToken, menus: MenuRecord[]): void {
      clear.run();
      menus.forEach((m, position) => {
        insertMenu.run(m.id, m.name, position);
        for (const i of m.items) insertItem.run(params(i));
      });
    },
    updateItem(_tx: WriteToken, item: MenuItemRecord): void {
      updateItem.run(params(item));
    },
    setFlag(_tx: WriteToken, name: string, value: string): void {
      setFlag.run(name, value);
    },
  };
}

export interface MenuReader {
  /** Every menu with its items, in order. */
  menus(): MenuRecord[];
  item(id: string): MenuItemRecord | null;
  itemCount(): number;
  /** A named flag (ordersPaused, menuVersion, menuPushedVersion), or null when never set. */
  flag(name: string): string | null;
}
export interface MenuWriter {
  /** Replaces the whole menu (items go with their menus: ON DELETE CASCADE). */
  replace(_tx: WriteToken, menus: MenuRecord[]): void;
  updateItem(_tx: WriteToken, item: MenuItemRecord): void;
  setFlag(_tx: WriteToken, name: string, value: string): void;
}
