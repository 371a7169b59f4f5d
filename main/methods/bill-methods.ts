import type { BillStore } from '../store/index.js';
import type { Table } from '../wire/index.js';
import { ok } from './outcome.js';
import type { MethodOutcome } from './types.js';

/**
 * getTableList. The guest app's other reads, getTableContents and getBill, run on every QR scan
 * and are answered from ready JSON (answer-cache.ts).
 */
export function getTableList(store: BillStore): MethodOutcome {
  return ok(store.listTables().map((t): Table => ({ id: t.id, name: t.name })));
}
