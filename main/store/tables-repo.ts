import type { Database } from 'better-sqlite3';
import type { TableRecord } from './records.js';
import type { WriteTx } from './tx.js';

interface TableRow {
  id: string;
  name: string;
  area: string | null;
  position: number;
  planX: number | null;
  planY: number | null;
}

/** A table as the read model shows it: the order the POS first gave it in and its floor-plan place. */
export interface PlacedTable extends TableRecord {
  position: number;
  plan: { x: number; y: number } | null;
}

/** What a table's payments say about it right now (ui-tables: the card's last payment and attention). */
export interface TablePaymentFacts {
  lastPaid: { amount: string; currency: string; at: string } | null;
  lockedSince: string | null;
  awaitingCapture: boolean;
}

interface LastPaidRow {
  tableId: string;
  amount: string;
  currency: string;
  at: string;
}

interface HoldRow {
  tableId: string;
  lockedSince: string | null;
  awaiting: number;
}

const COLUMNS = 'id, name, area, position, planX, planY';
const placed = (r: TableRow): PlacedTable => ({
  id: r.id,
  name: r.name,
  area: r.area,
  position: r.position,
  plan: r.planX === null || r.planY === null ? null : { x: r.planX, y: r.planY },
});

// SQLite takes the bare columns of a MAX() aggregate from the row holding the maximum: the latest payment.
const LAST_PAID = `SELECT b.tableId AS tableId, p.amount AS amount, p.currency AS currency, MAX(p.closedAt) AS at
  FROM payments p JOIN bills b ON b.id = p.billId WHERE p.state = 'PAID'`;
// Awaiting capture (ui-safety fix): authorised = paymentProcessed without paymentClosed, i.e. PROCESSED,
// as in the notices, recovery and the payment history; capture then brings paymentClosed PAID.
export const TABLE_HOLDS_SQL = `SELECT b.tableId AS tableId,
    MIN(CASE WHEN p.state IN ('STARTED', 'PROCESSED') THEN COALESCE(p.lockedAt, p.created) END) AS lockedSince,
    MAX(p.state = 'PROCESSED' AND p.captureMode = 'manual' AND p.captured = 0) AS awaiting
  FROM payments p JOIN bills b ON b.id = p.billId
  WHERE p.state IN ('STARTED', 'PROCESSED')`;

function factsOf(last: LastPaidRow | undefined, hold: HoldRow | undefined): TablePaymentFacts {
  return {
    lastPaid: last ? { amount: last.amount, currency: last.currency, at: last.at } : null,
    lockedSince: hold?.lockedSince ?? null,
    awaitingCapture: (hold?.awaiting ?? 0) === 1,
  };
}

/** Restaurant tables, read half: prepared once, plain reads; rules live in bill-ops.ts. */
export function createTablesReader(db: Database) {
  const get = db.prepare<[string], TableRow>(`SELECT ${COLUMNS} FROM tables WHERE id = ?`);
  const list = db.prepare<[], TableRow>(`SELECT ${COLUMNS} FROM tables ORDER BY position, id`);
  const lastPaidOf = db.prepare<[string], LastPaidRow>(`${LAST_PAID} AND b.tableId = ? GROUP BY b.tableId`);
  const lastPaidAll = db.prepare<[], LastPaidRow>(`${LAST_PAID} GROUP BY b.tableId`);
  const holdsOf = db.prepare<[string], HoldRow>(`SELECT * FROM (${TABLE_HOLDS_SQL} GROUP BY b.tableId) WHERE tableId = ?`);
  const holdsAll = db.prepare<[], HoldRow>(`${TABLE_HOLDS_SQL} GROUP BY b.tableId`);
  return {
    get(id: string): PlacedTable | null {
      const row = get.get(id);
      return row ? placed(row) : null;
    },
    list(): PlacedTable[] {
      return list.all().map(placed);
    },
    paymentFacts(id: string): TablePaymentFacts {
      return factsOf(lastPaidOf.get(id), holdsOf.get(id));
    },
    /** The facts of every table with any, read in two queries (the whole grid's snapshot). */
    allPaymentFacts(): Map<string, TablePaymentFacts> {
      const last = new Map(lastPaidAll.all().map((r) => [r.tableId, r]));
      const holds = new Map(holdsAll.all().map((r) => [r.tableId, r]));
      const ids = new Set([...last.keys(), ...holds.keys()]);
      return new Map([...ids].map((id) => [id, factsOf(last.get(id), holds.get(id))]));
    },
  };
}

/** Restaurant tables, write half: each function takes the transaction it writes in. */
export function createTablesWriter(db: Database) {
  const exists = db.prepare<[string], { one: number }>('SELECT 1 AS one FROM tables WHERE id = ?');
  const nextPosition = db.prepare<[], { p: number }>('SELECT COALESCE(MAX(position), 0) + 1 AS p FROM tables');
  const insert = db.prepare('INSERT INTO tables (id, name, area, position) VALUES (?, ?, ?, ?)');
  // A table given again keeps its first position: the POS's order is the order tables first came in.
  const update = db.prepare('UPDATE tables SET name = ?, area = ? WHERE id = ?');
  const setPlan = db.prepare('UPDATE tables SET planX = ?, planY = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM tables WHERE id = ?');
  return {
    /** Returns true when the table is new. */
    upsert(_tx: WriteTx, table: TableRecord): boolean {
      if (exists.get(table.id)) {
        update.run(table.name, table.area, table.id);
        return false;
      }
      insert.run(table.id, table.name, table.area, nextPosition.get()?.p ?? 1);
      return true;
    },
    /** Places the table on the floor plan (fractions 0..1), or takes it off with null. */
    setPlan(_tx: WriteTx, id: string, plan: { x: number; y: number } | null): boolean {
      return setPlan.run(plan?.x ?? null, plan?.y ?? null, id).changes > 0;
    },
    remove(_tx: WriteTx, id: string): boolean {
      return remove.run(id).changes > 0;
    },
  };
}

export type TablesReader = ReturnType<typeof createTablesReader>;
export type TablesWriter = ReturnType<typeof createTablesWriter>;
