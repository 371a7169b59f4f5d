import { systemClock, type Clock } from '../base/clock.js';
import type { Logger } from '../base/log.js';
import type { Payment as WirePayment, Receipt } from '../base/wire/index.js';
import { attentionWrites } from './attention/attention-store.js';
import * as billOps from './bills-and-tables/bill-ops.js';
import { createCheckpointer, type CheckpointLimits, type CheckpointEvent } from './engine/checkpointer.js';
import { closeDatabase, openDatabase } from './engine/database.js';
import type { StoreWrite } from './engine/durability.js';
import type { EventListener } from './engine/event-outbox.js';
import { menuOrderReads, menuOrderWrites } from './orders-and-menu/menu-order-store.js';
import * as paymentOps from './payments/payment-ops.js';
import type { ReceiptMode } from './receipts/receipt-records.js';
import { receiptReads, receiptWrites } from './receipts/receipt-store.js';
import type { PaymentLinkRecord } from './payment-links/payment-links-repo.js';
import type { BillWithItems, PaymentRecord, PutBillInput, StoreEvent, TableRecord } from './shared/records.js';
import * as tableOps from './bills-and-tables/table-ops.js';
import type { PlanPoint } from './bills-and-tables/table-ops.js';
import { createTransactions } from './engine/transactions.js';

type Transactions = ReturnType<typeof createTransactions>;

/** Table and bill writes: each one transaction that also appends its events (bill-ops.ts). */
function billWrites({ write, groupThenSync }: Transactions) {
  return {
    /**
     * putBill whose fsync runs on the threadpool (the POS API's PUT): the commit returns at once and
     * `durable` resolves once the WAL holds it on disk; answer only then. Its events are told then too.
     */
    putBillSynced: (input: PutBillInput): { result: BillWithItems; durable: Promise<void> } =>
      groupThenSync(() => write('putBill', (tx) => billOps.putBill(tx, input)), ['putBill']),
    upsertTable: (input: { id: string; name: string; area?: string | null; plan?: PlanPoint | null }): TableRecord =>
      write('upsertTable', (tx) => billOps.upsertTable(tx, input)),
    /** ui-tables: places a table on the floor plan (fractions 0..1) or takes it off (null). */
    setTablePlan: (id: string, plan: PlanPoint | null): void => write('setTablePlan', (tx) => tableOps.setTablePlan(tx, id, plan)),
    deleteTable: (id: string): void => write('deleteTable', (tx) => billOps.deleteTable(tx, id)),
    putBill: (input: PutBillInput): BillWithItems => write('putBill', (tx) => billOps.putBill(tx, input)),
    closeBill: (id: string, settlement?: billOps.SettlementInput): BillWithItems => write('closeBill', (tx) => billOps.closeBill(tx, id, settlement)),
    openBill: (input: { tableId: string; name?: string | null; currency: string }): BillWithItems => write('openBill', (tx) => billOps.openBill(tx, input)),
    addItem: (billId: string, input: { name: string; price: string; quantity: string; menuId?: string }): BillWithItems =>
      write('addItem', (tx) => billOps.addItem(tx, billId, input)),
    setItemQuantity: (billId: string, itemId: string, quantity: string): BillWithItems =>
      write('setItemQuantity', (tx) => billOps.setItemQuantity(tx, billId, itemId, quantity)),
    removeItem: (billId: string, itemId: string): BillWithItems => write('removeItem', (tx) => billOps.removeItem(tx, billId, itemId)),
  };
}

/** The payment lifecycle (payment-ops.ts); startPayment alone commits relaxed (durability.ts). */
function paymentWrites({ write }: Transactions, autoCloseBills: () => boolean, receiptMode: () => ReceiptMode) {
  return {
    startPayment: (payment: WirePayment): { payment: PaymentRecord; repeated: boolean } =>
      write('startPayment', (tx) => paymentOps.startPayment(tx, payment)),
    processPayment: (id: string): { receipt: Receipt; repeated: boolean } => write('processPayment', (tx) => paymentOps.processPayment(tx, id, receiptMode())),
    closePayment: (id: string, state: string): { changed: boolean; payment: PaymentRecord | null } =>
      write('closePayment', (tx) => paymentOps.closePayment(tx, id, state, { autoClose: autoCloseBills() })),
    refundPayment: (id: string): { changed: boolean; payment: PaymentRecord } => write('refundPayment', (tx) => paymentOps.refundPayment(tx, id)),
    markCaptured: (id: string): { changed: boolean; payment: PaymentRecord } => write('markCaptured', (tx) => paymentOps.markCaptured(tx, id)),
  };
}

/** Service errors and webhook deliveries. */
function recordWrites({ write, events }: Transactions) {
  return {
    /** An `error` call from the service: logged by the caller, kept here so the UI shows it. */
    recordServiceError: (error: { code: string | null; message: string }): void =>
      write('recordServiceError', (tx) => tx.emit({ kind: 'service.error', tableId: null, billId: null, paymentId: null, data: { code: error.code, message: error.message } })),
    /** Stores a webhook delivery's outcome; false when the id was already recorded (the first stays). */
    recordDelivery: (id: string, outcome: unknown): boolean => write('recordDelivery', (tx) => tx.events.putDelivery(tx, id, outcome)),
    getDelivery: (id: string): { outcome: unknown; at: string } | null => events.getDelivery(id),
    /** Forgets the deliveries recorded more than `olderThanMs` ago (the service retries for seconds, not days). */
    pruneDeliveries: (olderThanMs: number): number =>
      write('pruneDeliveries', (tx) => tx.events.pruneDeliveries(tx, new Date(tx.nowMs - olderThanMs).toISOString())),
  };
}

