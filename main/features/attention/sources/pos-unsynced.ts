import { isoBefore } from './payment-timing.js';
import type { AttentionSource, SourceRow } from './source.js';
import { PAYMENT_COLUMNS, PAYMENT_JOINS, toEntry } from './source.js';

// A payment paid here whose payment.paid event is past the main POS's committed cursor (migration
// 015) for longer than the setting. Active only once the POS has acknowledged at least once (a till
// with no POS reading the log has no cursor row, so no entries), and only for payments paid since
// that first acknowledgement. The walk starts at the cursor's rowid: the POS keeps it short.
const SQL = `SELECT ${PAYMENT_COLUMNS}, e.at AS since, e.seq AS seq, c.seq AS cursor
  FROM pos_cursor c
  JOIN events e ON e.seq > c.seq
  JOIN payments p ON p.id = e.paymentId ${PAYMENT_JOINS}
  WHERE c.id = 1 AND e.kind = 'payment.paid' AND e.at >= c.firstAt AND e.at <= :dueBefore
  ORDER BY e.seq`;

/** Paid payments the main POS has not taken in: they leave by themselves once it acknowledges them. */
export const posUnsyncedSource: AttentionSource = {
  kind: 'pos-unsynced',
  triggers: ['payment.paid'],
  timed: true,
  acknowledgeable: false,
  list: (read, { now, unsyncedAfterMs }) =>
    unsyncedAfterMs <= 0
      ? []
      : read.attention
          .select<SourceRow & { seq: number; cursor: number }>(SQL, { dueBefore: isoBefore(now, unsyncedAfterMs) })
          .map((row) => toEntry('pos-unsynced', row, [], { seq: String(row.seq), cursor: String(row.cursor) })),
};
