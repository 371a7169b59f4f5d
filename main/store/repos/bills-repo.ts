import type { Database } from 'better-sqlite3';
import { createOpenBillsJson, type OpenBillJson } from './bill-json.js';
import type { BillRecord, BillState, Waiter, BillWithCounts, BillWithItems, ItemRecord, LineCounts } from '../shared/records.js';
import type { WriteToken } from '../engine/tx.js';

interface BillRow {
  id: string;
  tableId: string;
  name: string | null;
  currency: string;
  state: BillState;
  allowTip: number;
  allowPartialPayment: number;
  denyDiscounts: number;
  additionalData: string | null;
  waiterId: string | null;
  waiterName: string | null;
  created: string;
  updated: string;
}

interface ItemRow {
  billId: string;
  id: string;
  position: number;
  name: string;
  price: string;
  quantity: string;
  minQuantity: string;
  tags: string;
  paidQuantity: string;
  lockedQuantity: string;
}

const BILL_COLUMNS = 'id, tableId, name, currency, state, allowTip, allowPartialPayment, denyDiscounts, additionalData, waiterId, waiterName, created, updated';
const ITEM_COLUMNS = 'billId, id, position, name, price, quantity, minQuantity, tags, paidQuantity, lockedQuantity';

function toBill(row: BillRow): BillRecord {
  return {
    id: row.id,
    tableId: row.tableId,
    name: row.name,
    currency: row.currency,
    state: row.state,
    allowTip: row.allowTip === 1,
    allowPartialPayment: row.allowPartialPayment === 1,
    denyDiscounts: row.denyDiscounts === 1,
    additionalData: row.additionalData === null ? null : (JSON.parse(row.additionalData) as unknown),
    waiter: row.waiterId === null ? null : { id: row.waiterId, name: row.waiterName },
    created: row.created,
    updated: row.updated,
  };
}

/**
 * A bill with its items, assigned onto the fresh record (not `{ ...toBill(row), items }`): on
 * Node 20 an object spread's clone survives young-generation GCs with everything it points to, and
 * a scan builds one of these per bill (docs/decisions/005-hot-paths-and-the-gc.md).
 */
function toBillWithItems(row: BillRow, items: ItemRecord[]): BillWithItems {
  return Object.assign(toBill(row), { items });
}

function toItem(row: ItemRow): ItemRecord {
  return {
    id: row.id,
    position: row.position,
    name: row.name,
    price: row.price,
    quantity: row.quantity,
    minQuantity: row.minQuantity,
    // Most lines carry no tags: skip the parse on the getTableContents hot path.
    tags: row.tags === '[]' ? [] : (JSON.parse(row.tags) as string[]),
    paidQuantity: row.paidQuantity,
    lockedQuantity: row.lockedQuantity,
  };
}

type ItemRaw = [string, number, string, string, string, string, string, string, string];

function itemFromRaw(r: ItemRaw): ItemRecord {
  return {
    id: r[0],
    position: r[1],
    name: r[2],
    price: r[3],
    quantity: r[4],
    minQuantity: r[5],
    tags: r[6] === '[]' ? [] : (JSON.parse(r[6]) as string[]),
    paidQuantity: r[7],
    lockedQuantity: r[8],
  };
}

type CountsRaw = [string, string, string, string, string];

/** A bill line as a payment moves it: its id, price and quantities (records.ts LineCounts), from the row's first five columns. */
function countsFromRaw(r: CountsRaw | [...CountsRaw, string]): LineCounts {
  return { id: r[0], price: r[1], quantity: r[2], paidQuantity: r[3], lockedQuantity: r[4] };
}

/** Which bills a list or page holds; a page is in bill-id order after `after` (a keyset cursor). */
interface BillFilter {
  tableId?: string | undefined;
  state?: BillState | undefined;
}

/** One page: bills after the id `after`, in id order, at most `limit` (all when left out). */
interface BillPage extends BillFilter {
  after?: string | undefined;
  limit?: number | undefined;
}

