import type { Database } from 'better-sqlite3';

/** The store's writes, by the facade's method name: what a group commit declares it runs. */
export type StoreWrite =
  | 'upsertTable'
  | 'deleteTable'
  | 'putBill'
  | 'closeBill'
  | 'openBill'
  | 'addItem'
  | 'setItemQuantity'
  | 'removeItem'
  | 'startPayment'
  | 'processPayment'
  | 'closePayment'
  | 'refundPayment'
  | 'markCaptured'
  | 'recordServiceError'
  | 'recordDelivery'
  | 'pruneDeliveries'
  | 'durabilitySync'
  | 'setTablePlan'
  | 'relabelTable'
  | 'replaceMenu'
  | 'patchMenuItem'
  | 'setOrdersPaused'
  | 'menuPushed'
  | 'startOrder'
  | 'markOrderPaid'
  | 'closeOrder'
  | 'setOrderStatus'
  | 'statusPushed'
  // Needs attention
  | 'resolveAttention'
  | 'recordRefundRefusal'
  | 'giveReceipt'
  | 'receiptDelivered'
  | 'receiptFailed'
  // payment links
  | 'savePaymentLink'
  | 'removePaymentLink'
  // line ownership
  | 'takeInLines'
  // the POS API's Idempotency-Key answers
  | 'keepIdempotentAnswer'
  // payment links' state at the service
  | 'learnPaymentLinkState'
  // what the main POS acknowledged of the event log
  | 'commitPosCursor'
  // waiters' phones
  | 'pairStaffDevice'
  | 'revokeStaffDevice'
  | 'markStaffDeviceSeen'
  | 'setStaffFollowing'
  | 'recordStaffAction';

/**
 * The one place that decides which commits skip their fsync (synchronous=NORMAL): paymentStart's
 * lock, alone or in a group of paymentStart calls only. Losing it to a power cut only loses the
 * lock: paymentProcessed then answers PAYMENT_NOT_FOUND and the service cancels, so no money
 * moves unrecorded; the WAL is append-only, so the next durable commit syncs it too. Also an
 * Idempotency-Key's answer, kept after its write is durable: losing it only makes a retry run
 * again, and a keyed bill push keeps its fsync off the event loop. Any other write (it records
 * money or what the POS told the service) commits with synchronous=FULL.
 */
const RELAXED: ReadonlySet<StoreWrite> = new Set<StoreWrite>(['startPayment', 'keepIdempotentAnswer']);

export function isRelaxed(write: StoreWrite): boolean {
  return RELAXED.has(write);
}

/** A group commit is relaxed when it declares its writes and every one of them is relaxed. */
export function groupIsRelaxed(writes: readonly StoreWrite[] | undefined): boolean {
  return writes !== undefined && writes.length > 0 && writes.every(isRelaxed);
}

/**
 * Runs one commit at synchronous=NORMAL when relaxed; the connection is back at FULL afterwards,
 * always. SQLite refuses to change the level inside a transaction, so it is set around BEGIN.
 */
export function atSyncLevel<T>(db: Database, relaxed: boolean, run: () => T): T {
  if (!relaxed) return run();
  // exec, not pragma(): the level is set when the text is compiled, and exec makes no statement
  // object to hand back (every group commit of a rush passes here twice).
  db.exec('PRAGMA synchronous = NORMAL');
  try {
    return run();
  } finally {
    db.exec('PRAGMA synchronous = FULL');
  }
}
