import type { Notice, NoticeKind } from '../../../preload/contract.js';
import { money, type BillRecord, type PaymentsStore, type StoreEngine, type StoreEvent } from '../../store/index.js';
import { billTotals } from '../../features/bills/view-builders.js';

/**
 * A payment that ended unpaid is "declined" only when the store says the card or the guest refused
 * (its ending, migration 019). Cancelled after processing, timed out or abandoned is "failed", with
 * the reason kept so the renderer can say which: an abandoned payment is not a declined card.
 */
function cancelledNotice(data: Record<string, unknown>): { kind: NoticeKind; reason: string } {
  const closed = typeof data.closedState === 'string' ? data.closedState : 'CANCELLED';
  const ending = typeof data.ending === 'string' ? data.ending : closed === 'DECLINED' || closed === 'CANCELLED' ? 'declined' : null;
  if (ending === 'declined') return { kind: 'declined', reason: closed };
  if (ending === 'abandoned' && closed !== 'NOT_FOUND') return { kind: 'failed', reason: 'ABANDONED' };
  return { kind: 'failed', reason: closed };
}

/** The notice a store event calls for, if any. */
export function noticeFor(event: StoreEvent, store: PaymentsStore & StoreEngine): Notice | null {
  switch (event.kind) {
    case 'service.error':
      return serviceErrorNotice(event);
    case 'payment.paid':
      return paymentNotice(event, store, 'paid');
    case 'payment.refunded':
      return paymentNotice(event, store, 'refunded');
    case 'payment.cancelled': {
      const { kind, reason } = cancelledNotice(event.data);
      return paymentNotice(event, store, kind, reason);
    }
    case 'payment.processed':
      return captureNotice(event, store);
    case 'staff.call':
      // A waiter's phone rang the till: `message` says whom the table wants (help or manager).
      return { ...blank(event), ...tableOf(event, store), id: `staff-call:${event.seq}`, kind: 'staff-call', message: event.data.kind === 'manager' ? 'manager' : 'help' };
    default:
      return null;
  }
}

/** The ids of earlier notices an event settles: the payment's "capture" once it is paid or captured. */
export function noticesSettledBy(event: StoreEvent): string[] {
  if (!event.paymentId) return [];
  if (event.kind === 'payment.paid' || event.kind === 'payment.captured' || event.kind === 'payment.cancelled') return [`capture:${event.paymentId}`];
  return [];
}

function serviceErrorNotice(event: StoreEvent): Notice {
  const message = typeof event.data.message === 'string' ? event.data.message : 'The payment service reported an error.';
  return { ...blank(event), id: `service-error:${event.seq}`, kind: 'service-error', message };
}

function blank(event: StoreEvent): Notice {
  return {
    id: '',
    kind: 'paid',
    at: event.at,
    paymentId: null,
    tableId: null,
    tableName: null,
    amount: null,
    tip: null,
    currency: null,
    message: null,
    acknowledged: false,
    billTotal: null,
    billDue: null,
  };
}

/** The event's table and its name; the bill row (not its lines) is read only when the event or the table does not say. */
function tableOf(event: StoreEvent, store: PaymentsStore & StoreEngine): { tableId: string | null; tableName: string | null } {
  let bill: BillRecord | null | undefined;
  const billRow = () => (bill ??= event.billId ? store.read.bills.get(event.billId) : null);
  const tableId = event.tableId ?? billRow()?.tableId ?? null;
  const tableName = (tableId ? store.read.tables.get(tableId)?.name : undefined) ?? billRow()?.name ?? null;
  return { tableId, tableName };
}

/**
 * A "paid" notice's bill total and what is left: payment.paid carries them as the payment's commit
 * left the bill (payment-ops.ts closePayment); an event without them reads the bill.
 */
function paidTotals(event: StoreEvent, store: PaymentsStore & StoreEngine): { total: string; due: string } | undefined {
  const { billTotal, billDue } = event.data;
  if (typeof billTotal === 'string' && typeof billDue === 'string') return { total: billTotal, due: billDue };
  const bill = event.billId ? store.read.bills.getWithItems(event.billId) : null;
  return bill ? billTotals(bill) : undefined;
}

// The payment events (payment-ops.ts) carry the amount, tip and currency, and a "paid" its bill's
// totals; the table is looked up from the bill row alone. A notice is made for every payment,
// renderer or not: it is on the rush's hot path.
function paymentNotice(event: StoreEvent, store: PaymentsStore & StoreEngine, kind: NoticeKind, reason: string | null = null): Notice | null {
  const { amount, tip, currency } = event.data;
  if (!event.paymentId || typeof amount !== 'string' || typeof currency !== 'string') return null;
  const totals = kind === 'paid' ? paidTotals(event, store) : undefined;
  return {
    ...blank(event),
    ...tableOf(event, store),
    id: `${kind}:${event.paymentId}`,
    kind,
    paymentId: event.paymentId,
    amount: money(amount),
    tip: money(typeof tip === 'string' ? tip : '0'),
    currency,
    message: kind === 'declined' || kind === 'failed' ? reason : null,
    billTotal: totals ? money(totals.total) : null,
    billDue: totals ? money(totals.due) : null,
  };
}

/** An authorised manual-capture payment: the money is held until the cashier captures it. */
function captureNotice(event: StoreEvent, store: PaymentsStore & StoreEngine): Notice | null {
  // The event says when the money is taken at once (every payment of a rush): nothing to read.
  if (!event.paymentId || event.data.captureMode === 'auto') return null;
  const payment = store.getPayment(event.paymentId);
  if (!payment || payment.captureMode !== 'manual' || payment.captured || payment.state !== 'PROCESSED') return null;
  return {
    ...blank(event),
    ...tableOf(event, store),
    id: `capture:${event.paymentId}`,
    kind: 'capture',
    paymentId: event.paymentId,
    amount: money(payment.amount),
    tip: money(payment.tip),
    currency: payment.currency,
  };
}
