import type { BillView, PaymentView, TableView } from '../../../preload/contract.js';
import type { BillState, BillWithCounts, BillWithItems, PaymentRecord, ReadTx } from '../../store/index.js';
import { toBillView, toPaymentView, toTableView } from './view-builders.js';

/**
 * The read model: the contract's BillView, TableView and PaymentView (preload/contract.ts), built
 * from the store's reader halves. The renderer (ui-api.ts, event-fanout.ts) shows these shapes;
 * the local POS API reads them here and maps them to its own answers (pos-api-contract.ts). The
 * store itself hands out only its records. Each function reads committed state.
 */
interface ReadSource {
  read: ReadTx;
}

const withPayments = (read: ReadTx, bill: BillWithItems): BillView => toBillView(bill, read.payments.summariesOfBill(bill.id));

/**
 * Bills read with their lines during one synchronous run of views (event-fanout.ts): the view of
 * their table takes them as they are instead of reading the lines again. Only valid within that run.
 */
export type BillsAtHand = Map<string, BillWithItems>;

export function billView({ read }: ReadSource, id: string, atHand?: BillsAtHand): BillView | null {
  const bill = read.bills.getWithItems(id);
  if (!bill) return null;
  atHand?.set(id, bill);
  return withPayments(read, bill);
}

/**
 * The bill's view from `previous` (its record as last read) where only the lines `lineIds` may
 * have changed since (the lines a payment moved): the bill's row and those lines are read again,
 * the other lines' records (and their views) are kept. A line of `lineIds` the record does not
 * hold, or the store no longer does, reads the whole bill again.
 */
export function patchedBillView({ read }: ReadSource, previous: BillWithItems, lineIds: ReadonlySet<string>, atHand?: BillsAtHand): BillView | null {
  const header = read.bills.get(previous.id);
  if (!header) return null;
  let items = previous.items;
  if (lineIds.size > 0) {
    items = previous.items.slice();
    let found = 0;
    for (let k = 0; k < items.length; k++) {
      if (!lineIds.has(items[k]!.id)) continue;
      const line = read.bills.item(previous.id, items[k]!.id);
      if (!line) return billView({ read }, previous.id, atHand);
      items[k] = line;
      found++;
    }
    if (found !== lineIds.size) return billView({ read }, previous.id, atHand);
  }
  const bill: BillWithItems = Object.assign(header, { items });
  atHand?.set(bill.id, bill);
  return withPayments(read, bill);
}

/**
 * Bill views, oldest first; with `limit` or `after`, one page in bill-id order after the id
 * `after` (a stable cursor even when bills close between pages), paged in SQL.
 */
export function billViews(
  { read }: ReadSource,
  filter: { tableId?: string | undefined; state?: BillState | undefined; after?: string | undefined; limit?: number | undefined } = {},
): BillView[] {
  if (filter.limit !== undefined || filter.after !== undefined) return read.bills.page(filter).map((b) => withPayments(read, b));
  return read.bills.listWithItems(filter).map((b) => withPayments(read, b));
}

export function tableViews({ read }: ReadSource): TableView[] {
  const byTable = new Map<string, BillWithCounts[]>();
  for (const bill of read.bills.activeWithCounts()) {
    const bills = byTable.get(bill.tableId) ?? [];
    bills.push(bill);
    byTable.set(bill.tableId, bills);
  }
  const facts = read.tables.allPaymentFacts();
  // In the order the POS first gave the tables in (tables.position): the renderer keeps areas in it.
  return read.tables.list().map((t) => toTableView(t, byTable.get(t.id) ?? [], facts.get(t.id)));
}

/** The views of a table's bills not yet closed, in its order (TableView.openBillIds); null when there is no such table. */
export function activeBillViews({ read }: ReadSource, tableId: string): BillView[] | null {
  if (!read.tables.get(tableId)) return null;
  return read.bills.activeOfTable(tableId).map((b) => withPayments(read, b));
}

export function tableView({ read }: ReadSource, id: string, atHand?: BillsAtHand): TableView | null {
  const table = read.tables.get(id);
  return table ? toTableView(table, read.bills.activeCountsOfTable(id, atHand), read.tables.paymentFacts(id)) : null;
}

const paymentContext = (read: ReadTx, p: PaymentRecord) => {
  const bill = read.bills.get(p.billId);
  const table = bill ? read.tables.get(bill.tableId) : null;
  return { tableId: bill?.tableId ?? null, tableName: table?.name ?? null, billName: bill?.name ?? null };
};

export function paymentView({ read }: ReadSource, id: string): PaymentView | null {
  const p = read.payments.get(id);
  return p ? toPaymentView(p, paymentContext(read, p)) : null;
}

/** Payments created at or after `since` (ms epoch; default all), oldest first. */
export function paymentViews({ read }: ReadSource, filter: { since?: number } = {}): PaymentView[] {
  return read.payments.listSince(new Date(filter.since ?? 0).toISOString()).map((p) => toPaymentView(p, paymentContext(read, p)));
}

/** Payments still in progress created before `before` (ms epoch), oldest first: the partial index payments_pending, a handful of rows. */
export function pendingPaymentViews({ read }: ReadSource, filter: { before: number }): PaymentView[] {
  const before = new Date(filter.before).toISOString();
  return read.payments.pending().flatMap((p) => (p.created < before ? [toPaymentView(p, paymentContext(read, p))] : []));
}