/** A bill query in its four shapes by filter, each its own prepared statement; `rest` binds after the filter. */
function byFilter<P extends unknown[]>(db: Database, where: (clause: string) => string, tail: string) {
  const prepare = (clause: string) => db.prepare<unknown[], BillRow>(`SELECT ${BILL_COLUMNS} FROM bills ${where(clause)} ${tail}`);
  const all = prepare('');
  const byTable = prepare('tableId = ?');
  const byState = prepare('state = ?');
  const byBoth = prepare('tableId = ? AND state = ?');
  return (filter: BillFilter, ...rest: P): BillRow[] => {
    const { tableId, state } = filter;
    if (tableId !== undefined && state !== undefined) return byBoth.all(tableId, state, ...rest);
    if (tableId !== undefined) return byTable.all(tableId, ...rest);
    if (state !== undefined) return byState.all(state, ...rest);
    return all.all(...rest);
  };
}

/**
 * A table's bills not yet closed (its card), oldest first. The two states by name, not
 * `state != 'CLOSED'`: the index by (tableId, state) then seeks the few active bills instead of
 * walking every bill the table ever had (a year of service: ~1,000 closed ones per table).
 */
export const ACTIVE_BILLS_OF_TABLE_SQL = `SELECT ${BILL_COLUMNS} FROM bills WHERE tableId = ? AND state IN ('OPEN', 'PAID') ORDER BY created, id`;

