import type { Receipt } from '../../base/wire/index.js';
import type { Transactions } from '../repos/tx.js';
import * as receiptOps from './receipt-ops.js';
import type { ReceiptDelivery } from '../shared/receipt-records.js';

/** Receipts from the main POS (the POSTPONED flow): each write one transaction with its event; and the delivery outbox. */
export interface ReceiptsStore {
  giveReceipt(paymentId: string, receipt: Receipt): { delivery: ReceiptDelivery; repeated: boolean };
  receiptDelivered(paymentId: string): boolean;
  receiptFailed(paymentId: string, code: string, refused: boolean): void;
  /** The fiscal receipt the POS gave for the payment, with its delivery; null when none. */
  givenReceipt(paymentId: string): ReceiptDelivery | null;
  /** Receipts the service has not accepted yet, oldest first (refused ones too: `refusedCode`). */
  pendingReceiptDeliveries(): ReceiptDelivery[];
}

export function createReceiptsStore({ write, read }: Transactions): ReceiptsStore {
  return {
    giveReceipt: (paymentId, receipt) => write('giveReceipt', (tx) => receiptOps.giveReceipt(tx, paymentId, receipt)),
    receiptDelivered: (paymentId) => write('receiptDelivered', (tx) => receiptOps.receiptDelivered(tx, paymentId)),
    receiptFailed: (paymentId, code, refused) => write('receiptFailed', (tx) => receiptOps.receiptFailed(tx, paymentId, code, refused)),
    givenReceipt: (paymentId) => read.receipts.get(paymentId),
    pendingReceiptDeliveries: () => read.receipts.undelivered(),
  };
}
