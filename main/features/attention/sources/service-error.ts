import type { AttentionSource, SourceRow } from './source.js';
import { notAcknowledged, toEntry } from './source.js';

/** At most this many unacknowledged service errors are listed (the newest): a flood stays readable. */
export const MAX_SERVICE_ERRORS = 100;

// `error` calls from the service: the method dispatcher stores each one as a `service.error`
// event (main/adapters/connection/method-dispatcher.ts); the events_service_errors partial index (migration 012) finds them: the kind is its literal.
export const SERVICE_ERROR_SQL = `SELECT * FROM (
    SELECT CAST(e.seq AS TEXT) AS subject, e.at AS since, NULL AS tableId, NULL AS tableName, NULL AS billId, NULL AS billName,
      NULL AS paymentId, NULL AS amount, NULL AS tip, NULL AS currency,
      json_extract(e.data, '$.code') AS code, json_extract(e.data, '$.message') AS message
    FROM events e
    WHERE e.kind = 'service.error' AND ${notAcknowledged('service-error', 'CAST(e.seq AS TEXT)')}
    ORDER BY e.seq DESC LIMIT ${MAX_SERVICE_ERRORS})
  ORDER BY since, CAST(subject AS INTEGER)`;

/** Errors the service reported: acknowledged with a note once looked at. */
export const serviceErrorSource: AttentionSource = {
  kind: 'service-error',
  triggers: ['service.error', 'attention.resolved'],
  acknowledgeable: true,
  list: (read) =>
    read.attention
      .select<SourceRow & { code: string | null; message: string | null }>(SERVICE_ERROR_SQL)
      .map((row) => toEntry('service-error', row, ['acknowledge'], { code: row.code, message: row.message })),
};
