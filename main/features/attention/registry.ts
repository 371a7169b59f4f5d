import { captureSource } from './sources/capture.js';
import { lockHeldSource } from './sources/lock-held.js';
import { posUnsyncedSource } from './sources/pos-unsynced.js';
import { receiptAwaitedSource } from './sources/receipt-awaited.js';
import { receiptPendingSource } from './sources/receipt-pending.js';
import { refundRefusedSource } from './sources/refund-refused.js';
import { serviceErrorSource } from './sources/service-error.js';
import { settledBillSource } from './sources/settled-bill.js';
import type { AttentionSource } from './sources/source.js';
import { unsettledPaymentSource } from './sources/unsettled-payment.js';

/** Every kind of Needs attention entry. A new kind: its file in sources/ and one line here. */
export const ATTENTION_SOURCES: readonly AttentionSource[] = [
  captureSource,
  unsettledPaymentSource,
  lockHeldSource,
  settledBillSource,
  refundRefusedSource,
  serviceErrorSource,
  receiptAwaitedSource,
  receiptPendingSource,
  posUnsyncedSource,
];
