import type { BillStore, StoreEvent } from '../store/index.js';
import { RawJson } from './types.js';
import { toWireBill } from './wire-bill.js';

/** More tables than any restaurant has; past it the cache starts over rather than grow. */
const MAX_TABLES = 10_000;

/**
 * getTableContents answers, per table, as ready JSON text. Each committed change drops the
 * answers it can touch (listeners run right after the commit, before any later call is handled):
 * the table an event names, and the table a named bill was on before (a bill can move). During a
 * rush, a payment at one table leaves every other table's answer ready.
 */
export function createTableContentsCache(store: BillStore) {
  const cache = new Map<string, RawJson>();
  /** Which cached table each bill was answered on. */
  const tableOfBill = new Map<string, string>();

  const drop = (tableId: string) => {
    cache.delete(tableId);
  };
  const invalidate = (events: StoreEvent[]) => {
    for (const e of events) {
      if (e.tableId) drop(e.tableId);
      const previous = e.billId ? tableOfBill.get(e.billId) : undefined;
      if (previous) drop(previous);
      if (!e.tableId && !e.billId && e.kind !== 'service.error') {
        // An event that names neither: nothing can be ruled out.
        cache.clear();
        tableOfBill.clear();
      }
    }
  };
  const off = store.onEvent(invalidate);

  return {
    get(tableId: string): RawJson {
      let answer = cache.get(tableId);
      if (!answer) {
        if (cache.size >= MAX_TABLES) {
          cache.clear();
          tableOfBill.clear();
        }
        const bills = store.openBillsOfTable(tableId);
        for (const b of bills) tableOfBill.set(b.id, tableId);
        answer = new RawJson(JSON.stringify(bills.map(toWireBill)));
        cache.set(tableId, answer);
      }
      return answer;
    },
    close: off,
  };
}
