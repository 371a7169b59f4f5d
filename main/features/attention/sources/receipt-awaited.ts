import { isoBefore } from './payment-timing.js';
import type { AttentionSource, SourceRow } from './source.js';
import { notAcknowledged, PAYMENT_COLUMNS, PAYMENT_JOINS, toEntry } from './source.js';

/**
 * How long a paid POSTPONED payment may wait for the main POS's receipt before it is listed: the POS
 * hears payment.paid at once and fiscalising takes seconds, so 2 min is past any normal delay.
 */
export const RECEIPT_GRACE_MS = 120_000;

// Receipts (POSTPONED flow): the payment's receipt told the service to wait for the main POS's fiscal
// receipt, and the POS has not given it (no payment_receipts row). Once given it leaves (a
// receipt-pending entry follows while it is being sent). Walks the paid-at index up to the grace.
const SQL = `SELECT ${PAYMENT_COLUMNS}, p.paidAt AS since
  FROM payments p ${PAYMENT_JOINS}
  WHERE p.paidAt IS NOT NULL AND p.paidAt <= :dueBefore AND p.state = 'PAID'
    AND json_extract(p.receipt, '$.receiptDeliveryType') = 'POSTPONED'
    AND NOT EXISTS (SELECT 1 FROM payment_receipts pr WHERE pr.paymentId = p.id)
    AND ${notAcknowledged('receipt-awaited', 'p.id')}
  ORDER BY p.paidAt, p.id`;

/** Paid payments still waiting for the main POS's receipt: they leave once it is given, or when acknowledged. */
export const receiptAwaitedSource: AttentionSource = {
  kind: 'receipt-awaited',
  triggers: ['payment.paid', 'payment.receipt', 'attention.resolved'],
  timed: true,
  acknowledgeable: true,
  list: (read, { now }) =>
    read.attention.select<SourceRow>(SQL, { dueBefore: isoBefore(now, RECEIPT_GRACE_MS) }).map((row) => toEntry('receipt-awaited', row, ['acknowledge'])),
};
