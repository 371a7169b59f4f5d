import type { AttentionSource, SourceRow } from './source.js';
import { PAYMENT_COLUMNS, PAYMENT_JOINS, toEntry } from './source.js';

// A manual-capture payment the guest finished (PROCESSED: the money is authorised) and nobody
// captured yet: the money is only held. Same rule as recovery's awaitingCapture(). The IN term is
// the condition of the in-progress payments' partial index (migration 012): it walks that, not every payment.
const SQL = `SELECT ${PAYMENT_COLUMNS}, p.processedAt AS since
  FROM payments p ${PAYMENT_JOINS}
  WHERE p.state IN ('STARTED', 'PROCESSED') AND p.state = 'PROCESSED' AND p.captureMode = 'manual' AND p.captured = 0
  ORDER BY p.processedAt, p.id`;

/** Payments awaiting capture: capturePayment resolves them (the entry leaves once captured). */
export const captureSource: AttentionSource = {
  kind: 'capture',
  triggers: ['payment.processed', 'payment.captured', 'payment.paid', 'payment.cancelled'],
  acknowledgeable: false,
  list: (read) => read.attention.select<SourceRow>(SQL).map((row) => toEntry('capture', row, ['capture'])),
};
