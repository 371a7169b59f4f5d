import { nonEmptyText } from '../shared/input-checks.js';
import { StoreError } from '../../base/store-error.js';
import type { WriteTx } from '../repos/tx.js';

/** A table's place on the floor plan. */

export interface PlanPoint {
  x: number;
  y: number;
}

function fraction(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) {
    throw new StoreError('INVALID', { reason: 'fraction' }, field);
  }
  return value;
}

/** Checks a plan point (fractions 0..1 of the plan's width and height); null takes the table off the plan. */
export function planPoint(value: PlanPoint | null, field = 'position'): PlanPoint | null {
  if (value === null) return null;
  return { x: fraction(value.x, `${field}.x`), y: fraction(value.y, `${field}.y`) };
}

/** Places a table on the floor plan (or takes it off); the table's views follow through its event. */
export function setTablePlan(tx: WriteTx, id: string, plan: PlanPoint | null): void {
  const checked = planPoint(plan);
  if (!tx.tables.get(nonEmptyText(id, 'tableId'))) throw new StoreError('NOT_FOUND', { reason: 'table', tableId: id }, 'tableId');
  tx.tables.setPlan(tx, id, checked);
  tx.emit({ kind: 'table.upserted', tableId: id, billId: null, paymentId: null, data: { created: false, plan: checked } });
}

/** A table's name and area only: its floor-plan place and waiter stay (demo data re-labelled in another language). */
export function relabelTable(tx: WriteTx, id: string, name: string, area: string | null): void {
  if (!tx.tables.get(nonEmptyText(id, 'tableId'))) throw new StoreError('NOT_FOUND', { reason: 'table', tableId: id }, 'tableId');
  tx.tables.upsert(tx, { id, name: nonEmptyText(name, 'name'), area });
  tx.emit({ kind: 'table.upserted', tableId: id, billId: null, paymentId: null, data: { created: false } });
}
