import type { Database } from 'better-sqlite3';
import type { Payment, Receipt } from '../../base/wire/index.js';
import type { DeliveryType, OrderLine, OrderRecord, OrderState, StaffState, StatusPush } from '../shared/menu-order-records.js';
import type { WriteToken } from '../engine/tx.js';

interface OrderRow {
  id: string;
  currency: string;
  deliveryType: DeliveryType;
  tableId: string | null;
  billId: string | null;
  pickupAt: string | null;
  items: string;
  note: string | null;
  customerName: string | null;
  total: string;
  status: OrderState;
  rejectReason: string | null;
  closedState: string | null;
  payment: string | null;
  receipt: string | null;
  created: string;
  updated: string;
}

const COLUMNS =
  'id, currency, deliveryType, tableId, billId, pickupAt, items, note, customerName, total, status, rejectReason, closedState, payment, receipt, created, updated';
const json = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

const toOrder = (r: OrderRow): OrderRecord => ({
  ...r,
  items: JSON.parse(r.items) as OrderLine[],
  payment: json<Payment>(r.payment),
  receipt: json<Receipt>(r.receipt),
});

/** Guest orders and the status outbox, read half. */
export function createOrdersReader(db: Database): OrdersReader {
  const get = db.prepare<[string], OrderRow>(`SELECT ${COLUMNS} FROM orders WHERE id = ?`);
  const all = db.prepare<[], OrderRow>(`SELECT ${COLUMNS} FROM orders ORDER BY created, id`);
  const byStatus = db.prepare<[string], OrderRow>(`SELECT ${COLUMNS} FROM orders WHERE status = ? ORDER BY created, id`);
  const pushes = db.prepare<[], StatusPush>('SELECT seq, orderId, status, reason, created FROM order_status_outbox ORDER BY seq');
  return {
    get(id: string): OrderRecord | null {
      const row = get.get(id);
      return row ? toOrder(row) : null;
    },
    list(filter: { status?: OrderState | undefined } = {}): OrderRecord[] {
      return (filter.status ? byStatus.all(filter.status) : all.all()).map(toOrder);
    },
    /** The statuses still to be told to the service, oldest first. */
    pendingPushes(): StatusPush[] {
      return pushes.all();
    },
  };
}

/** Guest orders and the status outbox, write half. */
export function createOrdersWriter(db: Database): OrdersWriter {
  const insert = db.prepare(
    `INSERT INTO orders (${COLUMNS}) VALUES (@id, @currency, @deliveryType, @tableId, @billId, @pickupAt, @items, @note, @customerName, @total, @status, @rejectReason, @closedState, @payment, @receipt, @created, @updated)`,
  );
  const update = db.prepare(
    `UPDATE orders SET billId = @billId, status = @status, rejectReason = @rejectReason, closedState = @closedState, payment = @payment, receipt = @receipt, updated = @updated WHERE id = @id`,
  );
  const push = db.prepare('INSERT INTO order_status_outbox (orderId, status, reason, created) VALUES (?, ?, ?, ?)');
  const done = db.prepare('DELETE FROM order_status_outbox WHERE seq = ?');
  const dropOf = db.prepare('DELETE FROM order_status_outbox WHERE orderId = ?');
  const params = (o: OrderRecord) => ({
    ...o,
    items: JSON.stringify(o.items),
    payment: o.payment === null ? null : JSON.stringify(o.payment),
    receipt: o.receipt === null ? null : JSON.stringify(o.receipt),
  });
  return {
    insert(_tx: WriteToken, order: OrderRecord): void {
      insert.run(params(order));
    },
    update(_tx: WriteToken, order: OrderRecord): void {
      update.run(params(order));
    },
    queuePush(tx: WriteToken, orderId: string, status: StaffState, reason: string | null): void {
      push.run(orderId, status, reason, tx.now);
    },
    pushDone(_tx: WriteToken, seq: number): boolean {
      return done.run(seq).changes > 0;
    },
    /** A cancelled order's statuses are of no use to the service any more. */
    dropPushes(_tx: WriteToken, orderId: string): number {
      return dropOf.run(orderId).changes;
    },
  };
}

export interface OrdersReader {
  get(id: string): OrderRecord | null;
  list(filter?: { status?: OrderState | undefined }): OrderRecord[];
  /** The statuses still to be told to the service, oldest first. */
  pendingPushes(): StatusPush[];
}
export interface OrdersWriter {
  insert(_tx: WriteToken, order: OrderRecord): void;
  update(_tx: WriteToken, order: OrderRecord): void;
  queuePush(tx: WriteToken, orderId: string, status: StaffState, reason: string | null): void;
  pushDone(_tx: WriteToken, seq: number): boolean;
  /** A cancelled order's statuses are of no use to the service any more. */
  dropPushes(_tx: WriteToken, orderId: string): number;
}
