import type { Order, Payment, Receipt } from '../../base/wire/index.js';
import { openBill, settleBill } from '../bills-and-tables/bill-ops.js';
import { canon, dec } from '../shared/decimal.js';
import type { OrderRecord, StaffState } from '../shared/menu-order-records.js';
import { canMove, isFinal, priceOrder } from './order-rules.js';
import type { ItemRecord } from '../shared/records.js';
import { StoreError } from '../../base/store-error.js';
import type { WriteTx } from '../repos/tx.js';

/** Guest orders: each step idempotent, so a retried call (any transport, a restart between) applies once. */

/** Bill lines of an order carry this tag (and `menu:<item id>`): "ordered by the guest". */
export const orderTag = (orderId: string): string => `order:${orderId}`;

const emitOrder = (
  tx: WriteTx,
  kind: 'order.created' | 'order.status' | 'order.paid' | 'order.closed' | 'order.sent',
  o: OrderRecord,
  data: Record<string, unknown> = {},
) => tx.emit({ kind, tableId: o.tableId, billId: o.billId, paymentId: null, data: { orderId: o.id, status: o.status, ...data } });

function requireOrder(tx: WriteTx, id: string): OrderRecord {
  const order = tx.orders.get(id);
  if (!order) throw new StoreError('ORDER_NOT_FOUND', { orderId: id }, 'idOrder');
  return order;
}

/** The table's open bill in the order's currency (the one the guest named, if it still is), or a new one the order opened. */
function billFor(tx: WriteTx, order: Order, tableId: string): string {
  const open = tx.bills.openBillsWithItems(tableId).filter((b) => b.currency === order.currency);
  const named = open.find((b) => b.id === order.delivery.idBill);
  const found = named ?? open[0];
  if (found) return found.id;
  const opened = openBill(tx, { tableId, currency: order.currency });
  tx.bills.markOpenedByOrder(tx, opened.id, order.id);
  return opened.id;
}

/**
 * Appends the order's lines to the bill, with ids made from the order's (so they are never doubled).
 * They are the guest's until the POS takes them in (docs/decisions/013-line-ownership.md).
 */
function appendLines(tx: WriteTx, billId: string, order: OrderRecord): ItemRecord[] {
  const lines: ItemRecord[] = [];
  const bill = tx.bills.getWithItems(billId)!;
  let position = bill.items.reduce((max, i) => Math.max(max, i.position + 1), 0);
  order.items.forEach((line, i) => {
    const item: ItemRecord = {
      id: `${order.id}#${i + 1}`,
      position: position++,
      name: line.note ? `${line.name} (${line.note})` : line.name,
      price: line.price,
      quantity: line.quantity,
      minQuantity: '1',
      tags: [orderTag(order.id), `menu:${line.id}`],
      paidQuantity: '0',
      lockedQuantity: '0',
    };
    tx.bills.insertItem(tx, billId, item);
    tx.bills.addGuestLine(tx, billId, item.id, order.id);
    lines.push(item);
  });
  tx.bills.setState(tx, billId, 'OPEN');
  tx.emit({ kind: 'bill.updated', tableId: bill.tableId, billId, paymentId: null, data: { orderId: order.id, guestLines: lines.map((l) => l.id) } });
  return lines;
}

/** orderStart: stores the order (priced from the menu) and, for toBill / toTable, puts its lines on the bill. */
export function startOrder(tx: WriteTx, order: Order): { order: OrderRecord; repeated: boolean } {
  const known = tx.orders.get(order.id);
  if (known) return { order: known, repeated: true };
  const { items, total } = priceOrder(tx, order);
  const tableId = order.delivery.type === 'byCustomer' ? null : order.delivery.idTable!;
  const record: OrderRecord = {
    id: order.id,
    currency: order.currency,
    deliveryType: order.delivery.type,
    tableId,
    billId: tableId === null ? null : billFor(tx, order, tableId),
    pickupAt: order.delivery.pickupAt ?? null,
    items,
    note: order.note ?? null,
    customerName: order.customer?.name ?? null,
    total,
    status: 'NEW',
    rejectReason: null,
    closedState: null,
    payment: null,
    receipt: null,
    created: tx.now,
    updated: tx.now,
  };
  tx.orders.insert(tx, record);
  const lines = record.billId === null ? [] : appendLines(tx, record.billId, record);
  // The POS learns of the guest's lines here: their ids are the ones it takes them in by.
  const onBill = lines.map((l, i) => ({ id: l.id, name: l.name, price: l.price, quantity: l.quantity, menuItemId: record.items[i]!.id }));
  emitOrder(tx, 'order.created', record, { deliveryType: record.deliveryType, total, ...(record.billId === null ? {} : { lines: onBill }) });
  return { order: record, repeated: false };
}

/**
 * orderMarkAsPaid (byCustomer): keeps the payment and answers a receipt, the same one when asked again.
 * A toBill / toTable order is paid on its bill (docs/PROTOCOL.md §5): refused, nothing changes.
 */
