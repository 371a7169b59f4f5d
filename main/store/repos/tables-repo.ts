import type { Database } from 'better-sqlite3';
import type { StoreEvent, TableRecord, Waiter } from '../shared/records.js';
import type { WriteToken } from '../engine/tx.js';

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

/** What a table's payments say about it right now (the card's last payment and attention). */
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

// A table's last paid payment, from its own bills' history: the bills of the table, then each one's
// payments (SQLite takes the bare columns of a MAX() aggregate from the row holding the maximum).
// It walks every bill the table ever had, so it only answers tables the recent walk below did not find.
export const LAST_PAID_OF_TABLE_SQL = `SELECT b.tableId AS tableId, p.amount AS amount, p.currency AS currency, MAX(p.closedAt) AS at
  FROM payments p JOIN bills b ON b.id = p.billId WHERE p.state = 'PAID' AND b.tableId = ? GROUP BY b.tableId`;
/**
 * How many of the latest paid payments the last paid payment of a table is looked for among first.
 * A busy table is found after a few; one not paid that recently falls back to its own history.
 */
export const RECENT_PAID_PAYMENTS = 2_000;
/** A table with at most this many bills ever has its last paid payment read from them directly. */
export const FEW_BILLS = 50;
// The paid time of the RECENT_PAID_PAYMENTS-th latest paid payment (refunded ones included): the
// recent walk's lower bound. A walk of the partial index payments_by_paid_at (migration 012), no rows.
export const RECENT_PAID_FROM = `SELECT paidAt FROM payments WHERE paidAt IS NOT NULL ORDER BY paidAt DESC LIMIT 1 OFFSET ${RECENT_PAID_PAYMENTS - 1}`;
// The paid payments since that bound, newest first, with their bill's table. CROSS JOIN keeps the
// payments leading, in the index's order, so a table's first row is its last paid payment and a
// LIMIT 1 stops there. (paidAt is the first paid time and closedAt the last close: equal for PAID.)
export const RECENT_PAID_SQL = `SELECT b.tableId AS tableId, p.amount AS amount, p.currency AS currency, p.closedAt AS at
  FROM payments p CROSS JOIN bills b ON b.id = p.billId
  WHERE p.paidAt >= ? AND p.state = 'PAID'`;
// Awaiting capture: authorised = paymentProcessed without paymentClosed, i.e. PROCESSED,
// as in the notices, recovery and the payment history; capture then brings paymentClosed PAID. The
// payments in progress (their partial index, migration 012) lead: CROSS JOIN keeps SQLite from
// walking every bill of the table when a query asks for one table.
export const TABLE_HOLDS_SQL = `SELECT b.tableId AS tableId,
    MIN(CASE WHEN p.state IN ('STARTED', 'PROCESSED') THEN COALESCE(p.lockedAt, p.created) END) AS lockedSince,
    MAX(p.state = 'PROCESSED' AND p.captureMode = 'manual' AND p.captured = 0) AS awaiting
  FROM payments p CROSS JOIN bills b ON b.id = p.billId
  WHERE p.state IN ('STARTED', 'PROCESSED')`;

function factsOf(last: LastPaidRow | undefined, hold: HoldRow | undefined): TablePaymentFacts {
  return {
    lastPaid: last ? { amount: last.amount, currency: last.currency, at: last.at } : null,
    lockedSince: hold?.lockedSince ?? null,
    awaitingCapture: (hold?.awaiting ?? 0) === 1,
  };
}

/**
 * Each table's last paid payment once read (null: none), kept true by `heard` after every commit
 * (transactions.ts): a payment paid at the table is its last one from then on; a refund, a bill
 * moved away or the table deleted forget it (read again when next asked). Only committed reads are
 * remembered, and a read inside a transaction never uses them (it may see a payment of its own not
 * committed yet). Kept apart from the reader, whose users only read.
 */
