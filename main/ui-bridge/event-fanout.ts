import type { CompanionEvent } from '../../preload/contract.js';
import type { BillStore, StoreEvent } from '../store/index.js';
import { noticeFor, noticesSettledBy, type NoticeBook } from './notice-book.js';
import { billView, paymentView, tableView } from './read-model.js';
import { menuEntries, orderView } from './read-model-orders.js';

type Push = (event: DistributiveOmit<CompanionEvent, 'seq'>) => void;
type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

/**
 * Turns committed store events into the renderer's events: the changed bill, its table, the
 * payment, and a notice where one is due. A batch touching one bill pushes that bill once.
 */
export function fanOut(events: StoreEvent[], store: BillStore, notices: NoticeBook, push: Push, listening: boolean): void {
  for (const e of events) updateNotices(e, store, notices, push);
  // Views are for a renderer; with none attached (a headless till) the work is skipped.
  if (!listening) return;
  const tables = new Set<string>();
  const bills = new Set<string>();
  const payments = new Set<string>();
  fanOutOrders(events, store, push);
  for (const e of events) {
    if (e.kind === 'table.deleted' && e.tableId) {
      push({ type: 'table-removed', tableId: e.tableId });
      continue;
    }
    if (e.tableId) tables.add(e.tableId);
    if (e.billId) bills.add(e.billId);
    if (e.paymentId) payments.add(e.paymentId);
  }
  for (const id of payments) {
    const payment = paymentView(store, id);
    if (payment) push({ type: 'payment', payment });
  }
  for (const id of bills) {
    const bill = billView(store, id);
    if (bill) {
      push({ type: 'bill', bill });
      tables.add(bill.tableId);
    }
  }
  for (const id of tables) {
    const table = tableView(store, id);
    if (table) push({ type: 'table', table });
  }
}
/** The notice an event raises, and the earlier ones it changes (a refunded "paid", a capture done). */
function updateNotices(e: StoreEvent, store: BillStore, notices: NoticeBook, push: Push): void {
  const notice = noticeFor(e, store);
  if (notice && notices.add(notice)) push({ type: 'notice', notice: { ...notice } });
  for (const id of noticesSettledBy(e)) {
    const settled = notices.settle(id);
    if (settled) push({ type: 'notice', notice: { ...settled } });
  }
  if (e.kind === 'payment.refunded' && e.paymentId) {
    const refunded = notices.markRefunded(e.paymentId);
    if (refunded) push({ type: 'notice', notice: { ...refunded } });
  }
}
/** menu-orders (issue 14): each changed order once, the menu once per batch. */
function fanOutOrders(events: StoreEvent[], store: BillStore, push: Push): void {
  const orders = new Set<string>();
  let menu = false;
  for (const e of events) {
    if (e.kind.startsWith('order.') && typeof e.data.orderId === 'string') orders.add(e.data.orderId);
    if (e.kind === 'menu.updated' || e.kind === 'orders.paused') menu = true;
  }
  for (const id of orders) {
    const order = orderView(store, id);
    if (order) push({ type: 'order', order });
  }
  if (menu) push({ type: 'menu', menu: menuEntries(store.menus()), ordersPaused: store.ordersPaused() });
}

export type { Push };
