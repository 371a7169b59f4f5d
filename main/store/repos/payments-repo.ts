import type { Database } from 'better-sqlite3';
import type { Payment as WirePayment, Receipt } from '../../base/wire/index.js';
import type { PaymentEnding, PaymentItemRecord, PaymentRecord, PaymentState, Waiter } from '../shared/records.js';
import type { WriteToken } from '../engine/tx.js';

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
  ending: PaymentEnding | null;
}

// The stored wire Payment (column `wire`) is kept for audit and never read back on a hot path.
const COLUMNS =
  'id, billId, state, closedState, ending, captureMode, captured, receipt, amount, tip, currency, provider, created, processedAt, closedAt, lockedAt';

/** The payments in progress, oldest first: the partial index payments_pending (migration 012) in its own order. */
export const PENDING_PAYMENTS_SQL = `SELECT ${COLUMNS} FROM payments WHERE state IN ('STARTED', 'PROCESSED') ORDER BY created, id`;

/** What a bill's view reads of each of its payments (the screen gets one view per payment a rush makes). */
export interface BillPaymentSummary {
  id: string;
  state: PaymentState;
  tip: string;
}

/** Payments and their items, read half. A payment's items never change after paymentStart. */
export function createPaymentsReader(db: Database): PaymentsReader {
  const get = db.prepare<[string], PaymentRow>(`SELECT ${COLUMNS} FROM payments WHERE id = ?`);
  const itemsOf = db.prepare<[string], PaymentItemRecord>('SELECT itemId, name, quantity, price FROM payment_items WHERE paymentId = ? ORDER BY rowid');
  const listSince = db.prepare<[string], PaymentRow>(`SELECT ${COLUMNS} FROM payments WHERE created >= ? ORDER BY created, id`);
  const summariesOfBill = db.prepare<[string], BillPaymentSummary>('SELECT id, state, tip FROM payments WHERE billId = ? ORDER BY created, id');
  const pending = db.prepare<[], PaymentRow>(PENDING_PAYMENTS_SQL);
  const pendingOnBill = db.prepare<[string], { one: number }>("SELECT 1 AS one FROM payments WHERE billId = ? AND state IN ('STARTED', 'PROCESSED') LIMIT 1");

  const withItems = (row: PaymentRow): PaymentRecord => ({
    id: row.id,
    billId: row.billId,
    state: row.state,
    closedState: row.closedState,
    ending: row.ending,
    captureMode: row.captureMode === 'manual' ? 'manual' : 'auto',
    captured: row.captured === 1,
    // Only setProcessed/setReceipt below write this column, always from a Receipt.
    receipt: row.receipt === null ? null : (JSON.parse(row.receipt) as Receipt),
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
    /** A bill's payments as its view needs them (ids, state, tip), oldest first: no receipt, no items. */
    summariesOfBill(billId: string): BillPaymentSummary[] {
      return summariesOfBill.all(billId);
    },
    pending(): PaymentRecord[] {
      return pending.all().map(withItems);
    },
    /** Whether a payment is still in progress on the bill (holding its lock). */
    hasPendingOnBill(billId: string): boolean {
      return pendingOnBill.get(billId) !== undefined;
    },
  };
}

/** Payments and their items, write half: each function takes the transaction it writes in. */
export function createPaymentsWriter(db: Database): PaymentsWriter {
  const insert = db.prepare(
    // Positional: binding its names from an object nearly doubles the insert (docs/decisions/012).
    `INSERT INTO payments (${COLUMNS}, wire, waiterId, waiterName) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertItem = db.prepare('INSERT INTO payment_items (paymentId, itemId, name, quantity, price) VALUES (?, ?, ?, ?, ?)');
  const setProcessed = db.prepare("UPDATE payments SET state = 'PROCESSED', receipt = ?, processedAt = ? WHERE id = ?");
  const setCancelled = db.prepare("UPDATE payments SET state = 'CANCELLED', closedState = ?, ending = ?, closedAt = ?, lockedAt = NULL WHERE id = ?");
  // paidAt and refundedAt keep the first time (the history's "when"; migration 012).
  const setPaid = db.prepare(
    "UPDATE payments SET state = 'PAID', closedState = 'PAID', closedAt = ?, paidAt = COALESCE(paidAt, ?), lockedAt = NULL WHERE id = ?",
  );
  const setRefunded = db.prepare(
    "UPDATE payments SET state = 'CANCELLED', closedState = 'CANCELLED', ending = 'refunded', closedAt = ?, refundedAt = COALESCE(refundedAt, ?), lockedAt = NULL WHERE id = ?",
  );
  const setReceipt = db.prepare('UPDATE payments SET receipt = ? WHERE id = ?');
  const setCaptured = db.prepare('UPDATE payments SET captured = 1 WHERE id = ?');

  return {
    /** `wire`: the service's Payment as parsed at paymentStart, stored for audit; `waiter`: the bill's at the start. */
    insert(_tx: WriteToken, p: PaymentRecord, wire: WirePayment, waiter: Waiter | null = null): void {
      insert.run(
        p.id,
        p.billId,
        p.state,
        p.closedState,
        p.ending,
        p.captureMode,
        p.captured ? 1 : 0,
        p.receipt === null ? null : JSON.stringify(p.receipt),
        p.amount,
        p.tip,
        p.currency,
        p.provider,
        p.created,
        p.processedAt,
        p.closedAt,
        p.lockedAt,
        JSON.stringify(wire),
        waiter?.id ?? null,
        waiter?.name ?? null,
      );
      for (const item of p.items) insertItem.run(p.id, item.itemId, item.name, item.quantity, item.price);
    },
    /** STARTED → PROCESSED at the transaction's time, with its receipt. */
    setProcessed(tx: WriteToken, id: string, receipt: Receipt): void {
      setProcessed.run(JSON.stringify(receipt), tx.now, id);
    },
    setReceipt(_tx: WriteToken, id: string, receipt: Receipt): void {
      setReceipt.run(JSON.stringify(receipt), id);
    },
    /** Cancels the payment at the transaction's time (`closedState`: the service's word, `ending`: ours) and drops its lock time. */
    setCancelled(tx: WriteToken, id: string, closedState: string, ending: PaymentEnding): void {
      setCancelled.run(closedState, ending, tx.now, id);
    },
    /** Ends the payment PAID at the transaction's time, its paid time with it, and drops its lock time. */
    setPaid(tx: WriteToken, id: string): void {
      setPaid.run(tx.now, tx.now, id);
    },
    /** A paid payment refunded (CANCELLED) at the transaction's time, its refund time with it. */
    setRefunded(tx: WriteToken, id: string): void {
      setRefunded.run(tx.now, tx.now, id);
    },
    setCaptured(_tx: WriteToken, id: string): boolean {
      return setCaptured.run(id).changes > 0;
    },
  };
}

export interface PaymentsReader {
  get(id: string): PaymentRecord | null;
  listSince(sinceIso: string): PaymentRecord[];
  /** A bill's payments as its view needs them (ids, state, tip), oldest first: no receipt, no items. */
  summariesOfBill(billId: string): BillPaymentSummary[];
  pending(): PaymentRecord[];
  /** Whether a payment is still in progress on the bill (holding its lock). */
  hasPendingOnBill(billId: string): boolean;
}
export interface PaymentsWriter {
  /** `wire`: the service's Payment as parsed at paymentStart, stored for audit; `waiter`: the bill's at the start. */
  insert(_tx: WriteToken, p: PaymentRecord, wire: WirePayment, waiter?: Waiter | null): void;
  /** STARTED → PROCESSED at the transaction's time, with its receipt. */
  setProcessed(tx: WriteToken, id: string, receipt: Receipt): void;
  setReceipt(_tx: WriteToken, id: string, receipt: Receipt): void;
  /** Cancels the payment at the transaction's time (`closedState`: the service's word, `ending`: ours) and drops its lock time. */
  setCancelled(tx: WriteToken, id: string, closedState: string, ending: PaymentEnding): void;
  /** Ends the payment PAID at the transaction's time, its paid time with it, and drops its lock time. */
  setPaid(tx: WriteToken, id: string): void;
  /** A paid payment refunded (CANCELLED) at the transaction's time, its refund time with it. */
  setRefunded(tx: WriteToken, id: string): void;
  setCaptured(_tx: WriteToken, id: string): boolean;
}
