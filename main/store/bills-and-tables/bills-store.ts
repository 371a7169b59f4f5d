import type { Transactions } from '../repos/tx.js';
import type { BillWithItems, PutBillInput, TableRecord } from '../shared/records.js';
import * as billOps from './bill-ops.js';
import * as tableOps from './table-ops.js';
import type { PlanPoint } from './table-ops.js';

/** Tables and their bills: each write one transaction that also appends its events (bill-ops.ts). */
export interface BillsStore {
  /**
   * putBill whose fsync runs on the threadpool (the POS API's PUT): the commit returns at once and
   * `durable` resolves once the WAL holds it on disk; answer only then. Its events are told then too.
   */
  putBillSynced(input: PutBillInput): { result: billOps.PutBillResult; durable: Promise<void> };
  upsertTable(input: Parameters<typeof billOps.upsertTable>[1]): TableRecord;
  /** Places a table on the floor plan (fractions 0..1) or takes it off (null). */
  setTablePlan(id: string, plan: PlanPoint | null): void;
  /** Renames a table (and its area), keeping its place and waiter. */
  relabelTable(id: string, name: string, area: string | null): void;
  deleteTable(id: string): void;
  putBill(input: PutBillInput): billOps.PutBillResult;
  /** The POS takes guests' lines in (POST /v1/bills/{id}/take-in): they are its own from now on. */
  takeInLines(billId: string, lineIds: string[]): billOps.TakeInResult;
  closeBill(id: string, settlement?: billOps.SettlementInput): BillWithItems;
  openBill(input: { tableId: string; name?: string | null; currency: string }): BillWithItems;
  addItem(billId: string, input: { name: string; price: string; quantity: string; menuId?: string }): BillWithItems;
  setItemQuantity(billId: string, itemId: string, quantity: string): BillWithItems;
  removeItem(billId: string, itemId: string): BillWithItems;
  /** Plain records: the order and floor-plan place are the read model's (read.tables). */
  listTables(): TableRecord[];
  getTable(id: string): TableRecord | null;
  getBill(id: string): BillWithItems | null;
}

const plainTable = ({ id, name, area }: TableRecord): TableRecord => ({ id, name, area });

export function createBillsStore({ write, read, groupThenSync }: Transactions): BillsStore {
  return {
    putBillSynced: (input) => groupThenSync(() => write('putBill', (tx) => billOps.putBill(tx, input)), ['putBill']),
    upsertTable: (input) => write('upsertTable', (tx) => billOps.upsertTable(tx, input)),
    setTablePlan: (id, plan) => write('setTablePlan', (tx) => tableOps.setTablePlan(tx, id, plan)),
    relabelTable: (id, name, area) => write('relabelTable', (tx) => tableOps.relabelTable(tx, id, name, area)),
    deleteTable: (id) => write('deleteTable', (tx) => billOps.deleteTable(tx, id)),
    putBill: (input) => write('putBill', (tx) => billOps.putBill(tx, input)),
    takeInLines: (billId, lineIds) => write('takeInLines', (tx) => billOps.takeInLines(tx, billId, lineIds)),
    closeBill: (id, settlement) => write('closeBill', (tx) => billOps.closeBill(tx, id, settlement)),
    openBill: (input) => write('openBill', (tx) => billOps.openBill(tx, input)),
    addItem: (billId, input) => write('addItem', (tx) => billOps.addItem(tx, billId, input)),
    setItemQuantity: (billId, itemId, quantity) => write('setItemQuantity', (tx) => billOps.setItemQuantity(tx, billId, itemId, quantity)),
    removeItem: (billId, itemId) => write('removeItem', (tx) => billOps.removeItem(tx, billId, itemId)),
    listTables: () => read.tables.list().map(plainTable),
    getTable: (id) => {
      const table = read.tables.get(id);
      return table ? plainTable(table) : null;
    },
    getBill: (id) => read.bills.getWithItems(id),
  };
}
