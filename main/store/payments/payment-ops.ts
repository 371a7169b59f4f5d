import type { Payment as WirePayment, Receipt } from '../../base/wire/index.js';
import type { ReceiptMode } from '../shared/receipt-records.js';
import { autoCloseIfPaid, billWaiter, reopenIfAutoClosed, settleBill } from '../bills-and-tables/bill-ops.js';
import { billTotals } from '../bills-and-tables/bill-rules.js';
import { canon, dec } from '../shared/decimal.js';
import { linesAmount, paymentLines, sameLines } from './payment-rules.js';
import {
  isPending,
  type BillRecord,
  type CloseRoute,
  type PaymentEnding,
  type ItemRecord,
  type LineCounts,
  type PaymentItemRecord,
  type PaymentRecord,
} from '../shared/records.js';
import { StoreError } from '../../base/store-error.js';
import type { WriteTx } from '../repos/tx.js';

/**
 * The payment lifecycle on the bill (docs/PROTOCOL.md §2): start locks lines, PAID turns locked into
 * paid, anything else unlocks. Every function runs inside one transaction; a repeated call for a
 * payment already past that step changes nothing, so each payment is applied exactly once.
 */

/** Our own closedState when we released a lock the service never closed. */
export const LOCK_EXPIRED = 'LOCK_EXPIRED';

/**
 * Our word for how an unpaid payment ended. The service says CANCELLED both for a refused card
 * (closed before paymentProcessed) and for one called off after it; DECLINED where it says so.
 * A close we had to ask for (the service never sent paymentClosed) is abandoned, unless it says DECLINED.
 */
export function endingOf(closedState: string, route: CloseRoute, processed: boolean): PaymentEnding {
  if (closedState === LOCK_EXPIRED) return 'timed_out';
  if (closedState === 'DECLINED') return 'declined';
  if (route === 'lookup' || closedState === 'NOT_FOUND') return 'abandoned';
  return processed ? 'cancelled' : 'declined';
}

function tableOf(tx: WriteTx, billId: string): string | null {
  return tx.bills.get(billId)?.tableId ?? null;
}

function requestedLines(payment: WirePayment): PaymentItemRecord[] {
  const lines = new Map<string, PaymentItemRecord>();
  for (const i of payment.items) {
    const old = lines.get(i.id);
    lines.set(i.id, { itemId: i.id, name: i.name, price: i.price, quantity: old ? canon(dec(old.quantity).plus(i.quantity)) : i.quantity });
  }
  return [...lines.values()];
}

/** A few named lines are read by key; a whole-bill payment or one of many lines reads the bill once. */
const LINES_READ_BY_KEY = 4;

/**
 * The bill's lines a payment names, by id: read by key when they are few (a payment is a few lines
 * of a possibly long bill), else in one read of the whole bill (a guest paying a 30-line bill
 * whole costs one statement, not 30). A line removed since is missing from the map.
 */
function namedLines(tx: WriteTx, billId: string, payment: Pick<PaymentRecord, 'items'>): Map<string, ItemRecord> {
  if (payment.items.length > LINES_READ_BY_KEY) return new Map(tx.bills.items(billId).map((i) => [i.id, i]));
  const lines = new Map<string, ItemRecord>();
  for (const line of payment.items) {
    const item = tx.bills.item(billId, line.itemId);
    if (item) lines.set(item.id, item);
  }
  return lines;
}

/**
 * The bill's lines as a payment moves, settles and totals them, by id: the whole bill in one read
 * of its counts, or only the payment's own lines when the bill row is gone.
 */
function billLines(tx: WriteTx, bill: BillRecord | null, payment: PaymentRecord): Map<string, LineCounts> {
  return bill ? new Map(tx.bills.lineCounts(bill.id).map((i) => [i.id, i])) : namedLines(tx, payment.billId, payment);
}

/**
 * Moves quantities of a payment's lines: delta for paid and for locked, never below zero. `lines`
 * holds the bill's lines (namedLines, or the whole bill); the moved ones are replaced in it by
 * their new counts, so a caller that read the whole bill has it as it now is without reading again.
 */
function shiftLines<L extends LineCounts>(tx: WriteTx, payment: PaymentRecord, paidDelta: 1 | 0 | -1, lockedDelta: -1 | 0 | 1, lines: Map<string, L>): void {
  for (const line of payment.items) {
    const item = lines.get(line.itemId);
    if (!item) continue; // removed after the payment ended: nothing left to move
    const q = dec(line.quantity);
    const paid = dec(item.paidQuantity).plus(q.times(paidDelta));
    const locked = dec(item.lockedQuantity).plus(q.times(lockedDelta));
    const moved = Object.assign({}, item, {
      paidQuantity: canon(paid.isNegative() ? dec('0') : paid),
      lockedQuantity: canon(locked.isNegative() ? dec('0') : locked),
    });
    tx.bills.setItemCounts(tx, payment.billId, item.id, moved.paidQuantity, moved.lockedQuantity);
    lines.set(item.id, moved);
  }
}

