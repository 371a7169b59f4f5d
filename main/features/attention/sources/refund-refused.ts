import type { AttentionSource, SourceRow } from './source.js';
import { notAcknowledged, PAYMENT_JOINS, toEntry } from './source.js';

// The latest refusal of each payment the service would not refund (cancelPayment records them),
// while the payment is still paid here: a refund that went through later takes it off. The refusals
// (few) lead: CROSS JOIN keeps SQLite from walking every paid payment of the history instead.
const SQL = `SELECT CAST(rr.id AS TEXT) AS subject, rr.at AS since, rr.code AS code, p.id AS paymentId, p.billId AS billId, b.name AS billName,
    b.tableId AS tableId, t.name AS tableName, p.amount AS amount, p.tip AS tip, p.currency AS currency
  FROM refund_refusals rr CROSS JOIN payments p ON p.id = rr.paymentId ${PAYMENT_JOINS}
  WHERE p.state = 'PAID' AND rr.id = (SELECT MAX(id) FROM refund_refusals WHERE paymentId = rr.paymentId)
    AND ${notAcknowledged('refund-refused', 'CAST(rr.id AS TEXT)')}
  ORDER BY rr.at, rr.id`;

/** Refunds the service refused: acknowledged with a note (refund it another way, or try again). */
export const refundRefusedSource: AttentionSource = {
  kind: 'refund-refused',
  triggers: ['refund.refused', 'payment.refunded', 'attention.resolved'],
  acknowledgeable: true,
  list: (read) => read.attention.select<SourceRow & { code: string }>(SQL).map((row) => toEntry('refund-refused', row, ['acknowledge'], { code: row.code })),
};
