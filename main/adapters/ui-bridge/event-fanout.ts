import type { CompanionEvent } from '../../../preload/contract.js';
import type { Clock, TimerHandle } from '../../base/clock.js';
import type { PaymentsStore, OrdersStore, StoreEngine, StoreEvent } from '../../store/index.js';
import { noticeFor, noticesSettledBy, type NoticeBook } from './notice-book.js';
import { billView, patchedBillView, paymentView, tableView, type BillsAtHand } from '../../features/bills/views.js';
import type { BillWithItems } from '../../store/index.js';
import { menuEntries, orderView } from '../../features/orders/views.js';

type Push = (event: DistributiveOmit<CompanionEvent, 'seq'>) => void;
type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

export interface ViewFanOut {
  /** Takes a batch of committed store events: its notices and orders at once, the views within VIEW_PUSH_MS. */
  onBatch(events: StoreEvent[]): void;
  /** Drops the views still waiting to be pushed. */
  stop(): void;
}

/**
 * At most one push of the views per this long while changes keep coming. A guest's payment is
 * three commits a few ms apart, and in a rush each commit carries several guests' calls: each view
 * (a bill with its lines and payments, its table, the payment) is read once per window instead of
 * once per commit. The first change after a quiet moment is pushed at once; notices never wait.
 * A window as long as the staff phones' (a cashier glancing at a card does not see 150 ms) lets a
 * payment's three commits share one window in a rush instead of two.
 */
export const VIEW_PUSH_MS = 150;

/**
 * Turns committed store events into the renderer's events: notices (and orders) at once, the
 * changed bills, their tables and the payments at most once per VIEW_PUSH_MS (on the injected
 * clock), and only while a listener wants them. Each view is read when pushed, so it is the
 * store's state then: a window that saw a payment start and end pushes only its end.
 */
export function createViewFanOut(o: {
  store: PaymentsStore & OrdersStore & StoreEngine;
  notices: NoticeBook;
  push: Push;
  wants: (type: CompanionEvent['type']) => boolean;
  clock: Clock;
}): ViewFanOut {
  const listening = () => o.wants('bill') || o.wants('table') || o.wants('payment');
  let changed = emptyChanges();
  // Each bill's record as its view was last pushed: the next view is patched from it (patchedBillView).
  const pushed: PushedBills = new Map();
  let timer: TimerHandle | null = null;
  let lastPush = Number.NEGATIVE_INFINITY;
  const flush = (): void => {
    timer = null;
    lastPush = o.clock.now();
    const due = changed;
    changed = emptyChanges();
    if (listening()) pushViews(due, o.store, o.push, o.wants, pushed);
    else pushed.clear();
  };
  return {
    onBatch(events: StoreEvent[]): void {
      for (const e of events) updateNotices(e, o.store, o.notices, o.push);
      // Orders whenever someone hears them, shown or not: a guest's new order rings on a hidden page
      // and becomes the OS notification (ui-events.ts) with the window in the tray.
      fanOutOrders(events, o.store, o.push, o.wants);
      if (!listening()) {
        // Nobody shows the views: nothing is pending (a screen that attaches reads its snapshot),
        // and the records kept would miss these events.
        changed = emptyChanges();
        pushed.clear();
        return;
      }
      collect(events, changed);
      if (timer !== null) return;
      const wait = lastPush + VIEW_PUSH_MS - o.clock.now();
      if (wait <= 0) flush();
      else timer = o.clock.setTimeout(flush, wait);
    },
    stop(): void {
      o.clock.clearTimeout(timer);
      timer = null;
      changed = emptyChanges();
    },
  };
}

interface Changes {
  payments: Set<string>;
  /**
   * Bills changed, each with the lines its events moved: null when an event may have changed more
   * than the lines of a payment (the whole bill is read again).
   */
  bills: Map<string, Set<string> | null>;
  /** Payments whose started, paid or cancelled event moved their lines (their records name them). */
  moving: Map<string, string>;
  tables: Set<string>;
  /** Tables deleted (and not written again since). */
  removed: Set<string>;
}

const emptyChanges = (): Changes => ({ payments: new Set(), bills: new Map(), moving: new Map(), tables: new Set(), removed: new Set() });

/** The bills' records as their views were last pushed; dropped while no one listens. */
type PushedBills = Map<string, BillWithItems>;

/** A payment's events that change the bill only in its own lines (shiftLines) and the bill's own row. */
const LINES_OF_PAYMENT = new Set(['payment.started', 'payment.paid', 'payment.cancelled']);
const NO_LINES = new Set(['payment.processed', 'payment.captured']);

function collect(events: StoreEvent[], c: Changes): void {
  for (const e of events) {
    if (e.kind === 'table.deleted' && e.tableId) {
      c.removed.add(e.tableId);
      c.tables.delete(e.tableId);
      continue;
    }
    if (e.tableId) {
      c.tables.add(e.tableId);
      c.removed.delete(e.tableId);
    }
    if (e.paymentId) c.payments.add(e.paymentId);
    if (!e.billId) continue;
    const lines = c.bills.has(e.billId) ? c.bills.get(e.billId)! : new Set<string>();
    if (lines === null) continue;
    if (LINES_OF_PAYMENT.has(e.kind) && e.paymentId) c.moving.set(e.paymentId, e.billId);
    else if (!NO_LINES.has(e.kind)) {
      c.bills.set(e.billId, null);
      continue;
    }
    c.bills.set(e.billId, lines);
  }
}