/**
 * The bill lines paymentLines must see: the ones the payment names (a payment is a few lines of a
 * possibly long bill), or all of them when the bill must be paid whole (every line is checked).
 */
function linesToCheck(tx: WriteTx, bill: BillRecord, payment: WirePayment): ItemRecord[] {
  const ids = new Set(payment.items.map((i) => i.id));
  if (!bill.allowPartialPayment || ids.size > LINES_READ_BY_KEY) return tx.bills.items(bill.id);
  const items: ItemRecord[] = [];
  for (const id of ids) {
    const item = tx.bills.item(bill.id, id);
    if (item) items.push(item);
  }
  return items;
}

export function startPayment(tx: WriteTx, payment: WirePayment): { payment: PaymentRecord; repeated: boolean } {
  const existing = tx.payments.get(payment.id);
  if (existing) {
    if (!sameLines(existing.items, requestedLines(payment)) || existing.billId !== payment.idBill) {
      throw new StoreError('ITEMS_CHANGED', { reason: 'started-otherwise', paymentId: payment.id }, 'items');
    }
    if (!isPending(existing.state)) {
      throw new StoreError('INVALID', { reason: 'payment-closed', paymentId: payment.id, state: existing.closedState ?? existing.state }, 'id');
    }
    return { payment: existing, repeated: true };
  }
  const header = tx.bills.get(payment.idBill);
  if (!header) throw new StoreError('BILL_NOT_FOUND', { reason: 'scan', billId: payment.idBill }, 'idBill');
  if (header.state !== 'OPEN') throw new StoreError('BILL_CLOSED', { reason: header.state === 'PAID' ? 'paid' : 'closed', billId: payment.idBill }, 'idBill');
  if (tx.payments.hasPendingOnBill(header.id)) {
    throw new StoreError('BILL_LOCKED', { billId: header.id }, 'idBill');
  }
  const bill = Object.assign({}, header, { items: linesToCheck(tx, header, payment) });
  const lines = paymentLines(bill, payment);

  const timestamp = payment.timestamp !== undefined ? Date.parse(payment.timestamp) : Number.NaN;
  const record: PaymentRecord = {
    id: payment.id,
    billId: bill.id,
    state: 'STARTED',
    closedState: null,
    ending: null,
    captureMode: payment.captureMode ?? 'auto',
    captured: false,
    receipt: null,
    amount: linesAmount(lines),
    tip: canon(payment.tipBrutto),
    currency: payment.currency,
    provider: payment.parts[0]?.provider.name ?? null,
    // The cancellation window runs from the service's creation time when it tells us.
    created: Number.isNaN(timestamp) ? tx.now : new Date(timestamp).toISOString(),
    processedAt: null,
    closedAt: null,
    lockedAt: tx.now,
    items: lines,
  };
  // The waiter it started under stays its own, even if the bill changes hands before it is paid:
  // the guest paid (and tipped) the waiter serving them when they scanned.
  tx.payments.insert(tx, record, payment, billWaiter(tx, header));
  shiftLines(tx, record, 0, 1, new Map(bill.items.map((i) => [i.id, i])));
  tx.emit({
    kind: 'payment.started',
    tableId: bill.tableId,
    billId: bill.id,
    paymentId: record.id,
    data: { amount: record.amount, tip: record.tip, currency: record.currency },
  });
  return { payment: record, repeated: false };
}

/**
 * paymentProcessed: the money is held; answer a receipt (the same one when asked again). With
 * `deliveryType` POSTPONED (the receiptMode setting) the main POS gives the fiscal receipt later.
 */
export function processPayment(tx: WriteTx, id: string, deliveryType: ReceiptMode = 'QERKO_GENERATED'): { receipt: Receipt; repeated: boolean } {
  const p = tx.payments.get(id);
  if (!p) throw new StoreError('PAYMENT_NOT_FOUND', { reason: 'never-started', paymentId: id }, 'idPayment');
  if (p.receipt !== null) return { receipt: p.receipt, repeated: true };
  if (p.state === 'CANCELLED') {
    throw new StoreError('INVALID', { reason: 'payment-ended', paymentId: id, state: p.closedState ?? 'CANCELLED' }, 'idPayment');
  }
  const bill = tx.bills.get(p.billId);
  const tableId = bill?.tableId ?? null;
  const lines = namedLines(tx, p.billId, p);
  const receipt: Receipt = {
    receiptInfo: { billName: bill?.name ?? null, timestamp: tx.now, serial: String(tx.events.nextCounter(tx, 'receiptSerial')) },
    items: p.items.map((l) => ({ id: l.itemId, name: l.name, price: l.price, quantity: l.quantity, tags: lines.get(l.itemId)?.tags ?? [] })),
    taxInfo: [],
    fiscalInfo: null,
    receiptDeliveryType: deliveryType,
    finalPrice: p.amount,
  };
  if (p.state === 'STARTED') {
    tx.payments.setProcessed(tx, id, receipt);
    tx.emit({
      kind: 'payment.processed',
      tableId,
      billId: p.billId,
      paymentId: id,
      data: { serial: receipt.receiptInfo.serial, receiptDeliveryType: deliveryType, captureMode: p.captureMode },
    });
  } else {
    tx.payments.setReceipt(tx, id, receipt);
  }
  return { receipt, repeated: false };
}

