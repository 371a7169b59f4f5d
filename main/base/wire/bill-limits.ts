/**
 * How large a bill the POS may hand us. A table's bills go to the service in one answer of at most
 * MAX_ANSWER_BYTES (ws-frames.ts): a bill that could never be sent is refused when it arrives, not
 * when a guest scans its table. Bytes are those of the JSON as sent, in UTF-8.
 */
/** The bill as sent to the service (getTableContents, getBill). */
export const MAX_BILL_BYTES = 512 * 1024;
/** A bill's additionalData, serialized. */
export const MAX_ADDITIONAL_DATA_BYTES = 16 * 1024;
/** Lines on one bill. */
export const MAX_BILL_ITEMS = 2_000;
/** An item's name. */
export const MAX_ITEM_NAME_CHARS = 500;

/** UTF-8 bytes of a value's JSON (0 for undefined). */
export function jsonBytes(value: unknown): number {
  const text = JSON.stringify(value);
  return text === undefined ? 0 : Buffer.byteLength(text, 'utf8');
}
