import type { Receipt } from '../../base/wire/index.js';
import * as receiptOps from './receipt-ops.js';
import type { ReceiptDelivery } from './receipt-records.js';
import type { createTransactions } from '../engine/transactions.js';

type Transactions = ReturnType<typeof createTransactions>;

/** Receipts from the main POS (issue 13, POSTPONED flow): writes, each one transaction with its event. */
export function receiptWrites({ write }: Transactions) {
  return {
    giveReceipt: (paymentId: string, receipt: Receipt): { delivery: ReceiptDelivery; repeated: boolean } =>
      write('giveReceipt', (tx) => receiptOps.giveReceipt(tx, paymentId, receipt)),
    receiptDelivered: (paymentId: string): boolean => write('receiptDelivered', (tx) => receiptOps.receiptDelivered(tx, paymentId)),
    receiptFailed: (paymentId: string, code: string, refused: boolean): void =>
      write('receiptFailed', (tx) => receiptOps.receiptFailed(tx, paymentId, code, refused)),
  };
}

/** Reads of the POS's receipts and the delivery outbox. */
export function receiptReads({ read }: Transactions) {
  return {
    /** The fiscal receipt the POS gave for the payment, with its delivery; null when none. */
    givenReceipt: (paymentId: string): ReceiptDelivery | null => read.receipts.get(paymentId),
    /** Receipts the service has not accepted yet, oldest first (refused ones too: `refusedCode`). */
    pendingReceiptDeliveries: (): ReceiptDelivery[] => read.receipts.undelivered(),
  };
}
