// The names a refusal carries to the renderer: table, bill and item names and amounts, looked up
// from the ids a command was given. Never the ids themselves: the cashier reads names.
import type { ErrorParams } from '../../../preload/contract.js';
import type { BillsStore, PaymentsStore } from '../../store/index.js';
import type { FailureContext } from '../../base/command-result.js';

function tableParams(store: BillsStore, tableId: string | null | undefined): ErrorParams {
  if (!tableId) return {};
  const table = store.getTable(tableId);
  return table ? { table: table.name } : {};
}

/** The bill's table and (when it has one) its own name. */
export function billParams(store: BillsStore & PaymentsStore, billId: string, itemId?: string): ErrorParams {
  const bill = store.getBill(billId);
  if (!bill) return {};
  const params: ErrorParams = { ...tableParams(store, bill.tableId), currency: bill.currency };
  if (bill.name) params.bill = bill.name;
  const item = itemId ? bill.items.find((i) => i.id === itemId) : undefined;
  if (item) params.item = item.name;
  return params;
}

/** A payment's amount and its bill's table. */
export function paymentParams(store: BillsStore & PaymentsStore, paymentId: string): ErrorParams {
  const payment = store.getPayment(paymentId);
  if (!payment) return {};
  return { ...billParams(store, payment.billId), amount: payment.amount, currency: payment.currency };
}

export function billContext(store: BillsStore & PaymentsStore, billId: string, itemId?: string): FailureContext {
  return { params: () => billParams(store, billId, itemId) };
}

export function tableContext(store: BillsStore, tableId: string): FailureContext {
  return { params: () => tableParams(store, tableId) };
}

/** Closing: the store's generic CONFLICT there means a guest's payment holds the bill. */
export function closeContext(store: BillsStore & PaymentsStore, billId: string): FailureContext {
  return { ...billContext(store, billId), refine: (e) => (e.code === 'CONFLICT' ? 'BILL_LOCKED' : null) };
}

export function paymentContext(store: BillsStore & PaymentsStore, paymentId: string): FailureContext {
  return { params: () => paymentParams(store, paymentId) };
}
