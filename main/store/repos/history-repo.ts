import type { Database } from 'better-sqlite3';
import type { PaymentEnding, PaymentState } from '../shared/records.js';

/**
 * One payment as the history and the day report see it: the payment row with its table and area,
 * and when it was paid and refunded. Those two times come from the event log, because the payment
 * row keeps only its last close time (a refund overwrites the time it was paid).
 */
export interface PaymentActivity {
  id: string;
  billId: string;
  billName: string | null;
  tableId: string | null;
  tableName: string | null;
  area: string | null;
  state: PaymentState;
  closedState: string | null;
  /** How it ended when not paid (migration 019), or null while open or paid. */
  ending: PaymentEnding | null;
  captureMode: 'auto' | 'manual';
  captured: boolean;
  amount: string;
  tip: string;
  currency: string;
  provider: string | null;
  /** The waiter the payment started under (migration 016), or null. */
  waiterId: string | null;
  waiterName: string | null;
  created: string;
  closedAt: string | null;
  /** When it was paid (ISO UTC; the payment.paid event's time), or null when never paid. */
  paidAt: string | null;
  /** When it was refunded (ISO UTC; the payment.refunded event's time), or null when never refunded. */
  refundedAt: string | null;
}

interface ActivityRow extends Omit<PaymentActivity, 'captureMode' | 'captured'> {
  captureMode: string;
  captured: number;
}

// Every payment with something to say about [from, to): created, paid or refunded in it. Each
// branch of the UNION walks an index: payments_by_created (migration 001), and the partial indexes
// of the paid and refunded times (migration 012; a range on the column implies its IS NOT NULL).
const ACTIVITY_SQL = `
  SELECT p.id, p.billId, b.name AS billName, b.tableId AS tableId, t.name AS tableName, t.area AS area,
         p.state, p.closedState, p.ending, p.captureMode, p.captured, p.amount, p.tip, p.currency, p.provider,
         p.waiterId, p.waiterName, p.created, p.closedAt, p.paidAt, p.refundedAt
    FROM payments p
    LEFT JOIN bills b ON b.id = p.billId
    LEFT JOIN tables t ON t.id = b.tableId
   WHERE p.id IN (
           SELECT id FROM payments WHERE paidAt >= @from AND paidAt < @to
           UNION SELECT id FROM payments WHERE refundedAt >= @from AND refundedAt < @to
           UNION SELECT id FROM payments WHERE created >= @from AND created < @to)
   ORDER BY p.created, p.id`;

/** A bill settled at its close with an amount due (migrations 006, 016): a line of the day of its own. */
export interface SettlementActivity {
  billId: string;
  billName: string | null;
  tableId: string;
  tableName: string | null;
  area: string | null;
  method: string;
  note: string | null;
  /** The amount that was due at the close. */
  due: string;
  currency: string;
  settledAt: string;
  waiterId: string | null;
  waiterName: string | null;
}

// The partial index bills_by_settled_at (migration 016) holds only the settled bills.
const SETTLEMENTS_SQL = `
  SELECT b.id AS billId, b.name AS billName, b.tableId AS tableId, t.name AS tableName, t.area AS area,
         b.settlementMethod AS method, b.settlementNote AS note, b.settledDue AS due, b.currency AS currency,
         b.settledAt AS settledAt, b.settlementWaiterId AS waiterId, b.settlementWaiterName AS waiterName
    FROM bills b
    LEFT JOIN tables t ON t.id = b.tableId
   WHERE b.settledAt >= @from AND b.settledAt < @to
   ORDER BY b.settledAt, b.id`;

/** Payment history over a time range, read half only (the writes are the payments' own). */
export function createHistoryReader(db: Database): HistoryReader {
  const activity = db.prepare<[{ from: string; to: string }], ActivityRow>(ACTIVITY_SQL);
  const settlements = db.prepare<[{ from: string; to: string }], SettlementActivity>(SETTLEMENTS_SQL);
  return {
    /** Bills settled at their close at or after `fromIso` and before `toIso`, oldest first. */
    settlements(fromIso: string, toIso: string): SettlementActivity[] {
      return settlements.all({ from: fromIso, to: toIso });
    },
    /** Payments created, paid or refunded at or after `fromIso` and before `toIso`, oldest first. */
    activity(fromIso: string, toIso: string): PaymentActivity[] {
      return activity.all({ from: fromIso, to: toIso }).map((row) => ({
        ...row,
        captureMode: row.captureMode === 'manual' ? 'manual' : 'auto',
        captured: row.captured === 1,
      }));
    },
  };
}

export interface HistoryReader {
  /** Payments created, paid or refunded at or after `fromIso` and before `toIso`, oldest first. */
  activity(fromIso: string, toIso: string): PaymentActivity[];
  /** Bills settled at their close at or after `fromIso` and before `toIso`, oldest first. */
  settlements(fromIso: string, toIso: string): SettlementActivity[];
}

/** The history query, for its query-plan test (migration 006). */
export const HISTORY_ACTIVITY_SQL = ACTIVITY_SQL;