export function createLastPaidMemory(): LastPaidMemory {
  const remembered = new Map<string, LastPaidRow | null>();
  return {
    /** The table's remembered last paid payment, else `read()`'s (remembered when committed). */
    recall(id: string, inTransaction: boolean, read: () => LastPaidRow | undefined): LastPaidRow | undefined {
      if (inTransaction) return read();
      const known = remembered.get(id);
      if (known !== undefined) return known ?? undefined;
      const row = read();
      remembered.set(id, row ?? null);
      return row;
    },
    heard(events: readonly StoreEvent[]): void {
      for (const e of events) {
        if (e.tableId === null) continue;
        if (e.kind === 'payment.paid') {
          const { amount, currency } = e.data;
          if (typeof amount === 'string' && typeof currency === 'string') remembered.set(e.tableId, { tableId: e.tableId, amount, currency, at: e.at });
          else remembered.delete(e.tableId);
        } else if (e.kind === 'payment.refunded' || e.kind === 'table.deleted') {
          remembered.delete(e.tableId);
        } else if (e.kind === 'bill.updated' && typeof e.data.previousTableId === 'string') {
          remembered.delete(e.tableId);
          remembered.delete(e.data.previousTableId);
        }
      }
    },
  };
}
export interface LastPaidMemory {
  /** The table's remembered last paid payment, else `read()`'s (remembered when committed). */
  recall(id: string, inTransaction: boolean, read: () => LastPaidRow | undefined): LastPaidRow | undefined;
  heard(events: readonly StoreEvent[]): void;
}

/**
 * Restaurant tables, read half: prepared once, plain reads; rules live in bill-ops.ts. `memory` is
 * the connection's one LastPaidMemory, whose `heard` its commits reach (transactions.ts).
 */
