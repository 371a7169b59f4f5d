import { randomUUID } from 'node:crypto';
import { mergeItems, checkBillHeader, isSettled, hasHeldQuantity, sameLine } from './bill-rules.js';
import { canon, dec, money, remainderOf, sum } from '../shared/decimal.js';
import { currencyCode, nonEmptyText, nonNegativeDecimal, positiveDecimal } from '../shared/input-checks.js';
import type { BillRecord, BillWithItems, ItemRecord, PutBillInput, TableRecord, Waiter } from '../shared/records.js';
import { StoreError } from '../../base/store-error.js';
import { planPoint, type PlanPoint } from './table-ops.js';
import { checkBillSize } from './bill-size.js';
import type { WriteTx } from '../repos/tx.js';

/** Table and bill writes. Each runs inside one transaction (see bill-store.ts) and emits its events. */

/** The waiter as given (id and optional name), checked; absent or null: none. */
export function waiterOf(input: { id: string; name?: string | null | undefined } | null | undefined, field: string): Waiter | null {
  if (input === undefined || input === null) return null;
  const name = input.name?.trim() ?? '';
  return { id: nonEmptyText(input.id, `${field}.id`), name: name === '' ? null : name };
}

/** The waiter a bill is under now: its own, else its table's (the default of bills that name none). */
export function billWaiter(tx: Pick<WriteTx, 'tables'>, bill: Pick<BillRecord, 'tableId' | 'waiter'>): Waiter | null {
  return bill.waiter ?? tx.tables.waiterOf(bill.tableId);
}

/**
 * `plan`: a floor-plan place to set, null to take the table off; absent leaves it as it is.
 * `waiter`: the default of the table's bills that name none; a PUT replaces it (absent: none).
 */
export function upsertTable(
  tx: WriteTx,
  input: {
    id: string;
    name: string;
    area?: string | null;
    plan?: PlanPoint | null;
    waiter?: { id: string; name?: string | null | undefined } | null | undefined;
  },
): TableRecord {
  const table: TableRecord = { id: nonEmptyText(input.id, 'id'), name: nonEmptyText(input.name, 'name'), area: input.area ?? null };
  const plan = input.plan === undefined ? undefined : planPoint(input.plan);
  const waiter = waiterOf(input.waiter, 'waiter');
  const created = tx.tables.upsert(tx, table);
  if (plan !== undefined) tx.tables.setPlan(tx, table.id, plan);
  tx.tables.setWaiter(tx, table.id, waiter);
  tx.emit({ kind: 'table.upserted', tableId: table.id, billId: null, paymentId: null, data: { created } });
  return table;
}

export function deleteTable(tx: WriteTx, id: string): void {
  if (!tx.tables.get(id)) throw new StoreError('NOT_FOUND', { reason: 'table', tableId: id });
  const open = tx.bills.openCountOnTable(id);
  if (open > 0) {
    throw new StoreError('CONFLICT', { reason: 'table-has-bills', tableId: id, open });
  }
  tx.tables.remove(tx, id);
  tx.emit({ kind: 'table.deleted', tableId: id, billId: null, paymentId: null, data: {} });
}

function requireBill(tx: WriteTx, id: string): BillWithItems {
  const bill = tx.bills.getWithItems(id);
  if (!bill) throw new StoreError('BILL_NOT_FOUND', { billId: id });
  return bill;
}

function requireEditable(tx: WriteTx, id: string): BillWithItems {
  const bill = requireBill(tx, id);
  if (bill.state === 'CLOSED') throw new StoreError('BILL_CLOSED', { billId: id });
  return bill;
}

function requireTable(tx: WriteTx, tableId: string, field: string): void {
  if (!tx.tables.get(tableId)) {
    throw new StoreError('INVALID', { reason: 'unknown-table', tableId }, field);
  }
}

/** OPEN while anything is due, PAID once every line is paid; a CLOSED bill stays closed. */
export function settleBill(tx: WriteTx, bill: BillRecord, items: readonly Pick<ItemRecord, 'quantity' | 'paidQuantity'>[]): BillRecord['state'] {
  if (bill.state === 'CLOSED') return 'CLOSED';
  const next = isSettled(items) ? 'PAID' : 'OPEN';
  if (next !== bill.state) {
    tx.bills.setState(tx, bill.id, next);
    if (next === 'PAID') tx.emit({ kind: 'bill.paid', tableId: bill.tableId, billId: bill.id, paymentId: null, data: {} });
  }
  return next;
}