/**
 * paymentClosed. PAID: locked becomes paid, the bill PAID when nothing is due. Any other state:
 * unlock and remember the service's word. Unknown or already closed: nothing changes.
 */
export function closePayment(
  tx: WriteTx,
  id: string,
  state: string,
  options: { autoClose: boolean; route?: CloseRoute } = { autoClose: false },
): { changed: boolean; payment: PaymentRecord | null } {
  const p = tx.payments.get(id);
  if (!p) return { changed: false, payment: null };
  // A late PAID after we released the lock ourselves: the guest did pay, so it counts (once).
  const late = state === 'PAID' && p.state === 'CANCELLED' && p.closedState === LOCK_EXPIRED;
  if (!isPending(p.state) && !late) return { changed: false, payment: p };
  const bill = tx.bills.get(p.billId);
  const tableId = bill?.tableId ?? null;
  if (state === 'PAID') {
    // The bill's lines, read once: moved by this payment, then its settlement, and its total and
    // what is still due for the event (the cashier's "paid" notice shows them without reading the bill).
    const all = billLines(tx, bill, p);
    shiftLines(tx, p, 1, late ? 0 : -1, all);
    tx.payments.setPaid(tx, id);
    const lines = bill ? [...all.values()] : null;
    const data: Record<string, unknown> = { amount: p.amount, tip: p.tip, currency: p.currency, provider: p.provider, late };
    if (lines) {
      const totals = billTotals(lines);
      Object.assign(data, { billTotal: totals.total, billDue: totals.due });
    }
    tx.emit({ kind: 'payment.paid', tableId, billId: p.billId, paymentId: id, data });
    if (bill && lines) {
      const settled = settleBill(tx, bill, lines);
      if (options.autoClose) autoCloseIfPaid(tx, bill, settled);
    }
    return { changed: true, payment: Object.assign({}, p, { state: 'PAID' as const, closedState: 'PAID', ending: null, closedAt: tx.now, lockedAt: null }) };
  }
  shiftLines(tx, p, 0, -1, namedLines(tx, p.billId, p));
  const ending = endingOf(state, options.route ?? 'paymentClosed', p.processedAt !== null);
  tx.payments.setCancelled(tx, id, state, ending);
  tx.emit({
    kind: 'payment.cancelled',
    tableId,
    billId: p.billId,
    paymentId: id,
    data: { closedState: state, ending, amount: p.amount, tip: p.tip, currency: p.currency },
  });
  return { changed: true, payment: Object.assign({}, p, { state: 'CANCELLED' as const, closedState: state, ending, closedAt: tx.now, lockedAt: null }) };
}

/** After the service's DELETE answered CANCELLED: the paid lines go back to unpaid, the bill reopens. */
export function refundPayment(tx: WriteTx, id: string): { changed: boolean; payment: PaymentRecord } {
  const p = tx.payments.get(id);
  if (!p) throw new StoreError('PAYMENT_NOT_FOUND', { paymentId: id }, 'paymentId');
  if (p.state === 'CANCELLED') return { changed: false, payment: p };
  if (p.state !== 'PAID') throw new StoreError('CONFLICT', { reason: 'payment-in-progress', paymentId: id });
  const bill = tx.bills.get(p.billId);
  const all = billLines(tx, bill, p);
  shiftLines(tx, p, -1, 0, all);
  tx.payments.setRefunded(tx, id);
  tx.emit({
    kind: 'payment.refunded',
    tableId: bill?.tableId ?? null,
    billId: p.billId,
    paymentId: id,
    data: { amount: p.amount, tip: p.tip, currency: p.currency },
  });
  if (bill) settleBill(tx, reopenIfAutoClosed(tx, bill), [...all.values()]);
  return {
    changed: true,
    payment: Object.assign({}, p, { state: 'CANCELLED' as const, closedState: 'CANCELLED', ending: 'refunded' as const, closedAt: tx.now, lockedAt: null }),
  };
}

export function markCaptured(tx: WriteTx, id: string): { changed: boolean; payment: PaymentRecord } {
  const p = tx.payments.get(id);
  if (!p) throw new StoreError('PAYMENT_NOT_FOUND', { paymentId: id }, 'paymentId');
  if (p.captured) return { changed: false, payment: p };
  tx.payments.setCaptured(tx, id);
  tx.emit({ kind: 'payment.captured', tableId: tableOf(tx, p.billId), billId: p.billId, paymentId: id, data: {} });
  return { changed: true, payment: Object.assign({}, p, { captured: true }) };
}