/** Bills and their items, read half. Items are indexed by (billId, position), bills by (tableId, state). */
export function createBillsReader(db: Database): BillsReader {
  const getBill = db.prepare<[string], BillRow>(`SELECT ${BILL_COLUMNS} FROM bills WHERE id = ?`);
  // Raw rows (arrays): better-sqlite3 builds no keyed object per row, which costs more than the
  // query itself on a 20-line bill. Column order: see itemFromRaw.
  const itemsOf = db
    .prepare<[string], ItemRaw>(
      'SELECT id, position, name, price, quantity, minQuantity, tags, paidQuantity, lockedQuantity FROM bill_items WHERE billId = ? ORDER BY position',
    )
    .raw(true);
  const countsOf = db
    .prepare<[string], CountsRaw>('SELECT id, price, quantity, paidQuantity, lockedQuantity FROM bill_items WHERE billId = ? ORDER BY position')
    .raw(true);
  const itemOf = db.prepare<[string, string], ItemRow>(`SELECT ${ITEM_COLUMNS} FROM bill_items WHERE billId = ? AND id = ?`);
  const list = byFilter<[]>(db, (c) => (c ? `WHERE ${c}` : ''), 'ORDER BY created, id');
  // Keyset pages walk the (…, id) indexes of migration 003 and stop at LIMIT (-1: no limit).
  const page = byFilter<[string, number]>(db, (c) => `WHERE ${c ? `${c} AND ` : ''}id > ?`, 'ORDER BY id LIMIT ?');
  const openOfTable = db.prepare<[string], BillRow>(`SELECT ${BILL_COLUMNS} FROM bills WHERE tableId = ? AND state = 'OPEN' ORDER BY created, id`);
  const activeOfTable = db.prepare<[string], BillRow>(ACTIVE_BILLS_OF_TABLE_SQL);
  const countOpenOnTable = db.prepare<[string], { n: number }>("SELECT COUNT(*) AS n FROM bills WHERE tableId = ? AND state = 'OPEN'");
  // The active bills' line counts, in no order (a bill's due and state do not depend on it): raw rows,
  // no names or tags parsed, no sort. The active bills lead, found by state (a year holds 75,000 closed).
  const activeCounts = db
    .prepare<[], [...CountsRaw, string]>(
      `SELECT i.id, i.price, i.quantity, i.paidQuantity, i.lockedQuantity, i.billId
         FROM bills b CROSS JOIN bill_items i ON i.billId = b.id WHERE b.state IN ('OPEN', 'PAID')`,
    )
    .raw(true);
  const activeBills = db.prepare<[], BillRow>(`SELECT ${BILL_COLUMNS} FROM bills WHERE state IN ('OPEN', 'PAID') ORDER BY created, id`);
  const withItems = (row: BillRow): BillWithItems => toBillWithItems(row, itemsOf.all(row.id).map(itemFromRaw));
  const lineCounts = (billId: string): LineCounts[] => countsOf.all(billId).map(countsFromRaw);
  const openJson = createOpenBillsJson(db);
  const guestLinesOf = db.prepare<[string], GuestLine>('SELECT itemId, orderId FROM guest_lines WHERE billId = ?');
  const openerOf = db.prepare<[string], { orderId: string }>('SELECT orderId FROM order_opened_bills WHERE billId = ?');

  return {
    get(id: string): BillRecord | null {
      const row = getBill.get(id);
      return row ? toBill(row) : null;
    },
    getWithItems(id: string): BillWithItems | null {
      const row = getBill.get(id);
      return row ? withItems(row) : null;
    },
    /** One line of a bill, by key: a payment moves a few lines of a long bill. */
    item(billId: string, itemId: string): ItemRecord | null {
      const row = itemOf.get(billId, itemId);
      return row ? toItem(row) : null;
    },
    items(billId: string): ItemRecord[] {
      return itemsOf.all(billId).map(itemFromRaw);
    },
    /** Each line's id and counts with its price: all a payment moves, settles and totals (no names, no tags). */
    lineCounts,
    /** Every bill the filter names, oldest first. */
    list(filter: BillFilter = {}): BillRecord[] {
      return list(filter).map(toBill);
    },
    /** The same, with each bill's items. */
    listWithItems(filter: BillFilter = {}): BillWithItems[] {
      return list(filter).map(withItems);
    },
    /** One page in bill-id order, with items; a stable cursor even when bills close between pages. */
    page(filter: BillPage): BillWithItems[] {
      return page(filter, filter.after ?? '', filter.limit ?? -1).map(withItems);
    },
    openCountOnTable(tableId: string): number {
      return countOpenOnTable.get(tableId)?.n ?? 0;
    },
    /**
     * The table's open bills with their items (orderStart picks the bill an order's lines join): the bills by
     * (tableId, state), then each bill's items by (billId, position). Two index walks, no sort;
     * cheaper than one join that repeats the bill's columns on every item row.
     */
    openBillsWithItems(tableId: string): BillWithItems[] {
      return openOfTable.all(tableId).map(withItems);
    },
    /** The same bills as the guest app's JSON, written by SQLite where no line was touched (bill-json.ts). */
    openBillsJson(tableId: string): OpenBillJson[] {
      return openJson(tableId);
    },
    /**
     * The table's bills not yet closed (OPEN and PAID), with items, oldest first. `known`: bills
     * already read with their items in this same turn (nothing committed in between), used as they are.
     */
    activeOfTable(tableId: string, known?: ReadonlyMap<string, BillWithItems>): BillWithItems[] {
      return activeOfTable.all(tableId).map((row) => known?.get(row.id) ?? withItems(row));
    },
    activeCountsOfTable(tableId: string, known?: ReadonlyMap<string, BillWithCounts>): BillWithCounts[] {
      return activeOfTable.all(tableId).map((row) => known?.get(row.id) ?? Object.assign(toBill(row), { items: lineCounts(row.id) }));
    },
    guestLines(billId: string): GuestLine[] {
      return guestLinesOf.all(billId);
    },
    openedByOrder(billId: string): string | null {
      return openerOf.get(billId)?.orderId ?? null;
    },
    /** Every bill not yet closed, oldest first, with its lines' counts only: the input of the Tables grid. */
    activeWithCounts(): BillWithCounts[] {
      const byBill = new Map<string, LineCounts[]>();
      for (const r of activeCounts.all()) {
        const items = byBill.get(r[5]);
        if (items) items.push(countsFromRaw(r));
        else byBill.set(r[5], [countsFromRaw(r)]);
      }
      return activeBills.all().map((row) => Object.assign(toBill(row), { items: byBill.get(row.id) ?? [] }));
    },
  };
}

const billParams = (b: BillRecord) =>
  Object.assign({}, b, {
    allowTip: b.allowTip ? 1 : 0,
    allowPartialPayment: b.allowPartialPayment ? 1 : 0,
    denyDiscounts: b.denyDiscounts ? 1 : 0,
    additionalData: b.additionalData === undefined || b.additionalData === null ? null : JSON.stringify(b.additionalData),
    waiterId: b.waiter?.id ?? null,
    waiterName: b.waiter?.name ?? null,
  });

