import type { BillStore } from '../store/index.js';
import { RawJson } from './types.js';
import { toWireBill } from './wire-bill.js';

/** More tables than any restaurant has; past it the cache starts over rather than grow. */
const MAX_TABLES = 10_000;

/**
 * getTableContents answers, per table, as ready JSON text. Every committed store change clears
 * it (listeners run right after the commit, before any later call is handled), so an answer is
 * never older than the last write; a busy service pays the query once per table per change.
 */
export function createTableContentsCache(store: BillStore) {
  const cache = new Map<string, RawJson>();
  const off = store.onEvent(() => cache.clear());
  return {
    get(tableId: string): RawJson {
      let answer = cache.get(tableId);
      if (!answer) {
        if (cache.size >= MAX_TABLES) cache.clear();
        answer = new RawJson(JSON.stringify(store.openBillsOfTable(tableId).map(toWireBill)));
        cache.set(tableId, answer);
      }
      return answer;
    },
    close: off,
  };
}
