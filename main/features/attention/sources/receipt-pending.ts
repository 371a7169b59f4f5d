import type { AttentionSource, SourceRow } from './source.js';
import { notAcknowledged, PAYMENT_COLUMNS, PAYMENT_JOINS, toEntry } from './source.js';

// Receipts (POSTPONED flow): a fiscal receipt the main POS gave that the payment service
// has not accepted yet (migration 009's outbox). The sender keeps retrying it; one the service
// refused for good (`refusedCode`) waits for the POS to send a corrected one.
const SQL = `SELECT ${PAYMENT_COLUMNS}, pr.receivedAt AS since, pr.attempts AS attempts, pr.lastError AS lastError, pr.refusedCode AS refusedCode
  FROM payment_receipts pr JOIN payments p ON p.id = pr.paymentId ${PAYMENT_JOINS}
  WHERE pr.deliveredAt IS NULL AND ${notAcknowledged('receipt-pending', 'p.id')}
  ORDER BY pr.receivedAt, p.id`;

type ReceiptRow = SourceRow & { attempts: number; lastError: string | null; refusedCode: string | null };

/** Receipts on their way to the service: they leave once accepted; a look is acknowledged with a note. */
export const receiptPendingSource: AttentionSource = {
  kind: 'receipt-pending',
  triggers: ['payment.receipt', 'attention.resolved'],
  acknowledgeable: true,
  list: (read) =>
    read.attention.select<ReceiptRow>(SQL).map((row) =>
      toEntry('receipt-pending', row, ['acknowledge'], {
        state: row.refusedCode === null ? 'sending' : 'refused',
        attempts: String(row.attempts),
        code: row.refusedCode ?? row.lastError,
      }),
    ),
};
