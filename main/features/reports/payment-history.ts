import type { HistoryFilter, HistoryState, PaymentHistoryEntry, SettlementEntry, SettlementMethod } from '../../../preload/contract.js';
import { Decimal } from '../../store/shared/decimal.js';
import type { PaymentActivity, ReadTx, SettlementActivity } from '../../store/index.js';
import type { TimeRange } from './day-range.js';

/** Money as listed: at least 2 decimal places and never rounded, so listed rows sum to the report exactly. */
export function exactMoney(value: Decimal | string): string {
  const d = new Decimal(value);
  if (d.isZero()) return '0.00';
  return d.decimalPlaces() > 2 ? d.toFixed() : d.toFixed(2);
}

const iso = (ms: number) => new Date(ms).toISOString();
const within = (at: string | null, from: string, to: string): at is string => at !== null && at >= from && at < to;

/** An unpaid payment's ending as the store recorded it (migration 019). */
function endedAs(p: PaymentActivity): HistoryState {
  switch (p.ending) {
    case 'declined':
    case 'cancelled':
    case 'timed_out':
    case 'abandoned':
      return p.ending;
    default:
      return p.closedState === 'DECLINED' ? 'declined' : 'cancelled';
  }
}

/** The state a payment had at the end of the range, and the time it got there. */
function stateAt(p: PaymentActivity, from: string, to: string): { state: HistoryState; time: string } {
  if (p.refundedAt !== null && p.refundedAt < to) {
    return { state: within(p.paidAt, from, to) ? 'refunded' : 'refund', time: p.refundedAt };
  }
  if (p.paidAt !== null && p.paidAt < to) return { state: 'paid', time: p.paidAt };
  if (p.state === 'CANCELLED' && p.closedAt !== null && p.closedAt < to) {
    return { state: endedAs(p), time: p.closedAt };
  }
  const awaitsCapture = p.state === 'PROCESSED' && p.captureMode === 'manual' && !p.captured;
  return { state: awaitsCapture ? 'capture_needed' : 'pending', time: p.created };
}

/** Whether the main POS has a paid payment: null while it never acknowledged, else its paid event is not past the cursor. */
type PosNotified = (p: PaymentActivity) => boolean | null;

function posNotifiedOf(read: ReadTx): PosNotified {
  const cursor = read.posCursor.get();
  if (cursor === null) return () => null;
  // The paid events past the cursor: the POS keeps this walk short by acknowledging.
  const unacked = new Set(read.posCursor.paidAfter(cursor.seq, '', Number.MAX_SAFE_INTEGER).map((u) => u.paymentId));
  return (p) => (p.paidAt === null ? null : !unacked.has(p.id));
}

function toEntry(p: PaymentActivity, from: string, to: string, posNotified: PosNotified): PaymentHistoryEntry {
  const { state, time } = stateAt(p, from, to);
  return {
    paymentId: p.id,
    time,
    tableId: p.tableId,
    table: p.tableName,
    area: p.area,
    billId: p.billId,
    bill: p.billName,
    state,
    amount: exactMoney(p.amount),
    tip: exactMoney(p.tip),
    currency: p.currency,
    provider: p.provider,
    waiterId: p.waiterId,
    waiter: p.waiterName,
    posNotified: posNotified(p),
  };
}

function toSettlement(s: SettlementActivity): SettlementEntry {
  return {
    billId: s.billId,
    time: s.settledAt,
    tableId: s.tableId,
    table: s.tableName,
    area: s.area,
    bill: s.billName,
    tender: s.method as SettlementMethod,
    amount: exactMoney(s.due),
    currency: s.currency,
    note: s.note,
    waiterId: s.waiterId,
    waiter: s.waiterName,
  };
}

const sameWaiter = (filter: HistoryFilter, waiterId: string | null) => filter.waiterId === undefined || filter.waiterId === waiterId;

/** A search matches part of the payment id, or the amount with or without the tip ("125" = "125.00"). */
function matchesSearch(entry: PaymentHistoryEntry, search: string): boolean {
  const text = search.trim();
  if (text === '') return true;
  if (entry.paymentId.toLowerCase().includes(text.toLowerCase())) return true;
  const number = text.replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(number)) return false;
  const wanted = new Decimal(number);
  const amount = new Decimal(entry.amount);
  return amount.equals(wanted) || amount.plus(entry.tip).equals(wanted);
}

/** Filters as the history view offers them; `refunded` also finds refunds of earlier payments. */
export function filterEntries(entries: PaymentHistoryEntry[], filter: HistoryFilter = {}): PaymentHistoryEntry[] {
  const states = filter.states && filter.states.length > 0 ? new Set<HistoryState>(filter.states) : null;
  if (states?.has('refunded')) states.add('refund');
  return entries.filter(
    (e) =>
      (states === null || states.has(e.state)) &&
      (filter.tableId === undefined || e.tableId === filter.tableId) &&
      sameWaiter(filter, e.waiterId) &&
      matchesSearch(e, filter.search ?? ''),
  );
}

/**
 * Settlements as the same filter keeps them: a table and a waiter narrow them; a filter by state or
 * a search looks for payments, so it keeps none.
 */
export function filterSettlements(entries: SettlementEntry[], filter: HistoryFilter = {}): SettlementEntry[] {
  if ((filter.states?.length ?? 0) > 0 || (filter.search ?? '').trim() !== '') return [];
  return entries.filter((e) => (filter.tableId === undefined || e.tableId === filter.tableId) && sameWaiter(filter, e.waiterId));
}

/** Every bill settled at its close in the range, oldest first. */
export function listSettlements(read: ReadTx, range: TimeRange, filter?: HistoryFilter): SettlementEntry[] {
  return filterSettlements(read.history.settlements(iso(range.from), iso(range.to)).map(toSettlement), filter);
}

/** Every payment created, paid or refunded in the range, oldest first, in its state at the range's end. */
export function listPayments(read: ReadTx, range: TimeRange, filter?: HistoryFilter): PaymentHistoryEntry[] {
  const from = iso(range.from);
  const to = iso(range.to);
  const posNotified = posNotifiedOf(read);
  const entries = read.history.activity(from, to).map((p) => toEntry(p, from, to, posNotified));
  entries.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : a.paymentId < b.paymentId ? -1 : 1));
  return filterEntries(entries, filter);
}
