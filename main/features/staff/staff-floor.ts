import { awaitingCapture } from '../payments/recovery/index.js';
import type { StaffBill, StaffCallKind, StaffNotice, StaffNoticeKind, StaffTable } from '../../../preload/staff-frames.js';
import type { TableView } from '../../../preload/views.js';
import { dec, isZeroText, money, type BillsStore, type PaymentsStore, type StoreEngine, type StoreEvent } from '../../store/index.js';
import { billTotals } from '../bills/view-builders.js';
import { billView, paymentView, tableViews } from '../bills/views.js';

/**
 * What a waiter's phone sees of the store: the floor (StaffTable), one table's bill (StaffBill)
 * and the notices the store's committed events raise (StaffNotice). Built from the same read
 * model as the cashier's screen (features/bills/views.ts); nothing here writes.
 */

export type FloorStore = BillsStore & PaymentsStore & StoreEngine;

const STATE: Record<TableView['state'], StaffTable['state']> = {
  free: 'free',
  open: 'open',
  'in-payment': 'paying',
  'partly-paid': 'partly-paid',
  paid: 'paid',
};

/** A table as a phone shows it; the calls not yet answered come from the hub. */
export function staffTable(view: TableView, total: string | null, call: StaffCallKind | null): StaffTable {
  const free = view.state === 'free';
  return {
    id: view.id,
    name: view.name,
    area: view.area,
    state: view.awaitingCapture ? 'problem' : STATE[view.state],
    total: free ? null : total,
    due: free ? null : money(view.due),
    currency: view.currency,
    call,
  };
}

/**
 * One table as the phones show it, pushed at every payment in a rush: its active bills read once and
 * their lines summed in one pass (total and due together), its state as the cashier's table view
 * says it (features/bills/view-builders.ts tableState).
 */
export function floorTable(store: FloorStore, tableId: string, call: StaffCallKind | null): StaffTable | null {
  const table = store.read.tables.get(tableId);
  if (!table) return null;
  const bills = store.read.bills.activeOfTable(tableId);
  const facts = store.read.tables.paymentFacts(tableId);
  let total = dec('0');
  let due = dec('0');
  let locked = false;
  let paidSome = false;
  for (const b of bills) {
    let billTotal = dec('0');
    let billPaid = dec('0');
    for (const i of b.items) {
      const price = dec(i.price);
      billTotal = billTotal.plus(price.times(i.quantity));
      if (!isZeroText(i.paidQuantity)) billPaid = billPaid.plus(price.times(i.paidQuantity));
      if (b.state === 'OPEN') {
        locked ||= !isZeroText(i.lockedQuantity);
        paidSome ||= !isZeroText(i.paidQuantity);
      }
    }
    total = total.plus(billTotal);
    const owed = billTotal.minus(billPaid);
    if (b.state === 'OPEN' && !owed.isNegative()) due = due.plus(owed);
  }
  const open = bills.some((b) => b.state === 'OPEN');
  const state: StaffTable['state'] = facts.awaitingCapture
    ? 'problem'
    : locked
      ? 'paying'
      : paidSome
        ? 'partly-paid'
        : open
          ? 'open'
          : bills.length > 0
            ? 'paid'
            : 'free';
  const free = bills.length === 0;
  return {
    id: table.id,
    name: table.name,
    area: table.area,
    state,
    total: free ? null : money(total),
    due: free ? null : money(due),
    currency: bills[0]?.currency ?? null,
    call,
  };
}

export function floor(store: FloorStore, calls: ReadonlyMap<string, StaffCallKind>): StaffTable[] {
  const totals = new Map<string, ReturnType<typeof dec>>();
  for (const bill of store.read.bills.activeWithCounts()) totals.set(bill.tableId, (totals.get(bill.tableId) ?? dec('0')).plus(dec(billTotals(bill).total)));
  return tableViews(store).map((v) => {
    const total = totals.get(v.id);
    return staffTable(v, total === undefined ? null : money(total.toString()), calls.get(v.id) ?? null);
  });
}

