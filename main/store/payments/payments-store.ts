import type { Payment as WirePayment, Receipt } from '../../base/wire/index.js';
import type { Transactions } from '../repos/tx.js';
import type { ReceiptMode } from '../shared/receipt-records.js';
import type { CloseRoute, PaymentRecord } from '../shared/records.js';
import * as paymentOps from './payment-ops.js';

/** The payment lifecycle (payment-ops.ts); startPayment alone commits relaxed (durability.ts). */
export interface PaymentsStore {
  startPayment(payment: WirePayment): { payment: PaymentRecord; repeated: boolean };
  processPayment(id: string): { receipt: Receipt; repeated: boolean };
  /** `route` lookup: recovery asked the service about a payment it never closed with us. */
  closePayment(id: string, state: string, route?: CloseRoute): { changed: boolean; payment: PaymentRecord | null };
  refundPayment(id: string): { changed: boolean; payment: PaymentRecord };
  markCaptured(id: string): { changed: boolean; payment: PaymentRecord };
  getPayment(id: string): PaymentRecord | null;
  /** STARTED or PROCESSED: what recovery asks the service about. */
  pendingPayments(): PaymentRecord[];
}

/**
 * `autoCloseBills`: asked at each paymentClosed PAID; true closes a bill once every item
 * is paid. `receiptMode` (receipts): asked at each paymentProcessed.
 */
export function createPaymentsStore({ write, read }: Transactions, autoCloseBills: () => boolean, receiptMode: () => ReceiptMode): PaymentsStore {
  return {
    startPayment: (payment) => write('startPayment', (tx) => paymentOps.startPayment(tx, payment)),
    processPayment: (id) => write('processPayment', (tx) => paymentOps.processPayment(tx, id, receiptMode())),
    closePayment: (id, state, route) => write('closePayment', (tx) => paymentOps.closePayment(tx, id, state, { autoClose: autoCloseBills(), route })),
    refundPayment: (id) => write('refundPayment', (tx) => paymentOps.refundPayment(tx, id)),
    markCaptured: (id) => write('markCaptured', (tx) => paymentOps.markCaptured(tx, id)),
    getPayment: (id) => read.payments.get(id),
    pendingPayments: () => read.payments.pending(),
  };
}
