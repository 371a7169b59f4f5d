import type { Database } from 'better-sqlite3';
import type { BillRecord, BillState, BillWithItems, ItemRecord } from './records.js';

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

const BILL_COLUMNS = 'id, tableId, name, currency, state, allowTip, allowPartialPayment, denyDiscounts, additionalData, created, updated';
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
    created: row.created,
    updated: row.updated,
  };
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

/** Bills and their items. Items are indexed by (billId, position), bills by (tableId, state). */
export function createBillsRepo(db: Database) {
  const getBill = db.prepare<[string], BillRow>(`SELECT ${BILL_COLUMNS} FROM bills WHERE id = ?`);
  // Raw rows (arrays): better-sqlite3 builds no keyed object per row, which costs more than the
  // query itself on a 20-line bill. Column order: see itemFromRaw.
  const itemsOf = db
    .prepare<[string], ItemRaw>('SELECT id, position, name, price, quantity, minQuantity, tags, paidQuantity, lockedQuantity FROM bill_items WHERE billId = ? ORDER BY position')
    .raw(true);
  const quantitiesOf = db.prepare<[string], { quantity: string; paidQuantity: string }>('SELECT quantity, paidQuantity FROM bill_items WHERE billId = ?');
  const itemOf = db.prepare<[string, string], ItemRow>(`SELECT ${ITEM_COLUMNS} FROM bill_items WHERE billId = ? AND id = ?`);
  const listAll = db.prepare<[], BillRow>(`SELECT ${BILL_COLUMNS} FROM bills ORDER BY created, id`);
  const listByTable = db.prepare<[string], BillRow>(`SELECT ${BILL_COLUMNS} FROM bills WHERE tableId = ? ORDER BY created, id`);
  const listByState = db.prepare<[string], BillRow>(`SELECT ${BILL_COLUMNS} FROM bills WHERE state = ? ORDER BY created, id`);
  const listByTableState = db.prepare<[string, string], BillRow>(
    `SELECT ${BILL_COLUMNS} FROM bills WHERE tableId = ? AND state = ? ORDER BY created, id`,
  );
  const countOpenOnTable = db.prepare<[string], { n: number }>("SELECT COUNT(*) AS n FROM bills WHERE tableId = ? AND state = 'OPEN'");
  const activeItems = db.prepare<[], ItemRow>(
    `SELECT i.billId, i.id, i.position, i.name, i.price, i.quantity, i.minQuantity, i.tags, i.paidQuantity, i.lockedQuantity
       FROM bill_items i JOIN bills b ON b.id = i.billId WHERE b.state != 'CLOSED' ORDER BY i.billId, i.position`,
  );
  const activeBills = db.prepare<[], BillRow>(`SELECT ${BILL_COLUMNS} FROM bills WHERE state != 'CLOSED' ORDER BY created, id`);
  const insertBill = db.prepare(
    `INSERT INTO bills (${BILL_COLUMNS}) VALUES (@id, @tableId, @name, @currency, @state, @allowTip, @allowPartialPayment, @denyDiscounts, @additionalData, @created, @updated)`,
  );
  const updateBill = db.prepare(
    `UPDATE bills SET tableId = @tableId, name = @name, currency = @currency, state = @state, allowTip = @allowTip,
       allowPartialPayment = @allowPartialPayment, denyDiscounts = @denyDiscounts, additionalData = @additionalData, updated = @updated
     WHERE id = @id`,
  );
  const setState = db.prepare('UPDATE bills SET state = ?, updated = ? WHERE id = ?');
  const insertItem = db.prepare(
    `INSERT INTO bill_items (${ITEM_COLUMNS}) VALUES (@billId, @id, @position, @name, @price, @quantity, @minQuantity, @tags, @paidQuantity, @lockedQuantity)`,
  );
  const updateItem = db.prepare(
    `UPDATE bill_items SET position = @position, name = @name, price = @price, quantity = @quantity, minQuantity = @minQuantity,
       tags = @tags, paidQuantity = @paidQuantity, lockedQuantity = @lockedQuantity WHERE billId = @billId AND id = @id`,
  );
  const deleteItem = db.prepare('DELETE FROM bill_items WHERE billId = ? AND id = ?');
  const setItemCounts = db.prepare('UPDATE bill_items SET paidQuantity = ?, lockedQuantity = ? WHERE billId = ? AND id = ?');

  const billParams = (b: BillRecord) => ({
    ...b,
    allowTip: b.allowTip ? 1 : 0,
    allowPartialPayment: b.allowPartialPayment ? 1 : 0,
    denyDiscounts: b.denyDiscounts ? 1 : 0,
    additionalData: b.additionalData === undefined || b.additionalData === null ? null : JSON.stringify(b.additionalData),
  });
  const itemParams = (billId: string, i: ItemRecord) => ({ ...i, billId, tags: JSON.stringify(i.tags) });

  return {
    get(id: string): BillRecord | null {
      const row = getBill.get(id);
      return row ? toBill(row) : null;
    },
    getWithItems(id: string): BillWithItems | null {
      const row = getBill.get(id);
      return row ? { ...toBill(row), items: itemsOf.all(id).map(itemFromRaw) } : null;
    },
    /** One line of a bill, by key: a payment moves a few lines of a long bill. */
    item(billId: string, itemId: string): ItemRecord | null {
      const row = itemOf.get(billId, itemId);
      return row ? toItem(row) : null;
    },
    items(billId: string): ItemRecord[] {
      return itemsOf.all(billId).map(itemFromRaw);
    },
    /** Each line's quantity and paid quantity: all that settling a bill needs. */
    quantities(billId: string): { quantity: string; paidQuantity: string }[] {
      return quantitiesOf.all(billId);
    },
    list(filter: { tableId?: string; state?: BillState } = {}): BillRecord[] {
      const { tableId, state } = filter;
      const rows =
        tableId !== undefined && state !== undefined
          ? listByTableState.all(tableId, state)
          : tableId !== undefined
            ? listByTable.all(tableId)
            : state !== undefined
              ? listByState.all(state)
              : listAll.all();
      return rows.map(toBill);
    },
    openCountOnTable(tableId: string): number {
      return countOpenOnTable.get(tableId)?.n ?? 0;
    },
    /**
     * The table's open bills with their items (getTableContents on a cache miss): the bills by
     * (tableId, state), then each bill's items by (billId, position). Two index walks, no sort;
     * cheaper than one join that repeats the bill's columns on every item row.
     */
    openBillsWithItems(tableId: string): BillWithItems[] {
      return listByTableState.all(tableId, 'OPEN').map((row) => ({ ...toBill(row), items: itemsOf.all(row.id).map(itemFromRaw) }));
    },
    /** Every bill not yet closed, with items: the input of the table overview. */
    activeWithItems(): BillWithItems[] {
      const byBill = new Map<string, ItemRecord[]>();
      for (const row of activeItems.all()) {
        const list = byBill.get(row.billId) ?? [];
        list.push(toItem(row));
        byBill.set(row.billId, list);
      }
      return activeBills.all().map((row) => ({ ...toBill(row), items: byBill.get(row.id) ?? [] }));
    },
    insert(bill: BillRecord): void {
      insertBill.run(billParams(bill));
    },
    update(bill: BillRecord): void {
      updateBill.run(billParams(bill));
    },
    setState(id: string, state: BillState, updated: string): void {
      setState.run(state, updated, id);
    },
    insertItem(billId: string, item: ItemRecord): void {
      insertItem.run(itemParams(billId, item));
    },
    updateItem(billId: string, item: ItemRecord): void {
      updateItem.run(itemParams(billId, item));
    },
    deleteItem(billId: string, itemId: string): void {
      deleteItem.run(billId, itemId);
    },
    setItemCounts(billId: string, itemId: string, paid: string, locked: string): void {
      setItemCounts.run(paid, locked, billId, itemId);
    },
  };
}

export type BillsRepo = ReturnType<typeof createBillsRepo>;