/** A table's open bill (the newest active one) as the phone opens it; null when the table is unknown. */
export function staffBill(store: FloorStore, tableId: string): StaffBill | null {
  const table = store.read.tables.get(tableId);
  if (!table) return null;
  const active = store.read.bills.activeOfTable(tableId);
  const bill = active.length > 0 ? billView(store, active[active.length - 1]!.id) : null;
  if (!bill) return { tableId, tableName: table.name, billId: null, currency: null, lines: [], total: '0', paid: '0', due: '0', tips: '0', payments: [] };
  const payments = bill.paymentIds.flatMap((id) => {
    const p = paymentView(store, id);
    return p ? [{ id: p.id, state: p.ending ?? p.state, amount: p.amount, tip: p.tip, at: p.closedAt ?? p.created, captureNeeded: awaitingCapture(p) }] : [];
  });
  return {
    tableId,
    tableName: table.name,
    billId: bill.id,
    currency: bill.currency,
    lines: bill.items.map((i) => ({
      id: i.id,
      name: i.name,
      quantity: i.quantity,
      price: i.price,
      paidQuantity: i.paidQuantity,
      payingQuantity: i.lockedQuantity,
    })),
    total: bill.totals.total,
    paid: bill.totals.paid,
    due: bill.totals.due,
    tips: bill.totals.tips,
    payments: payments.reverse(),
  };
}

/** Which kinds sit above the rest on the phone. */
export const PROBLEM_KINDS: ReadonlySet<StaffNoticeKind> = new Set(['declined', 'failed', 'capture', 'order-failed', 'pos-not-taken', 'call']);

function notice(
  e: StoreEvent,
  kind: StaffNoticeKind,
  id: string,
  tableName: string | null,
  amount: string | null,
  left: string | null,
  currency: string | null,
): StaffNotice {
  return { id, kind, problem: PROBLEM_KINDS.has(kind), tableId: e.tableId, tableName, amount, left, currency, at: e.at };
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** A payment that ended unpaid: the card or the guest refused (declined), or anything else (failed). */
function unpaidKind(data: Record<string, unknown>): StaffNoticeKind {
  const closed = text(data.closedState) ?? 'CANCELLED';
  const ending = text(data.ending) ?? (closed === 'DECLINED' || closed === 'CANCELLED' ? 'declined' : null);
  return ending === 'declined' ? 'declined' : 'failed';
}

/**
 * The notices a committed event raises for the phones (a paid payment with a tip raises two);
 * `tableName` is the table's name as the floor knows it. The events carry the amounts
 * (payment-ops.ts), so only a manual capture reads its payment.
 */
export function noticesFor(e: StoreEvent, store: FloorStore, tableName: (id: string | null) => string | null): StaffNotice[] {
  const name = () => tableName(e.tableId);
  const d = e.data;
  const currency = text(d.currency);
  switch (e.kind) {
    case 'payment.paid': {
      if (!e.paymentId) return [];
      const due = text(d.billDue);
      const left = due !== null && dec(due).gt(0) ? money(due) : null;
      const amount = text(d.amount);
      const out = [notice(e, left ? 'partly-paid' : 'paid', `paid:${e.paymentId}`, name(), amount ? money(amount) : null, left, currency)];
      const tip = text(d.tip);
      if (tip !== null && dec(tip).gt(0)) out.push(notice(e, 'tip', `tip:${e.paymentId}`, name(), money(tip), null, currency));
      return out;
    }
    case 'payment.cancelled': {
      if (!e.paymentId) return [];
      const amount = text(d.amount);
      return [notice(e, unpaidKind(d), `unpaid:${e.paymentId}`, name(), amount ? money(amount) : null, null, currency)];
    }
    case 'payment.processed': {
      if (!e.paymentId || d.captureMode === 'auto') return [];
      const p = store.getPayment(e.paymentId);
      if (!p || p.captureMode !== 'manual' || p.captured || p.state !== 'PROCESSED') return [];
      return [notice(e, 'capture', `capture:${e.paymentId}`, name(), money(p.amount), null, p.currency)];
    }
    case 'order.created':
      return typeof d.orderId === 'string' && e.tableId ? [notice(e, 'order-new', `order:${d.orderId}`, name(), null, null, null)] : [];
    case 'order.status':
      return typeof d.orderId === 'string' && e.tableId && (d.status === 'REJECTED' || d.status === 'CANCELLED')
        ? [notice(e, 'order-failed', `order-failed:${d.orderId}`, name(), null, null, null)]
        : [];
    case 'staff.call':
      return [notice(e, 'call', `call:${e.seq}`, name(), null, null, null)];
    default:
      return [];
  }
}

/** The ids of earlier notices an event ends for everyone: a capture done, a payment ended. */
export function noticesEndedBy(e: StoreEvent): string[] {
  if (!e.paymentId) return [];
  if (e.kind === 'payment.paid' || e.kind === 'payment.captured' || e.kind === 'payment.cancelled') return [`capture:${e.paymentId}`];
  return [];
}