export function markOrderPaid(tx: WriteTx, id: string, payment: Payment): { receipt: Receipt; repeated: boolean } {
  const order = requireOrder(tx, id);
  if (order.deliveryType !== 'byCustomer') {
    throw new StoreError('INVALID', { reason: 'not-prepaid', orderId: id, delivery: order.deliveryType }, 'idOrder');
  }
  if (order.receipt !== null) return { receipt: order.receipt, repeated: true };
  if (order.status === 'CANCELLED' || order.status === 'REJECTED') {
    throw new StoreError('ORDER_CLOSED', { orderId: id, status: order.status }, 'idOrder');
  }
  const receipt: Receipt = {
    receiptInfo: { billName: order.customerName, timestamp: tx.now, serial: String(tx.events.nextCounter(tx, 'receiptSerial')) },
    items: order.items.map((l) => ({ id: l.id, name: l.name, price: l.price, quantity: l.quantity, tags: [] })),
    taxInfo: [],
    fiscalInfo: null,
    receiptDeliveryType: 'QERKO_GENERATED',
    finalPrice: order.total,
  };
  const paid: OrderRecord = { ...order, payment, receipt, updated: tx.now };
  tx.orders.update(tx, paid);
  emitOrder(tx, 'order.paid', paid, { paymentId: payment.id, serial: receipt.receiptInfo.serial });
  return { receipt, repeated: false };
}

/**
 * Takes a cancelled or rejected order's unpaid lines off its bill (taken in by the POS or not: the
 * kitchen will not make them); a line partly paid keeps what is paid or in payment. The event names
 * the lines that left and those cut down. A bill the order opened that is left empty closes.
 */
function removeUnpaidLines(tx: WriteTx, order: OrderRecord): void {
  if (order.billId === null) return;
  const bill = tx.bills.getWithItems(order.billId);
  if (!bill || bill.state === 'CLOSED') return;
  const tag = orderTag(order.id);
  let items = bill.items;
  const removedLines: string[] = [];
  const reducedLines: { id: string; quantity: string }[] = [];
  for (const line of bill.items.filter((i) => i.tags.includes(tag))) {
    const held = dec(line.paidQuantity).plus(line.lockedQuantity);
    if (held.isZero()) {
      tx.bills.deleteItem(tx, bill.id, line.id);
      tx.bills.dropGuestLine(tx, bill.id, line.id);
      items = items.filter((i) => i.id !== line.id);
      removedLines.push(line.id);
    } else if (held.lessThan(line.quantity)) {
      const kept = { ...line, quantity: canon(held) };
      tx.bills.updateItem(tx, bill.id, kept);
      items = items.map((i) => (i.id === line.id ? kept : i));
      reducedLines.push({ id: line.id, quantity: kept.quantity });
    }
  }
  tx.emit({
    kind: 'bill.updated',
    tableId: bill.tableId,
    billId: bill.id,
    paymentId: null,
    data: { orderId: order.id, cancelled: true, removedLines, reducedLines },
  });
  if (items.length === 0 && tx.bills.openedByOrder(bill.id) === order.id && !tx.payments.hasPendingOnBill(bill.id)) {
    tx.bills.setState(tx, bill.id, 'CLOSED');
    tx.emit({
      kind: 'bill.closed',
      tableId: bill.tableId,
      billId: bill.id,
      paymentId: null,
      data: { previousState: bill.state, due: '0.00', settlement: null, emptiedBy: order.id },
    });
    return;
  }
  settleBill(tx, bill, items);
}

/** orderClose: COMPLETED or CANCELLED from the service. Idempotent; an unknown order changes nothing. */
export function closeOrder(tx: WriteTx, id: string, state: 'COMPLETED' | 'CANCELLED'): { changed: boolean; order: OrderRecord | null } {
  const order = tx.orders.get(id);
  if (!order) return { changed: false, order: null };
  if (order.closedState !== null) return { changed: false, order };
  // The service closes a rejected order CANCELLED: it stays REJECTED (with its reason) at the till.
  const status = state === 'CANCELLED' ? (order.status === 'REJECTED' ? 'REJECTED' : 'CANCELLED') : isFinal(order.status) ? order.status : 'COMPLETE';
  const closed: OrderRecord = { ...order, status, closedState: state, updated: tx.now };
  tx.orders.update(tx, closed);
  if (state === 'CANCELLED') {
    removeUnpaidLines(tx, order);
    tx.orders.dropPushes(tx, id);
  }
  emitOrder(tx, 'order.closed', closed, { closedState: state, previous: order.status });
  return { changed: true, order: closed };
}

/** A staff decision: moves the order and queues the status for the service (durable outbox). */
export function setOrderStatus(tx: WriteTx, id: string, status: StaffState, reason: string | null): { changed: boolean; order: OrderRecord } {
  const order = requireOrder(tx, id);
  if (order.status === status) return { changed: false, order };
  if (!canMove(order.status, status)) {
    throw new StoreError('CONFLICT', { reason: 'order-status', orderId: id, from: order.status, to: status }, 'status');
  }
  if (status === 'REJECTED' && !reason?.trim()) throw new StoreError('INVALID', { reason: 'reject-reason' }, 'reason');
  const next: OrderRecord = { ...order, status, rejectReason: status === 'REJECTED' ? reason : order.rejectReason, updated: tx.now };
  tx.orders.update(tx, next);
  // The status machine never returns to COMPLETE, so it is queued (and sent) at most once per order.
  tx.orders.queuePush(tx, id, status, status === 'REJECTED' ? reason : null);
  if (status === 'REJECTED') removeUnpaidLines(tx, order);
  emitOrder(tx, 'order.status', next, { previous: order.status, reason: next.rejectReason });
  return { changed: true, order: next };
}

/** The service accepted a queued status (or refused it for good): it leaves the outbox. */
export function statusPushed(tx: WriteTx, seq: number): boolean {
  const push = tx.orders.pendingPushes().find((p) => p.seq === seq);
  const done = tx.orders.pushDone(tx, seq);
  // The inbox says "not yet confirmed" until now; the views (and /v1/events) hear it.
  const order = push ? tx.orders.get(push.orderId) : null;
  if (done && push && order) emitOrder(tx, 'order.sent', order, { sent: push.status });
  return done;
}