/**
 * The autoCloseBills setting: a bill whose every item is paid closes itself
 * (the table goes back to free), unless another payment on it is still running. Returns the state.
 */
export function autoCloseIfPaid(tx: WriteTx, bill: BillRecord, state: BillRecord['state']): BillRecord['state'] {
  if (state !== 'PAID' || tx.payments.hasPendingOnBill(bill.id)) return state;
  tx.bills.setState(tx, bill.id, 'CLOSED');
  tx.emit({ kind: 'bill.closed', tableId: bill.tableId, billId: bill.id, paymentId: null, data: { previousState: 'PAID', auto: true } });
  return 'CLOSED';
}

/**
 * A bill that closed itself reopens when a payment on it is refunded (its items are due again);
 * a bill the cashier closed stays closed. Returns the bill with its state now.
 */
export function reopenIfAutoClosed(tx: WriteTx, bill: BillRecord): BillRecord {
  if (bill.state !== 'CLOSED' || tx.events.lastCloseOfBill(bill.id)?.data.auto !== true) return bill;
  tx.bills.setState(tx, bill.id, 'OPEN');
  emitUpdated(tx, bill, { reopened: true });
  return { ...bill, state: 'OPEN' };
}

function emitUpdated(tx: WriteTx, bill: BillRecord, data: Record<string, unknown>): void {
  tx.emit({ kind: 'bill.updated', tableId: bill.tableId, billId: bill.id, paymentId: null, data });
}

/** A guest's line a PUT left out and kept (docs/decisions/013-line-ownership.md). */
export interface KeptGuestLine {
  id: string;
  name: string;
  orderId: string;
}

/** What a PUT did to the guests' lines: taken in (sent back by the POS) and kept (left out, still the guest's). */
export type PutBillResult = BillWithItems & { guestLinesTakenIn: string[]; guestLinesKept: KeptGuestLine[] };

/**
 * Creates a bill or replaces its items and header (the local POS API's PUT). Lines a guest ordered
 * and the POS has not taken in yet are not the POS's to drop: a list that leaves them out keeps them
 * (after the POS's lines, in their order) and says so; a list that names them takes them in.
 */
export function putBill(tx: WriteTx, input: PutBillInput): PutBillResult {
  checkBillHeader(input);
  requireTable(tx, input.tableId, 'tableId');
  const old = tx.bills.getWithItems(input.id);
  if (old?.state === 'CLOSED') throw new StoreError('BILL_CLOSED', { reason: 'resend', billId: input.id });
  const pending = old ? tx.bills.guestLines(input.id) : [];
  const sent = new Set(input.items.map((i) => i.id));
  const keptIds = new Set(pending.filter((g) => !sent.has(g.itemId)).map((g) => g.itemId));
  const merged = mergeItems(input.id, old?.items ?? [], input.items, keptIds);
  const keptItems = (old?.items ?? []).filter((i) => keptIds.has(i.id)).map((i, k) => ({ ...i, position: merged.length + k }));
  const items = keptItems.length === 0 ? merged : [...merged, ...keptItems];
  if (old && hasHeldQuantity(old.items)) {
    if (old.currency !== input.currency) {
      throw new StoreError('CONFLICT', { reason: 'currency-fixed', billId: input.id, currency: old.currency }, 'currency');
    }
    if (old.tableId !== input.tableId && tx.payments.hasPendingOnBill(input.id)) {
      throw new StoreError('CONFLICT', { reason: 'move-while-paying', billId: input.id }, 'tableId');
    }
  }
  const bill: BillRecord = {
    id: input.id,
    tableId: input.tableId,
    name: input.name ?? null,
    currency: input.currency,
    state: old?.state ?? 'OPEN',
    allowTip: input.allowTip ?? true,
    allowPartialPayment: input.allowPartialPayment ?? true,
    denyDiscounts: input.denyDiscounts ?? false,
    additionalData: input.additionalData ?? null,
    waiter: waiterOf(input.waiter, 'waiter'),
    created: old?.created ?? tx.now,
    updated: tx.now,
  };
  checkBillSize({ ...bill, items });
  if (old) {
    tx.bills.update(tx, bill);
    const keep = new Set(items.map((i) => i.id));
    for (const o of old.items) if (!keep.has(o.id)) tx.bills.deleteItem(tx, bill.id, o.id);
    const had = new Map(old.items.map((i) => [i.id, i]));
    for (const i of items) {
      const stored = had.get(i.id);
      if (!stored) tx.bills.insertItem(tx, bill.id, i);
      else if (!sameLine(stored, i)) tx.bills.updateItem(tx, bill.id, i);
    }
  } else {
    tx.bills.insert(tx, bill);
    for (const i of items) tx.bills.insertItem(tx, bill.id, i);
  }
  const takenIn = pending.filter((g) => sent.has(g.itemId)).map((g) => g.itemId);
  for (const id of takenIn) tx.bills.dropGuestLine(tx, bill.id, id);
  const orderOf = new Map(pending.map((g) => [g.itemId, g.orderId]));
  const guestLinesKept = keptItems.map((i) => ({ id: i.id, name: i.name, orderId: orderOf.get(i.id)! }));
  emitUpdated(tx, bill, {
    created: !old,
    previousTableId: old && old.tableId !== bill.tableId ? old.tableId : undefined,
    ...(takenIn.length > 0 ? { takenIn } : {}),
    ...(guestLinesKept.length > 0 ? { guestLinesKept: guestLinesKept.map((g) => g.id) } : {}),
  });
  bill.state = settleBill(tx, bill, items);
  return Object.assign({ ...bill, items }, { guestLinesTakenIn: takenIn, guestLinesKept });
}