/** The lines each bill's payments moved, from the payments' records; a payment not found reads its bill whole. */
function movedLines(c: Changes, store: PaymentsStore & StoreEngine): void {
  for (const [paymentId, billId] of c.moving) {
    const lines = c.bills.get(billId);
    if (!lines) continue;
    const payment = store.read.payments.get(paymentId);
    if (!payment || payment.billId !== billId) c.bills.set(billId, null);
    else for (const item of payment.items) lines.add(item.itemId);
  }
}

/** A value per key, read once. */
function once<V>(read: (id: string) => V): (id: string) => V {
  const seen = new Map<string, V>();
  return (id) => {
    if (seen.has(id)) return seen.get(id)!;
    const value = read(id);
    seen.set(id, value);
    return value;
  };
}

/**
 * The store's reader for one flush, reading each payment, bill row and table once: a payment's
 * view and its lines, a bill's view, its table's view and the payment's context all ask for them.
 * Only valid within the flush (one synchronous run, the store unchanged meanwhile).
 */
function readOnce<S extends StoreEngine>(store: S): S {
  const read = store.read;
  const payments = Object.assign(Object.create(read.payments) as typeof read.payments, { get: once((id) => read.payments.get(id)) });
  const bills = Object.assign(Object.create(read.bills) as typeof read.bills, { get: once((id) => read.bills.get(id)) });
  const tables = Object.assign(Object.create(read.tables) as typeof read.tables, { get: once((id) => read.tables.get(id)) });
  const memo = Object.assign(Object.create(read) as typeof read, { payments, bills, tables });
  // Each use still asks the store for its reader (as every view did before), then reads through the memo.
  return Object.create(store, { read: { get: () => (store.read === read ? memo : store.read) } }) as S;
}

/** The views of what changed, each kind only when a listener wants it (a table's view also when one of its bills changed). */
function pushViews(
  c: Changes,
  live: PaymentsStore & OrdersStore & StoreEngine,
  push: Push,
  wants: (type: 'bill' | 'table' | 'payment') => boolean,
  pushed: PushedBills,
): void {
  const store = readOnce(live);
  for (const tableId of c.removed) push({ type: 'table-removed', tableId });
  if (wants('payment')) {
    for (const id of c.payments) {
      const payment = paymentView(store, id);
      if (payment) push({ type: 'payment', payment });
    }
  }
  if (!wants('bill') && !wants('table')) return;
  movedLines(c, store);
  const tables = new Set(c.tables);
  const atHand: BillsAtHand = new Map();
  for (const [id, lines] of c.bills) {
    if (wants('bill')) {
      const previous = lines === null ? undefined : pushed.get(id);
      const bill = previous && lines ? patchedBillView(store, previous, lines, atHand) : billView(store, id, atHand);
      const record = atHand.get(id);
      // A closed bill leaves the screen's bills: its record is not kept.
      if (bill && record && bill.state !== 'CLOSED') pushed.set(id, record);
      else pushed.delete(id);
      if (!bill) continue;
      push({ type: 'bill', bill });
      tables.add(bill.tableId);
    } else {
      pushed.delete(id);
      const row = store.read.bills.get(id);
      if (row) tables.add(row.tableId);
    }
  }
  if (!wants('table')) return;
  for (const id of tables) {
    const table = tableView(store, id, atHand);
    if (table) push({ type: 'table', table });
  }
}
/** The notice an event raises, and the earlier ones it changes (a refunded "paid", a capture done). */
function updateNotices(e: StoreEvent, store: PaymentsStore & OrdersStore & StoreEngine, notices: NoticeBook, push: Push): void {
  const notice = noticeFor(e, store);
  if (notice && notices.add(notice)) push({ type: 'notice', notice: Object.assign({}, notice) });
  for (const id of noticesSettledBy(e)) {
    const settled = notices.settle(id);
    if (settled) push({ type: 'notice', notice: Object.assign({}, settled) });
  }
  if (e.kind === 'payment.refunded' && e.paymentId) {
    const refunded = notices.markRefunded(e.paymentId);
    if (refunded) push({ type: 'notice', notice: Object.assign({}, refunded) });
  }
}
/** Each changed order once, the menu once per batch; each only when a listener wants it. */
function fanOutOrders(
  events: StoreEvent[],
  store: PaymentsStore & OrdersStore & StoreEngine,
  push: Push,
  wants: (type: CompanionEvent['type']) => boolean,
): void {
  const orders = new Set<string>();
  let menu = false;
  const wantsOrders = wants('order');
  const wantsMenu = wants('menu');
  if (!wantsOrders && !wantsMenu) return;
  for (const e of events) {
    if (wantsOrders && e.kind.startsWith('order.') && typeof e.data.orderId === 'string') orders.add(e.data.orderId);
    if (wantsMenu && (e.kind === 'menu.updated' || e.kind === 'orders.paused')) menu = true;
  }
  for (const id of orders) {
    const order = orderView(store, id);
    if (order) push({ type: 'order', order });
  }
  if (menu) push({ type: 'menu', menu: menuEntries(store.menus()), ordersPaused: store.ordersPaused() });
}

export type { Push };
