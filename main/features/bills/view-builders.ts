import type { BillItemView, BillView, PaymentView, TableState, TableView } from '../../../preload/contract.js';
import { CANCEL_WINDOW_MS } from '../../base/wire/index.js';
import { canon, dec, isZeroText, money, sum, type BillPaymentSummary, type BillWithCounts, type BillWithItems, type PaymentRecord } from '../../store/index.js';
import { billTotals as lineTotals } from '../../store/bills-and-tables/bill-rules.js';
import { lineProduct, PRODUCT_PLACES, scaledInteger, scaledText } from '../../store/shared/fixed-point.js';
import type { PlacedTable, TablePaymentFacts } from '../../store/repos/tables-repo.js';

/**
 * The contract's view shapes, built from the store's records. Money is shown with 2 places,
 * quantities as canonical decimal text. Pure functions: read-model.ts feeds them from the store.
 */

/** A line, with its price and line total already formatted as money. */
function itemView(i: BillWithItems['items'][number], price: string, lineTotal: string): BillItemView {
  return {
    id: i.id,
    name: i.name,
    price,
    quantity: canon(i.quantity),
    minQuantity: canon(i.minQuantity),
    paidQuantity: canon(i.paidQuantity),
    lockedQuantity: canon(i.lockedQuantity),
    lineTotal,
    tags: i.tags,
  };
}

/** A bill's total, paid and due (store/bill-rules.ts): the bill view and the table's due use it. */
export function billTotals(bill: BillWithCounts): { total: string; paid: string; due: string } {
  return lineTotals(bill.items);
}

/**
 * The exact due of bill records toBillView has summed, by record, as canonical text: a table's
 * view made right after from the same records (read-model.ts BillsAtHand) does not sum their
 * lines again. Records are never changed after they are read, so the value stays true for the record.
 */
const dueOfRecord = new WeakMap<BillWithCounts, string>();

function dueOf(bill: BillWithCounts): string {
  return dueOfRecord.get(bill) ?? billTotals(bill).due;
}

/** The sum of canonical decimal texts: in integers when each is a common amount (fixed-point.ts), else with Decimal. */
function sumText(values: readonly string[]): string {
  let n = 0;
  for (const v of values) {
    n += scaledInteger(v, PRODUCT_PLACES);
    if (!Number.isSafeInteger(n)) return canon(sum(values.map(dec)));
  }
  return scaledText(n, PRODUCT_PLACES);
}

/**
 * Each line's view by its record: records are never changed after they are read, so a bill view
 * patched from a payment's events (views.ts patchedBillView), which keeps the records of the lines
 * the payment did not move, makes views only for the lines it did.
 */
const viewOfLine = new WeakMap<BillWithItems['items'][number], BillItemView>();

function lineView(i: BillWithItems['items'][number]): BillItemView {
  const known = viewOfLine.get(i);
  if (known) return known;
  const product = lineProduct(i.price, i.quantity);
  const view = Number.isNaN(product)
    ? itemView(i, money(dec(i.price)), money(dec(i.price).times(i.quantity)))
    : itemView(i, money(i.price), money(scaledText(product, PRODUCT_PLACES)));
  viewOfLine.set(i, view);
  return view;
}

/**
 * The bill's view: its lines' views (made once per line record), its totals as billTotals sums
 * them (exact, in integers for the common line). A live screen gets this view of every bill a
 * payment changes.
 */
export function toBillView(bill: BillWithItems, payments: readonly BillPaymentSummary[]): BillView {
  const items = bill.items.map(lineView);
  const totals = lineTotals(bill.items);
  dueOfRecord.set(bill, totals.due);
  const tips = sumText(payments.flatMap((p) => (p.state === 'PAID' ? [p.tip] : [])));
  return {
    id: bill.id,
    tableId: bill.tableId,
    name: bill.name,
    currency: bill.currency,
    state: bill.state,
    items,
    totals: { total: money(totals.total), paid: money(totals.paid), due: money(totals.due), tips: money(tips) },
    paymentIds: payments.map((p) => p.id),
    created: bill.created,
    updated: bill.updated,
  };
}

function tableState(bills: readonly BillWithCounts[]): TableState {
  const open = bills.filter((b) => b.state === 'OPEN');
  if (open.some((b) => b.items.some((i) => !isZeroText(i.lockedQuantity)))) return 'in-payment';
  if (open.some((b) => b.items.some((i) => !isZeroText(i.paidQuantity)))) return 'partly-paid';
  if (open.length > 0) return 'open';
  return bills.length > 0 ? 'paid' : 'free';
}

const NO_FACTS: TablePaymentFacts = { lastPaid: null, lockedSince: null, awaitingCapture: false };

/**
 * `bills` are the table's bills that are not closed (OPEN and PAID), with their lines or only the
 * lines' counts (all a table's state and due need); `facts` what its payments say.
 */
export function toTableView(table: PlacedTable, bills: readonly BillWithCounts[], facts: TablePaymentFacts = NO_FACTS): TableView {
  const due = sumText(bills.filter((b) => b.state === 'OPEN').map(dueOf));
  const last = facts.lastPaid;
  return {
    id: table.id,
    name: table.name,
    area: table.area,
    state: tableState(bills),
    due: bills.length === 0 ? '0' : money(due),
    currency: bills[0]?.currency ?? null,
    openBillIds: bills.map((b) => b.id),
    order: table.position,
    position: table.plan,
    lastPaid: last ? { amount: money(last.amount), currency: last.currency, at: last.at } : null,
    lockedSince: facts.lockedSince,
    awaitingCapture: facts.awaitingCapture,
  };
}

export function toPaymentView(p: PaymentRecord, context: { tableId: string | null; tableName: string | null; billName: string | null }): PaymentView {
  return {
    id: p.id,
    billId: p.billId,
    tableId: context.tableId,
    tableName: context.tableName,
    billName: context.billName,
    currency: p.currency,
    amount: money(p.amount),
    tip: money(p.tip),
    provider: p.provider,
    state: p.state,
    closedState: p.state === 'PAID' ? null : p.closedState,
    ending: p.state === 'PAID' ? null : p.ending,
    captureMode: p.captureMode,
    captured: p.captured,
    created: p.created,
    closedAt: p.closedAt,
    cancellableUntil: p.state === 'PAID' ? new Date(Date.parse(p.created) + CANCEL_WINDOW_MS).toISOString() : null,
    items: p.items.map((i) => ({ id: i.itemId, name: i.name, price: money(i.price), quantity: canon(i.quantity) })),
  };
}
