import type { Database } from 'better-sqlite3';

/**
 * A table's open bills as the guest app reads them (docs/PROTOCOL.md §2 "Bill"), written as JSON text
 * by SQLite itself: the getTableContents hot path then makes one string per bill, not a record, an
 * object and eight strings per line for JSON.stringify to walk again (figures: docs/decisions/012).
 *
 * SQL does no decimal arithmetic, so it writes a bill only when each line is one of two kinds:
 * untouched (nothing paid or locked, minimum 1, quantity a plain decimal of at least 1), shown as
 * stored; or wholly paid or wholly locked (the paid or locked text equals the quantity: the store
 * keeps all three canonical), left out. Any other bill (part of a line paid) comes back with
 * `json: null`, and the caller maps it with its decimals (main/features/bills/wire-bill.ts, whose fast path
 * writes exactly these keys; a test holds the two to the same answers).
 * Strings go through json_quote; tags and additionalData, stored as JSON text, through json(), so
 * a value damaged on disk fails the call (INTERNAL_ERROR, as JSON.parse does on the other path)
 * instead of sending the service a frame it cannot read.
 */

/** A line the wire shows as stored: the SQL twin of wire-bill.ts's fast path (WHOLE_OR_MORE: ^[1-9]\d*(\.\d+)?$). */
const UNTOUCHED = `(i.paidQuantity = '0' AND i.lockedQuantity = '0' AND i.minQuantity = '1'
  AND i.quantity GLOB '[1-9]*' AND i.quantity NOT GLOB '*[^0-9.]*' AND i.quantity NOT GLOB '*.*.*' AND i.quantity NOT GLOB '*.')`;

/** A line with nothing left to pay, known without arithmetic: wire-bill.ts leaves it out. */
const NOTHING_LEFT = `((i.paidQuantity = i.quantity AND i.lockedQuantity = '0') OR (i.lockedQuantity = i.quantity AND i.paidQuantity = '0'))`;

const LINE_JSON = `'{"id":' || json_quote(l.id) || ',"name":' || json_quote(l.name) || ',"price":' || json_quote(l.price)
  || ',"quantity":' || json_quote(l.quantity) || ',"minQuantity":"1","tags":' || iif(l.tags = '[]', '[]', json(l.tags)) || '}'`;

/**
 * The untouched lines in position order (group_concat skips the NULLs of the lines left out), or
 * NULL when a line is of neither kind. min over no lines is NULL, not 0: an empty bill is [].
 * Each line's kind (2 untouched, 1 nothing left, 0 neither) is decided once, in a subquery that
 * `LIMIT -1` (no limit) keeps SQLite from flattening into the aggregate, where both uses would
 * evaluate the checks again (docs/decisions/012).
 */
const LINES_JSON = `(SELECT iif(min(l.kind) IS NOT 0,
    '[' || coalesce(group_concat(iif(l.kind = 2, ${LINE_JSON}, NULL), ',' ORDER BY l.position), '') || ']', NULL)
  FROM (SELECT CASE WHEN ${UNTOUCHED} THEN 2 WHEN ${NOTHING_LEFT} THEN 1 ELSE 0 END AS kind,
      i.id, i.name, i.price, i.quantity, i.tags, i.position
    FROM bill_items i WHERE i.billId = b.id LIMIT -1) l)`;

const BOOL = (column: string) => `iif(${column}, 'true', 'false')`;

/**
 * The wire bill's keys in wire-bill.ts's order; additionalData only when there is one. When the
 * lines are NULL the whole text is (`||` with NULL is NULL; json_quote(NULL) is 'null', not NULL).
 */
export const OPEN_BILLS_JSON_SQL = `
SELECT b.id,
  '{"id":' || json_quote(b.id) || ',"currency":' || json_quote(b.currency) || ',"items":' || ${LINES_JSON}
  || ',"name":' || json_quote(b.name) || ',"created":' || json_quote(b.created)
  || ',"allowTip":' || ${BOOL('b.allowTip')} || ',"allowPartialPayment":' || ${BOOL('b.allowPartialPayment')}
  || ',"denyDiscounts":' || ${BOOL('b.denyDiscounts')}
  || iif(b.additionalData IS NULL, '', ',"additionalData":' || json(b.additionalData)) || '}' AS json
FROM bills b WHERE b.tableId = ? AND b.state = 'OPEN' ORDER BY b.created, b.id`;

/** One open bill of the table: its wire JSON, or null when the caller must map it (see above). */
export interface OpenBillJson {
  id: string;
  json: string | null;
}

export function createOpenBillsJson(db: Database): (tableId: string) => OpenBillJson[] {
  const statement = db.prepare<[string], OpenBillJson>(OPEN_BILLS_JSON_SQL);
  return (tableId) => statement.all(tableId);
}
