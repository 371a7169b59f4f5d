import type { AttentionSource, SourceRow } from './source.js';
import { notAcknowledged, toEntry } from './source.js';

// A bill closed with an amount still due (migration 006): how it was settled (cash, card at the
// counter, written off) and what was due. The partial index bills_settled (migration 008) keeps
// this off a scan of every bill.
const SQL = `SELECT b.id AS subject, b.updated AS since, b.tableId AS tableId, t.name AS tableName, b.id AS billId, b.name AS billName,
    NULL AS paymentId, b.settledDue AS amount, NULL AS tip, b.currency AS currency, b.settlementMethod AS method, b.settlementNote AS note
  FROM bills b LEFT JOIN tables t ON t.id = b.tableId
  WHERE b.settlementMethod IS NOT NULL AND ${notAcknowledged('settled-bill', 'b.id')}
  ORDER BY b.updated, b.id`;

/** Bills closed with an amount due: a manager acknowledges them with a note. */
export const settledBillSource: AttentionSource = {
  kind: 'settled-bill',
  triggers: ['bill.closed', 'attention.resolved'],
  acknowledgeable: true,
  list: (read) =>
    read.attention
      .select<SourceRow & { method: string; note: string | null }>(SQL)
      .map((row) => toEntry('settled-bill', row, ['acknowledge'], { method: row.method, note: row.note })),
};
