import type { BillView, PaymentView, TableView } from '../../preload/contract.js';
import { systemClock, type Clock } from '../clock.js';
import type { Logger } from '../log.js';
import type { Payment as WirePayment, Receipt } from '../wire/index.js';
import * as billOps from './bill-ops.js';
import { createBillsRepo } from './bills-repo.js';
import { closeDatabase, openDatabase } from './database.js';
import { createEventOutbox, type EventListener } from './event-outbox.js';
import { createEventsRepo } from './events-repo.js';
import * as paymentOps from './payment-ops.js';
import { createPaymentsRepo } from './payments-repo.js';
import type { BillRecord, BillState, BillWithItems, NewEvent, PaymentRecord, PutBillInput, StoreEvent, TableRecord } from './records.js';
import { createTablesRepo } from './tables-repo.js';
import type { Tx } from './tx.js';
import { toBillView, toPaymentView, toTableView } from './views.js';

export type { EventListener } from './event-outbox.js';

/**
 * The bill store: one SQLite file, one connection. Every write is one transaction that also
 * appends its events; it returns only after the commit, and listeners hear of the new events
 * after the commit too (never of a rolled-back change): `onCommit` at once, `onEvent` once they
 * are durable (see event-outbox.ts).
 */
export function createBillStore(options: { file: string; clock?: Clock; log?: Logger }) {
  const clock = options.clock ?? systemClock;
  const log = options.log?.child({ mod: 'store' });
  const db = openDatabase(options.file, log);
  const repos = { tables: createTablesRepo(db), bills: createBillsRepo(db), payments: createPaymentsRepo(db), events: createEventsRepo(db) };
  // A durable commit with one small change: it makes the relaxed commits before it durable too.
  const outbox = createEventOutbox({ sync: () => write((tx) => tx.events.nextCounter('durabilitySyncs')), log });
  /** Set while group() runs: writes become savepoints of its one transaction. */
  let group: { events: StoreEvent[] } | null = null;

  // Built once: better-sqlite3 makes a new wrapper on every db.transaction() call.
  const runWrite = db.transaction((fn: (tx: Tx) => unknown, now: string, nowMs: number, written: StoreEvent[]): unknown => {
    const pending: NewEvent[] = [];
    const result = fn({ ...repos, now, nowMs, emit: (e) => pending.push(e) });
    for (const e of pending) written.push(repos.events.append(e, now));
    return result;
  });
  const runGroup = db.transaction((fn: () => unknown): unknown => fn());

  function write<T>(fn: (tx: Tx) => T, at?: number, relaxed = false): T {
    const nowMs = at ?? clock.now();
    const now = new Date(nowMs).toISOString();
    const written: StoreEvent[] = [];
    if (group) {
      // A savepoint of the group's transaction: a refusal rolls back this write alone, and its
      // events are told only after the group's one durable commit.
      const result = runWrite(fn, now, nowMs, written) as T;
      group.events.push(...written);
      return result;
    }
    // .immediate: take the write lock at BEGIN, so a payment never fails half-way on SQLITE_BUSY.
    const result = atSyncLevel(() => runWrite.immediate(fn, now, nowMs, written) as T, relaxed);
    outbox.committed([...written], !relaxed);
    return result;
  }

  /** Runs a commit at synchronous=NORMAL when relaxed; the connection is back at FULL afterwards, always. */
  function atSyncLevel<T>(run: () => T, relaxed: boolean): T {
    if (!relaxed) return run();
    db.pragma('synchronous = NORMAL');
    try {
      return run();
    } finally {
      db.pragma('synchronous = FULL');
    }
  }

  const paymentContext = (p: PaymentRecord) => {
    const bill = repos.bills.get(p.billId);
    const table = bill ? repos.tables.get(bill.tableId) : null;
    return { tableId: bill?.tableId ?? null, tableName: table?.name ?? null, billName: bill?.name ?? null };
  };

  return {
    file: db.name,
    close(): void {
      outbox.close();
      closeDatabase(db); // its checkpoint makes relaxed commits durable
    },
    /**
     * Group commit: runs `fn` (several writes) in one transaction with one durable commit. Each
     * write inside is a savepoint, so one that throws rolls back alone while the others commit.
     * Listeners hear of the events after the commit; if the commit itself fails, nothing is told.
     * `relaxed`: only paymentStart writes inside, committed like a lone one (see startPayment).
     */
    group<T>(fn: () => T, options: { relaxed?: boolean } = {}): T {
      if (group) return fn();
      const current: { events: StoreEvent[] } = { events: [] };
      group = current;
      let result: T;
      const relaxed = options.relaxed === true;
      try {
        result = atSyncLevel(() => runGroup.immediate(fn) as T, relaxed);
      } finally {
        group = null;
      }
      outbox.committed(current.events, !relaxed);
      return result;
    },
    /** Fires once the events of a commit are durable, in order. Returns the unsubscribe. */
    onEvent: (listener: EventListener): (() => void) => outbox.onEvent(listener),
    /** Fires right after every commit, durable or not: for caches of what the store holds. */
    onCommit: (listener: EventListener): (() => void) => outbox.onCommit(listener),

    // Tables
    upsertTable: (input: { id: string; name: string; area?: string | null }): TableRecord => write((tx) => billOps.upsertTable(tx, input)),
    deleteTable: (id: string): void => write((tx) => billOps.deleteTable(tx, id)),
    listTables: (): TableRecord[] => repos.tables.list(),
    getTable: (id: string): TableRecord | null => repos.tables.get(id),

    // Bills
    putBill: (input: PutBillInput): BillWithItems => write((tx) => billOps.putBill(tx, input)),
    getBill: (id: string): BillWithItems | null => repos.bills.getWithItems(id),
    listBills: (filter: { tableId?: string; state?: BillState } = {}): BillRecord[] => repos.bills.list(filter),
    /** The table's OPEN bills with their items, in one query (getTableContents). */
    openBillsOfTable: (tableId: string): BillWithItems[] => repos.bills.openBillsWithItems(tableId),
    closeBill: (id: string): BillWithItems => write((tx) => billOps.closeBill(tx, id)),
    openBill: (input: { tableId: string; name?: string | null; currency: string }): BillWithItems => write((tx) => billOps.openBill(tx, input)),
    addItem: (billId: string, input: { name: string; price: string; quantity: string; menuId?: string }): BillWithItems =>
      write((tx) => billOps.addItem(tx, billId, input)),
    setItemQuantity: (billId: string, itemId: string, quantity: string): BillWithItems =>
      write((tx) => billOps.setItemQuantity(tx, billId, itemId, quantity)),
    removeItem: (billId: string, itemId: string): BillWithItems => write((tx) => billOps.removeItem(tx, billId, itemId)),

    // Payments
    /**
     * Committed but not fsynced (synchronous=NORMAL for this one transaction): if power fails before
     * the next durable commit, the lock is lost, paymentProcessed then answers PAYMENT_NOT_FOUND and
     * the service cancels the payment, so no money moves unrecorded. The WAL is append-only, so the
     * next FULL commit (paymentProcessed, paymentClosed) makes this one durable too. It saves one
     * of three fsyncs per guest payment.
     */
    startPayment: (payment: WirePayment): { payment: PaymentRecord; repeated: boolean } =>
      write((tx) => paymentOps.startPayment(tx, payment), undefined, true),
    /** The connection's synchronous level: 2 (FULL) between writes, 1 (NORMAL) inside a relaxed one. For diagnostics and tests. */
    synchronousLevel: (): number => db.pragma('synchronous', { simple: true }) as number,
    processPayment: (id: string): { receipt: Receipt; repeated: boolean } => write((tx) => paymentOps.processPayment(tx, id)),
    closePayment: (id: string, state: string): { changed: boolean; payment: PaymentRecord | null } =>
      write((tx) => paymentOps.closePayment(tx, id, state)),
    refundPayment: (id: string): { changed: boolean; payment: PaymentRecord } => write((tx) => paymentOps.refundPayment(tx, id)),
    markCaptured: (id: string): { changed: boolean; payment: PaymentRecord } => write((tx) => paymentOps.markCaptured(tx, id)),
    getPayment: (id: string): PaymentRecord | null => repos.payments.get(id),
    /** Payments created at or after `since` (ms epoch; default all). */
    listPayments: (filter: { since?: number } = {}): PaymentRecord[] => repos.payments.listSince(new Date(filter.since ?? 0).toISOString()),
    paymentsOfBill: (billId: string): PaymentRecord[] => repos.payments.listByBill(billId),
    /** STARTED or PROCESSED: what recovery asks the service about. */
    pendingPayments: (): PaymentRecord[] => repos.payments.pending(),
    releaseStaleLocks: (olderThanMs: number, now?: number): string[] => write((tx) => paymentOps.releaseStaleLocks(tx, olderThanMs), now),

    // Service errors and webhook deliveries
    /** An `error` call from the service: logged by the caller, kept here so the UI shows it. */
    recordServiceError: (error: { code: string | null; message: string }): void =>
      write((tx) => tx.emit({ kind: 'service.error', tableId: null, billId: null, paymentId: null, data: { code: error.code, message: error.message } })),
    /** Stores a webhook delivery's outcome; false when the id was already recorded (the first stays). */
    recordDelivery: (id: string, outcome: unknown): boolean => write((tx) => tx.events.putDelivery(id, outcome, tx.now)),
    getDelivery: (id: string): { outcome: unknown; at: string } | null => repos.events.getDelivery(id),
    /** Forgets the deliveries recorded more than `olderThanMs` ago (the service retries for seconds, not days). */
    pruneDeliveries: (olderThanMs: number): number =>
      write((tx) => tx.events.pruneDeliveries(new Date(tx.nowMs - olderThanMs).toISOString())),

    // Event log
    /** Durable events only: a POS reading the log never sees an event that a power cut could undo. */
    eventsAfter(seq: number, limit = 500): StoreEvent[] {
      const held = outbox.firstHeldSeq();
      const events = repos.events.after(seq, limit);
      return held === null ? events : events.filter((e) => e.seq < held);
    },
    lastSeq(): number {
      const held = outbox.firstHeldSeq();
      return held === null ? repos.events.lastSeq() : held - 1;
    },

    // Views in the contract's shapes
    billView(id: string): BillView | null {
      const bill = repos.bills.getWithItems(id);
      return bill ? toBillView(bill, repos.payments.listByBill(id)) : null;
    },
    /**
     * Bill views; with `limit`, one page in bill-id order after the id `after` (a stable cursor even
     * when bills close between pages). Views are built only for the page.
     */
    billViews(filter: { tableId?: string; state?: BillState; after?: string; limit?: number } = {}): BillView[] {
      let records = repos.bills.list(filter);
      if (filter.limit !== undefined || filter.after !== undefined) {
        const after = filter.after;
        records = records.filter((b) => after === undefined || b.id > after).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
        if (filter.limit !== undefined) records = records.slice(0, filter.limit);
      }
      return records.flatMap((b) => {
        const bill = repos.bills.getWithItems(b.id);
        return bill ? [toBillView(bill, repos.payments.listByBill(b.id))] : [];
      });
    },
    tableViews(): TableView[] {
      const byTable = new Map<string, BillWithItems[]>();
      for (const bill of repos.bills.activeWithItems()) byTable.set(bill.tableId, [...(byTable.get(bill.tableId) ?? []), bill]);
      return repos.tables.list().map((t) => toTableView(t, byTable.get(t.id) ?? []));
    },
    tableView(id: string): TableView | null {
      const table = repos.tables.get(id);
      if (!table) return null;
      const bills = repos.bills.list({ tableId: id }).filter((b) => b.state !== 'CLOSED');
      return toTableView(table, bills.flatMap((b) => repos.bills.getWithItems(b.id) ?? []));
    },
    paymentView(id: string): PaymentView | null {
      const p = repos.payments.get(id);
      return p ? toPaymentView(p, paymentContext(p)) : null;
    },
    paymentViews(filter: { since?: number } = {}): PaymentView[] {
      return repos.payments.listSince(new Date(filter.since ?? 0).toISOString()).map((p) => toPaymentView(p, paymentContext(p)));
    },
  };
}

export type BillStore = ReturnType<typeof createBillStore>;