/** What a take-in did with each line id it named. */
export interface TakeInResult {
  /** Guest lines that are the POS's from now on. */
  takenIn: string[];
  /** Lines on the bill that were the POS's already (taken in before, or sent by it): nothing to do. */
  alreadyPos: string[];
  /** Not on the bill (e.g. a cancelled order's line that left it). */
  notOnBill: string[];
}

/** POST /v1/bills/{id}/take-in: the POS takes guest lines in without re-sending the bill. Idempotent. */
export function takeInLines(tx: WriteTx, billId: string, lineIds: string[]): TakeInResult {
  const bill = requireBill(tx, billId);
  const ids = [...new Set(lineIds.map((id, i) => nonEmptyText(id, `lineIds[${i}]`)))];
  const onBill = new Set(bill.items.map((i) => i.id));
  const result: TakeInResult = { takenIn: [], alreadyPos: [], notOnBill: [] };
  for (const id of ids) {
    if (tx.bills.dropGuestLine(tx, billId, id)) result.takenIn.push(id);
    else if (onBill.has(id)) result.alreadyPos.push(id);
    else result.notOnBill.push(id);
  }
  if (result.takenIn.length > 0) emitUpdated(tx, bill, { takenIn: result.takenIn });
  return result;
}

export const SETTLEMENT_METHODS = ['cash', 'card-at-counter', 'written-off', 'walkout'] as const;
export interface SettlementInput {
  method: string;
  note?: string | undefined;
}

function checkSettlement(s: SettlementInput): { method: string; note: string | null } {
  if (!(SETTLEMENT_METHODS as readonly string[]).includes(s.method)) {
    throw new StoreError('INVALID', { reason: 'one-of', allowed: SETTLEMENT_METHODS.join(', ') }, 'settlement.method');
  }
  const note = s.note?.trim() ?? '';
  if (note.length > 500) throw new StoreError('INVALID', { reason: 'too-long', max: 500 }, 'settlement.note');
  return { method: s.method, note: note === '' ? null : note };
}

/**
 * Closes a bill (DELETE /v1/bills/{id}, the cashier's "close"). Refused while a guest is paying.
 * With an amount still due, `settlement` (how it was settled) is kept with the bill (migration
 * 006) and in the bill.closed event, with the amount that was due, the time and the bill's waiter
 * at the close (migration 016): the day report's settlement lines.
 */