export function createTablesReader(db: Database, memory: LastPaidMemory): TablesReader {
  const get = db.prepare<[string], TableRow>(`SELECT ${COLUMNS} FROM tables WHERE id = ?`);
  const list = db.prepare<[], TableRow>(`SELECT ${COLUMNS} FROM tables ORDER BY position, id`);
  const lastPaidOfTable = db.prepare<[string], LastPaidRow>(LAST_PAID_OF_TABLE_SQL);
  const recentFrom = db.prepare<[], { paidAt: string }>(RECENT_PAID_FROM);
  const recentPaidOf = db.prepare<[string, string], LastPaidRow>(`${RECENT_PAID_SQL} AND b.tableId = ? ORDER BY p.paidAt DESC LIMIT 1`);
  const recentPaid = db.prepare<[string], LastPaidRow>(`${RECENT_PAID_SQL} ORDER BY p.paidAt DESC`);
  const billsUpTo = db.prepare<[string], { n: number }>(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM bills WHERE tableId = ? LIMIT ${FEW_BILLS + 1})`);
  // The lower bound of the recent walk: every paid payment when there are fewer than RECENT_PAID_PAYMENTS.
  const recentBound = (): string => recentFrom.get()?.paidAt ?? '';
  /**
   * A table's last paid payment: from its own bills when it has had few (a new or quiet table: the
   * recent walk would go all the way for nothing), else among the recent paid payments, else (not
   * paid lately) from its own bills after all.
   */
  const lastPaidOf = (id: string, from: () => string): LastPaidRow | undefined => {
    if (billsUpTo.get(id)!.n <= FEW_BILLS) return lastPaidOfTable.get(id);
    const bound = from();
    const recent = recentPaidOf.get(bound, id);
    if (recent || bound === '') return recent;
    return lastPaidOfTable.get(id);
  };
  const waiterOf = db.prepare<[string], { waiterId: string | null; waiterName: string | null }>('SELECT waiterId, waiterName FROM tables WHERE id = ?');
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
    waiterOf(id: string): Waiter | null {
      const row = waiterOf.get(id);
      return row?.waiterId ? { id: row.waiterId, name: row.waiterName } : null;
    },
    paymentFacts(id: string): TablePaymentFacts {
      return factsOf(
        memory.recall(id, db.inTransaction, () => lastPaidOf(id, recentBound)),
        holdsOf.get(id),
      );
    },
    /**
     * The facts of every table with any (the whole grid's snapshot): the last paid payments already
     * known; for the others one walk of the recent paid payments (made when the first is asked for),
     * and each table it did not meet from its own history.
     */
    allPaymentFacts(): Map<string, TablePaymentFacts> {
      let recent: Map<string, LastPaidRow> | undefined;
      let from = '';
      const recentOrOwn = (id: string): LastPaidRow | undefined => {
        if (!recent) {
          from = recentBound();
          recent = new Map();
          for (const row of recentPaid.iterate(from)) if (!recent.has(row.tableId)) recent.set(row.tableId, row);
        }
        return recent.get(id) ?? (from === '' ? undefined : lastPaidOfTable.get(id));
      };
      const last = new Map<string, LastPaidRow>();
      for (const t of list.all()) {
        const row = memory.recall(t.id, db.inTransaction, () => recentOrOwn(t.id));
        if (row) last.set(t.id, row);
      }
      const holds = new Map(holdsAll.all().map((r) => [r.tableId, r]));
      const ids = new Set([...last.keys(), ...holds.keys()]);
      return new Map([...ids].map((id) => [id, factsOf(last.get(id), holds.get(id))]));
    },
  };
}

/** Restaurant tables, write half: each function takes the transaction it writes in. */
export function createTablesWriter(db: Database): TablesWriter {
  const exists = db.prepare<[string], { one: number }>('SELECT 1 AS one FROM tables WHERE id = ?');
  const nextPosition = db.prepare<[], { p: number }>('SELECT COALESCE(MAX(position), 0) + 1 AS p FROM tables');
  const insert = db.prepare('INSERT INTO tables (id, name, area, position) VALUES (?, ?, ?, ?)');
  // A table given again keeps its first position: the POS's order is the order tables first came in.
  const update = db.prepare('UPDATE tables SET name = ?, area = ? WHERE id = ?');
  const setPlan = db.prepare('UPDATE tables SET planX = ?, planY = ? WHERE id = ?');
  const setWaiter = db.prepare('UPDATE tables SET waiterId = ?, waiterName = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM tables WHERE id = ?');
  return {
    /** Returns true when the table is new. */
    upsert(_tx: WriteToken, table: TableRecord): boolean {
      if (exists.get(table.id)) {
        update.run(table.name, table.area, table.id);
        return false;
      }
      insert.run(table.id, table.name, table.area, nextPosition.get()?.p ?? 1);
      return true;
    },
    /** Places the table on the floor plan (fractions 0..1), or takes it off with null. */
    setPlan(_tx: WriteToken, id: string, plan: { x: number; y: number } | null): boolean {
      return setPlan.run(plan?.x ?? null, plan?.y ?? null, id).changes > 0;
    },
    /** The table's waiter, the default of its bills that name none; null: none. */
    setWaiter(_tx: WriteToken, id: string, waiter: Waiter | null): void {
      setWaiter.run(waiter?.id ?? null, waiter?.name ?? null, id);
    },
    remove(_tx: WriteToken, id: string): boolean {
      return remove.run(id).changes > 0;
    },
  };
}

export interface TablesReader {
  get(id: string): PlacedTable | null;
  list(): PlacedTable[];
  /** The waiter the POS named for the table: the default of its bills that name none (migration 016). */
  waiterOf(id: string): Waiter | null;
  paymentFacts(id: string): TablePaymentFacts;
  /**
   * The facts of every table with any (the whole grid's snapshot): the last paid payments already
   * known; for the others one walk of the recent paid payments (made when the first is asked for),
   * and each table it did not meet from its own history.
   */
  allPaymentFacts(): Map<string, TablePaymentFacts>;
}
export interface TablesWriter {
  /** Returns true when the table is new. */
  upsert(_tx: WriteToken, table: TableRecord): boolean;
  /** Places the table on the floor plan (fractions 0..1), or takes it off with null. */
  setPlan(_tx: WriteToken, id: string, plan: { x: number; y: number } | null): boolean;
  /** The table's waiter, the default of its bills that name none; null: none. */
  setWaiter(_tx: WriteToken, id: string, waiter: Waiter | null): void;
  remove(_tx: WriteToken, id: string): boolean;
}
