import type { BillsStore } from '../../store/index.js';
import type { Table } from '../../base/wire/index.js';
import { ok } from './method-outcome.js';
import type { MethodOutcome } from '../../base/method-types.js';

/**
 * getTableList. The guest app's other reads, getTableContents and getBill, run on every QR scan
 * and are answered from ready JSON (answer-cache.ts).
 */
export function getTableList(store: BillsStore): MethodOutcome {
  return ok(store.listTables().map((t): Table => ({ id: t.id, name: t.name })));
}
