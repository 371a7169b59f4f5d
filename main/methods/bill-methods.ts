import type { BillStore } from '../store/index.js';
import { METHOD_ERROR, type MethodArgs, type Table } from '../wire/index.js';
import { fail, ok } from './outcome.js';
import type { MethodOutcome } from './types.js';
import { toWireBill } from './wire-bill.js';

/** The read-only methods: what the guest app shows after a QR scan. */

export function getTableList(store: BillStore): MethodOutcome {
  return ok(store.listTables().map((t): Table => ({ id: t.id, name: t.name })));
}

/** Called on every QR scan: one indexed query, the table's open bills with what is still payable. */
export function getTableContents(store: BillStore, [tableId]: MethodArgs<'getTableContents'>): MethodOutcome {
  return ok(store.openBillsOfTable(tableId).map(toWireBill));
}

export function getBill(store: BillStore, [billId]: MethodArgs<'getBill'>): MethodOutcome {
  const bill = store.getBill(billId);
  if (!bill) return fail(METHOD_ERROR.BILL_NOT_FOUND, `Bill ${billId} does not exist; scan the table again.`);
  if (bill.state !== 'OPEN') return fail(METHOD_ERROR.BILL_CLOSED, `Bill ${billId} is already ${bill.state === 'PAID' ? 'paid' : 'closed'}.`);
  return ok(toWireBill(bill));
}