export function closeBill(tx: WriteTx, id: string, settlement?: SettlementInput): BillWithItems {
  const bill = requireBill(tx, id);
  const settled = settlement ? checkSettlement(settlement) : null;
  if (bill.state === 'CLOSED') return bill;
  if (tx.payments.hasPendingOnBill(id)) {
    throw new StoreError('CONFLICT', { reason: 'close-while-paying', billId: id });
  }
  const due = money(sum(bill.items.map((i) => remainderOf(i).times(dec(i.price)))));
  const kept = settled && due !== '0.00' ? { ...settled, due } : null;
  if (kept) tx.bills.setSettlement(tx, id, { ...kept, waiter: billWaiter(tx, bill) });
  tx.bills.setState(tx, id, 'CLOSED');
  tx.emit({ kind: 'bill.closed', tableId: bill.tableId, billId: id, paymentId: null, data: { previousState: bill.state, due, settlement: kept } });
  return { ...bill, state: 'CLOSED', updated: tx.now };
}

export function openBill(tx: WriteTx, input: { tableId: string; name?: string | null; currency: string }): BillWithItems {
  requireTable(tx, nonEmptyText(input.tableId, 'tableId'), 'tableId');
  return putBill(tx, {
    id: randomUUID(),
    tableId: input.tableId,
    name: input.name ?? null,
    currency: currencyCode(input.currency, 'currency'),
    items: [],
  });
}

export function addItem(tx: WriteTx, billId: string, input: { name: string; price: string; quantity: string; menuId?: string }): BillWithItems {
  const bill = requireEditable(tx, billId);
  const item: ItemRecord = {
    id: randomUUID(),
    position: bill.items.reduce((max, i) => Math.max(max, i.position + 1), 0),
    name: nonEmptyText(input.name, 'name'),
    price: canon(nonNegativeDecimal(input.price, 'price')),
    quantity: canon(positiveDecimal(input.quantity, 'quantity')),
    minQuantity: '1',
    tags: input.menuId ? [`menu:${input.menuId}`] : [],
    paidQuantity: '0',
    lockedQuantity: '0',
  };
  checkBillSize({ ...bill, items: [...bill.items, item] });
  tx.bills.insertItem(tx, billId, item);
  tx.bills.setState(tx, billId, 'OPEN');
  emitUpdated(tx, bill, { addedItemId: item.id });
  return requireBill(tx, billId);
}

export function setItemQuantity(tx: WriteTx, billId: string, itemId: string, quantity: string): BillWithItems {
  const bill = requireEditable(tx, billId);
  const item = bill.items.find((i) => i.id === itemId);
  if (!item) throw new StoreError('NOT_FOUND', { reason: 'bill-item', itemId, billId }, 'itemId');
  const next = dec(nonNegativeDecimal(quantity, 'quantity'));
  const held = dec(item.paidQuantity).plus(item.lockedQuantity);
  if (next.lessThan(held)) {
    throw new StoreError('CONFLICT', { reason: 'quantity-held', item: item.name, held: canon(held) }, 'quantity');
  }
  const updated = { ...item, quantity: canon(next) };
  checkBillSize({ ...bill, items: bill.items.map((i) => (i.id === itemId ? updated : i)) });
  tx.bills.updateItem(tx, billId, updated);
  emitUpdated(tx, bill, { itemId });
  settleBill(
    tx,
    { ...bill, updated: tx.now },
    bill.items.map((i) => (i.id === itemId ? updated : i)),
  );
  return requireBill(tx, billId);
}

export function removeItem(tx: WriteTx, billId: string, itemId: string): BillWithItems {
  const bill = requireEditable(tx, billId);
  const item = bill.items.find((i) => i.id === itemId);
  if (!item) throw new StoreError('NOT_FOUND', { reason: 'bill-item', itemId, billId }, 'itemId');
  if (!dec(item.paidQuantity).isZero() || !dec(item.lockedQuantity).isZero()) {
    throw new StoreError('CONFLICT', { reason: 'item-held', item: item.name });
  }
  tx.bills.deleteItem(tx, billId, itemId);
  emitUpdated(tx, bill, { removedItemId: itemId });
  settleBill(
    tx,
    bill,
    bill.items.filter((i) => i.id !== itemId),
  );
  return requireBill(tx, billId);
}
