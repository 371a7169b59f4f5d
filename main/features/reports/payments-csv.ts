import type { PaymentHistoryEntry } from '../../../preload/contract.js';

/** The CSV export's columns, in order (the POS API documents the same). */
export const CSV_COLUMNS = ['paymentId', 'time', 'table', 'bill', 'state', 'amount', 'tip', 'currency', 'provider', 'posNotified'] as const;

/** posNotified: yes / no, empty when it does not apply (never paid, or no POS acknowledges). */
const yesNo = (value: boolean | null): string | null => (value === null ? null : value ? 'yes' : 'no');

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
function field(value: string | null): string {
  const text = value ?? '';
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * UTF-8 CSV, a header row, one payment per line, CRLF line ends (RFC 4180), decimals with a dot
 * and never rounded (the same strings as the list, so the file sums to the day report).
 */
export function paymentsCsv(entries: PaymentHistoryEntry[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const e of entries) {
    lines.push([e.paymentId, e.time, e.table, e.bill, e.state, e.amount, e.tip, e.currency, e.provider, yesNo(e.posNotified)].map(field).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** A file name for a range: tableside-payments-2026-11-21.csv, or …-2026-11-01_2026-11-30.csv. */
export function csvFileName(from: string, to: string): string {
  return `tableside-payments-${from === to ? from : `${from}_${to}`}.csv`;
}
