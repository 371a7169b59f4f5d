import type { BillsStore, EventsStore, StoreEngine, BillWithItems, StoreEvent } from '../../store/index.js';
import { METHOD_ERROR } from '../../base/wire/index.js';
import { fail, ok } from './method-outcome.js';
import { RawJson, type MethodOutcome } from '../../base/method-types.js';
import { toWireBill } from './wire-bill.js';

/** More tables (and open bills) than any restaurant has; past it the cache starts over rather than grow. */
const MAX_ENTRIES = 10_000;

/**
 * The guest app's read answers, kept as ready JSON text: getTableContents per table and getBill
 * per open bill (a scan is followed by getBill of a bill the scan just listed, so the scan fills
 * both). Each committed change drops the answers it can touch (listeners run right after the
 * commit, before any later call is handled): the table an event names, the table a named bill was
 * answered on (a bill can move), and the named bill. During a rush, a payment at one table leaves
 * every other table's and bill's answer ready.
 */
export function createAnswerCache(store: BillsStore & EventsStore & StoreEngine) {
  const tables = new Map<string, RawJson>();
  const bills = new Map<string, RawJson>();
  /** Which cached table each bill was answered on. */
  const tableOfBill = new Map<string, string>();

  const clear = () => {
    tables.clear();
    bills.clear();
    tableOfBill.clear();
  };
  const invalidate = (events: StoreEvent[]) => {
    for (const e of events) {
      if (e.tableId) tables.delete(e.tableId);
      if (e.billId) {
        bills.delete(e.billId);
        const previous = tableOfBill.get(e.billId);
        if (previous) tables.delete(previous);
      }
      // An event that names neither: nothing can be ruled out.
      // (Menu and order events change no bill: their bill lines come with a bill.updated.)
      if (!e.tableId && !e.billId && e.kind !== 'service.error' && !e.kind.startsWith('menu.') && !e.kind.startsWith('order')) clear();
    }
  };
  const off = store.onCommit(invalidate);

  const billAnswer = (bill: BillWithItems): RawJson => {
    const answer = new RawJson(JSON.stringify(toWireBill(bill)));
    bills.set(bill.id, answer);
    return answer;
  };

  return {
    /** getTableContents: the table's open bills with what is still payable. */
    tableContents(tableId: string): RawJson {
      let answer = tables.get(tableId);
      if (!answer) {
        if (tables.size >= MAX_ENTRIES || bills.size >= MAX_ENTRIES) clear();
        // SQLite writes each bill's JSON where it needs no decimal arithmetic; a bill with part
        // of a line paid is read and mapped here (store/bill-json.ts). Nothing commits in between.
        const parts: string[] = [];
        for (const row of store.read.bills.openBillsJson(tableId)) {
          tableOfBill.set(row.id, tableId);
          if (row.json !== null) {
            bills.set(row.id, new RawJson(row.json));
            parts.push(row.json);
            continue;
          }
          const bill = store.getBill(row.id);
          if (bill) parts.push(billAnswer(bill).json);
        }
        answer = new RawJson(`[${parts.join(',')}]`);
        tables.set(tableId, answer);
      }
      return answer;
    },
    /** getBill: the open bill, or BILL_NOT_FOUND / BILL_CLOSED (errors are not kept). */
    bill(billId: string): MethodOutcome {
      const cached = bills.get(billId);
      if (cached) return ok(cached);
      const bill = store.getBill(billId);
      if (!bill) return fail(METHOD_ERROR.BILL_NOT_FOUND, `Bill ${billId} does not exist; scan the table again.`);
      if (bill.state !== 'OPEN') return fail(METHOD_ERROR.BILL_CLOSED, `Bill ${billId} is already ${bill.state === 'PAID' ? 'paid' : 'closed'}.`);
      if (bills.size >= MAX_ENTRIES) clear();
      return ok(billAnswer(bill));
    },
    close: off,
  };
}