/** Bills and their items, write half: each function takes the transaction it writes in. */
export function createBillsWriter(db: Database): BillsWriter {
  const insertBill = db.prepare(
    `INSERT INTO bills (${BILL_COLUMNS}) VALUES (@id, @tableId, @name, @currency, @state, @allowTip, @allowPartialPayment, @denyDiscounts, @additionalData, @waiterId, @waiterName, @created, @updated)`,
  );
  const updateBill = db.prepare(
    `UPDATE bills SET tableId = @tableId, name = @name, currency = @currency, state = @state, allowTip = @allowTip,
       allowPartialPayment = @allowPartialPayment, denyDiscounts = @denyDiscounts, additionalData = @additionalData,
       waiterId = @waiterId, waiterName = @waiterName, updated = @updated
     WHERE id = @id`,
  );
  const setState = db.prepare('UPDATE bills SET state = ?, updated = ? WHERE id = ?');
  const setSettlement = db.prepare(
    'UPDATE bills SET settlementMethod = ?, settlementNote = ?, settledDue = ?, settledAt = ?, settlementWaiterId = ?, settlementWaiterName = ? WHERE id = ?',
  );
  // A PUT writes every line: bound by position (binding names from an object nearly doubles an insert).
  const insertItem = db.prepare(`INSERT INTO bill_items (${ITEM_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const updateItem = db.prepare(
    `UPDATE bill_items SET position = ?, name = ?, price = ?, quantity = ?, minQuantity = ?, tags = ?, paidQuantity = ?, lockedQuantity = ?
      WHERE billId = ? AND id = ?`,
  );
  const deleteItem = db.prepare('DELETE FROM bill_items WHERE billId = ? AND id = ?');
  const setItemCounts = db.prepare('UPDATE bill_items SET paidQuantity = ?, lockedQuantity = ? WHERE billId = ? AND id = ?');
  const addGuestLine = db.prepare('INSERT OR IGNORE INTO guest_lines (billId, itemId, orderId) VALUES (?, ?, ?)');
  const dropGuestLine = db.prepare('DELETE FROM guest_lines WHERE billId = ? AND itemId = ?');
  const markOpened = db.prepare('INSERT OR IGNORE INTO order_opened_bills (billId, orderId) VALUES (?, ?)');

  return {
    insert(_tx: WriteToken, bill: BillRecord): void {
      insertBill.run(billParams(bill));
    },
    update(_tx: WriteToken, bill: BillRecord): void {
      updateBill.run(billParams(bill));
    },
    /** Sets the state, updated at the transaction's time. */
    setState(tx: WriteToken, id: string, state: BillState): void {
      setState.run(state, tx.now, id);
    },
    /** How a bill closed with an amount due was settled (migrations 006, 016), at the transaction's time. */
    setSettlement(tx: WriteToken, id: string, s: { method: string; note: string | null; due: string; waiter: Waiter | null }): void {
      setSettlement.run(s.method, s.note, s.due, tx.now, s.waiter?.id ?? null, s.waiter?.name ?? null, id);
    },
    insertItem(_tx: WriteToken, billId: string, i: ItemRecord): void {
      insertItem.run(billId, i.id, i.position, i.name, i.price, i.quantity, i.minQuantity, JSON.stringify(i.tags), i.paidQuantity, i.lockedQuantity);
    },
    updateItem(_tx: WriteToken, billId: string, i: ItemRecord): void {
      updateItem.run(i.position, i.name, i.price, i.quantity, i.minQuantity, JSON.stringify(i.tags), i.paidQuantity, i.lockedQuantity, billId, i.id);
    },
    deleteItem(_tx: WriteToken, billId: string, itemId: string): void {
      deleteItem.run(billId, itemId);
    },
    setItemCounts(_tx: WriteToken, billId: string, itemId: string, paid: string, locked: string): void {
      setItemCounts.run(paid, locked, billId, itemId);
    },
    addGuestLine(_tx: WriteToken, billId: string, itemId: string, orderId: string): void {
      addGuestLine.run(billId, itemId, orderId);
    },
    dropGuestLine(_tx: WriteToken, billId: string, itemId: string): boolean {
      return dropGuestLine.run(billId, itemId).changes > 0;
    },
    markOpenedByOrder(_tx: WriteToken, billId: string, orderId: string): void {
      markOpened.run(billId, orderId);
    },
  };
}

export interface BillsReader {
  get(id: string): BillRecord | null;
  getWithItems(id: string): BillWithItems | null;
  /** One line of a bill, by key: a payment moves a few lines of a long bill. */
  item(billId: string, itemId: string): ItemRecord | null;
  items(billId: string): ItemRecord[];
  /** Each line's id and counts with its price: all a payment moves, settles and totals (no names, no tags). */
  lineCounts(billId: string): LineCounts[];
  /** Every bill the filter names, oldest first. */
  list(filter?: BillFilter): BillRecord[];
  /** The same, with each bill's items. */
  listWithItems(filter?: BillFilter): BillWithItems[];
  /** One page in bill-id order, with items; a stable cursor even when bills close between pages. */
  page(filter: BillPage): BillWithItems[];
  openCountOnTable(tableId: string): number;
  /**
   * The table's open bills with their items (orderStart picks the bill an order's lines join): the bills by
   * (tableId, state), then each bill's items by (billId, position). Two index walks, no sort;
   * cheaper than one join that repeats the bill's columns on every item row.
   */
  openBillsWithItems(tableId: string): BillWithItems[];
  /** The same bills as the guest app's JSON, written by SQLite where no line was touched (bill-json.ts). */
  openBillsJson(tableId: string): OpenBillJson[];
  /**
   * The table's bills not yet closed (OPEN and PAID), with items, oldest first. `known`: bills
   * already read with their items in this same turn (nothing committed in between), used as they are.
   */
  activeOfTable(tableId: string, known?: ReadonlyMap<string, BillWithItems>): BillWithItems[];
  /**
   * The same bills with their lines' counts only (no names, no tags): all a table's card sums. A live
   * screen reads this for every table a payment changes.
   */
  activeCountsOfTable(tableId: string, known?: ReadonlyMap<string, BillWithCounts>): BillWithCounts[];
  /** Every bill not yet closed, oldest first, with its lines' counts only: the input of the Tables grid. */
  activeWithCounts(): BillWithCounts[];
  /** The bill's lines a guest ordered that the POS has not taken in yet (migration 014). */
  guestLines(billId: string): GuestLine[];
  /** The order whose orderStart opened this bill (none was open on its table), if one did. */
  openedByOrder(billId: string): string | null;
}
export interface BillsWriter {
  insert(_tx: WriteToken, bill: BillRecord): void;
  update(_tx: WriteToken, bill: BillRecord): void;
  /** Sets the state, updated at the transaction's time. */
  setState(tx: WriteToken, id: string, state: BillState): void;
  /** How a bill closed with an amount due was settled (migrations 006, 016), at the transaction's time. */
  setSettlement(tx: WriteToken, id: string, s: { method: string; note: string | null; due: string; waiter: Waiter | null }): void;
  insertItem(_tx: WriteToken, billId: string, i: ItemRecord): void;
  updateItem(_tx: WriteToken, billId: string, i: ItemRecord): void;
  deleteItem(_tx: WriteToken, billId: string, itemId: string): void;
  setItemCounts(_tx: WriteToken, billId: string, itemId: string, paid: string, locked: string): void;
  /** A guest's line joins the bill: Tableside's until the POS takes it in. */
  addGuestLine(_tx: WriteToken, billId: string, itemId: string, orderId: string): void;
  /** The line is the POS's now (taken in) or left the bill; false when it was not a guest line. */
  dropGuestLine(_tx: WriteToken, billId: string, itemId: string): boolean;
  markOpenedByOrder(_tx: WriteToken, billId: string, orderId: string): void;
}

/** A bill line a guest ordered, not yet taken in by the POS. */
export interface GuestLine {
  itemId: string;
  orderId: string;
}
