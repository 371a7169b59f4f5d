import type { Database } from 'better-sqlite3';
import type { PaymentItemRecord, PaymentRecord, PaymentState } from './records.js';

interface PaymentRow {
  id: string;
  billId: string;
  state: PaymentState;
  closedState: string | null;
  captureMode: string;
  captured: number;
  receipt: string | null;
  amount: string;
  tip: string;
  currency: string;
  provider: string | null;
  created: string;
  processedAt: string | null;
  closedAt: string | null;
  lockedAt: string | null;
}

// The stored wire Payment (column `wire`) is kept for audit and never read back on a hot path.
const COLUMNS =
  'id, billId, state, closedState, captureMode, captured, receipt, amount, tip, currency, provider, created, processedAt, closedAt, lockedAt';

/** Payments and their items. A payment's items never change after paymentStart. */
export function createPaymentsRepo(db: Database) {
  const get = db.prepare<[string], PaymentRow>(`SELECT ${COLUMNS} FROM payments WHERE id = ?`);
  const itemsOf = db.prepare<[string], PaymentItemRecord>(
    'SELECT itemId, name, quantity, price FROM payment_items WHERE paymentId = ? ORDER BY rowid',
  );
  const listSince = db.prepare<[string], PaymentRow>(`SELECT ${COLUMNS} FROM payments WHERE created >= ? ORDER BY created, id`);
  const listByBill = db.prepare<[string], PaymentRow>(`SELECT ${COLUMNS} FROM payments WHERE billId = ? ORDER BY created, id`);
  const pending = db.prepare<[], PaymentRow>(
    `SELECT ${COLUMNS} FROM payments WHERE state IN ('STARTED', 'PROCESSED') ORDER BY created, id`,
  );
  const pendingOnBill = db.prepare<[string], { one: number }>(
    "SELECT 1 AS one FROM payments WHERE billId = ? AND state IN ('STARTED', 'PROCESSED') LIMIT 1",
  );
  const insert = db.prepare(
    `INSERT INTO payments (${COLUMNS}, wire) VALUES (@id, @billId, @state, @closedState, @captureMode, @captured, @receipt,
       @amount, @tip, @currency, @provider, @created, @processedAt, @closedAt, @lockedAt, @wire)`,
  );
  const insertItem = db.prepare('INSERT INTO payment_items (paymentId, itemId, name, quantity, price) VALUES (?, ?, ?, ?, ?)');
  const setProcessed = db.prepare("UPDATE payments SET state = 'PROCESSED', receipt = ?, processedAt = ? WHERE id = ?");
  const setClosed = db.prepare('UPDATE payments SET state = ?, closedState = ?, closedAt = ?, lockedAt = NULL WHERE id = ?');
  const setReceipt = db.prepare('UPDATE payments SET receipt = ? WHERE id = ?');
  const setCaptured = db.prepare('UPDATE payments SET captured = 1 WHERE id = ?');

  const withItems = (row: PaymentRow): PaymentRecord => ({
    id: row.id,
    billId: row.billId,
    state: row.state,
    closedState: row.closedState,
    captureMode: row.captureMode === 'manual' ? 'manual' : 'auto',
    captured: row.captured === 1,
    receipt: row.receipt === null ? null : (JSON.parse(row.receipt) as unknown),
    amount: row.amount,
    tip: row.tip,
    currency: row.currency,
    provider: row.provider,
    created: row.created,
    processedAt: row.processedAt,
    closedAt: row.closedAt,
    lockedAt: row.lockedAt,
    items: itemsOf.all(row.id),
  });

  return {
    get(id: string): PaymentRecord | null {
      const row = get.get(id);
      return row ? withItems(row) : null;
    },
    listSince(sinceIso: string): PaymentRecord[] {
      return listSince.all(sinceIso).map(withItems);
    },
    listByBill(billId: string): PaymentRecord[] {
      return listByBill.all(billId).map(withItems);
    },
    pending(): PaymentRecord[] {
      return pending.all().map(withItems);
    },
    /** Whether a payment is still in progress on the bill (holding its lock). */
    hasPendingOnBill(billId: string): boolean {
      return pendingOnBill.get(billId) !== undefined;
    },
    /** `wire`: the service's Payment as parsed at paymentStart, stored for audit. */
    insert(p: PaymentRecord, wire: unknown): void {
      insert.run({
        ...p,
        captured: p.captured ? 1 : 0,
        wire: JSON.stringify(wire),
        receipt: p.receipt === null ? null : JSON.stringify(p.receipt),
      });
      for (const item of p.items) insertItem.run(p.id, item.itemId, item.name, item.quantity, item.price);
    },
    setProcessed(id: string, receipt: unknown, at: string): void {
      setProcessed.run(JSON.stringify(receipt), at, id);
    },
    setReceipt(id: string, receipt: unknown): void {
      setReceipt.run(JSON.stringify(receipt), id);
    },
    setClosed(id: string, state: 'PAID' | 'CANCELLED', closedState: string | null, at: string): void {
      setClosed.run(state, closedState, at, id);
    },
    setCaptured(id: string): boolean {
      return setCaptured.run(id).changes > 0;
    },
  };
}

export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