/** Payment links this till created at the service (issue 13, migration 010): no events, the list is read on demand. */
function paymentLinkStore({ write, read }: Transactions) {
  return {
    savePaymentLink: (link: Omit<PaymentLinkRecord, 'created'>): PaymentLinkRecord =>
      write('savePaymentLink', (tx) => {
        tx.paymentLinks.putLink(tx, link);
        return tx.paymentLinks.get(link.id)!;
      }),
    removePaymentLink: (id: string): boolean => write('removePaymentLink', (tx) => tx.paymentLinks.removeLink(tx, id)),
    paymentLinks: (limit = 200): PaymentLinkRecord[] => read.paymentLinks.list(limit),
    getPaymentLink: (id: string): PaymentLinkRecord | null => read.paymentLinks.get(id),
  };
}

const plainTable = ({ id, name, area }: TableRecord): TableRecord => ({ id, name, area });

/** Plain reads of what is committed (views in the contract's shapes: main/ui-bridge/read-model.ts). */
function reads({ read }: Transactions) {
  return {
    // Plain records: the order and floor-plan place are the read model's (read.tables).
    listTables: (): TableRecord[] => read.tables.list().map(plainTable),
    getTable: (id: string): TableRecord | null => {
      const table = read.tables.get(id);
      return table ? plainTable(table) : null;
    },
    getBill: (id: string): BillWithItems | null => read.bills.getWithItems(id),
    getPayment: (id: string): PaymentRecord | null => read.payments.get(id),
    /** STARTED or PROCESSED: what recovery asks the service about. */
    pendingPayments: (): PaymentRecord[] => read.payments.pending(),
  };
}

/**
 * The bill store: one SQLite file, one connection. Every write is one transaction that also
 * appends its events; it returns only after the commit, and listeners hear of the new events
 * after the commit too (never of a rolled-back change): `onCommit` at once, `onEvent` once they
 * are durable (see event-outbox.ts).
 */
/**
 * `autoCloseBills` (ui-tables): asked at each paymentClosed PAID; true closes a bill once every item
 * is paid (the setting of the same name). Absent: bills stay PAID until the cashier closes them.
 */
/** `receiptMode` (receipts, issue 13): asked at each paymentProcessed; absent: QERKO_GENERATED. */
export function createBillStore(options: {
  file: string;
  clock?: Clock;
  log?: Logger;
  nativeBinding?: string;
  autoCloseBills?: () => boolean;
  receiptMode?: () => ReceiptMode;
  /** The WAL sizes that start a checkpoint (checkpointer.ts); tests make them small. */
  checkpoints?: Partial<CheckpointLimits>;
  /** Hears each checkpoint asked of the worker thread, and each one it finished. */
  onCheckpoint?: (event: CheckpointEvent) => void;
}) {
  const log = options.log?.child({ mod: 'store' });
  const db = openDatabase(options.file, log, undefined, options.nativeBinding);
  // The WAL is checkpointed on a worker thread, never inside a commit on the event loop.
  const clock = options.clock ?? systemClock;
  const checkpointer = createCheckpointer({ db, clock, log, nativeBinding: options.nativeBinding, limits: options.checkpoints, onCheckpoint: options.onCheckpoint });
  const t = createTransactions(db, clock, log, checkpointer.afterCommit);
  return {
    close(): void {
      t.outbox.close();
      checkpointer.close(); // its connection is closed before ours checkpoints and the files may move
      closeDatabase(db); // its checkpoint makes relaxed commits durable
      t.closeWal();
    },
    /**
     * Group commit: runs `fn` (several writes) in one transaction with one commit. Each write
     * inside is a savepoint, so one that throws rolls back alone while the others commit.
     * Listeners hear of the events after the commit; if the commit itself fails, nothing is told.
     * `writes` declares the writes inside; durability.ts decides from them whether the commit
     * may skip its fsync (undeclared: it does not).
     */
    group: <T>(fn: () => T, options: { writes?: readonly StoreWrite[] } = {}): T => t.group(fn, options.writes),
    /**
     * The payment calls' group commit: as `group`, but its fsync runs off the event loop; the calls
     * may be answered once `durable` resolves (transactions.ts groupThenSync).
     */
    groupCommit: <T>(fn: () => T, options: { writes: readonly StoreWrite[] }): { result: T; durable: Promise<void> } =>
      t.groupThenSync(fn, options.writes),
    /** Fires once the events of a commit are durable, in order. Returns the unsubscribe. */
    onEvent: (listener: EventListener): (() => void) => t.outbox.onEvent(listener),
    /** Fires right after every commit, durable or not: for caches of what the store holds. */
    onCommit: (listener: EventListener): (() => void) => t.outbox.onCommit(listener),
    /** The repositories' reader halves, for read models (no writes: those need a WriteTx). */
    read: t.read,
    ...billWrites(t),
    ...paymentWrites(t, options.autoCloseBills ?? (() => false), options.receiptMode ?? (() => 'QERKO_GENERATED')),
    ...recordWrites(t),
    ...reads(t),
    ...menuOrderWrites(t),
    ...menuOrderReads(t),
    // Needs attention (issue 13).
    ...attentionWrites(t),
    ...receiptWrites(t),
    ...receiptReads(t),
    ...paymentLinkStore(t),
    /** Durable events only: a POS reading the log never sees an event that a power cut could undo. */
    eventsAfter(seq: number, limit = 500): StoreEvent[] {
      const held = t.outbox.firstHeldSeq();
      const events = t.events.after(seq, limit);
      return held === null ? events : events.filter((e) => e.seq < held);
    },
  };
}

export type BillStore = ReturnType<typeof createBillStore>;
export type { StoreWrite } from './engine/durability.js';
