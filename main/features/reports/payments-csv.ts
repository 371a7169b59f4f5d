import type { PaymentHistoryEntry, SettlementEntry } from '../../../preload/contract.js';

/**
 * One line of the file: a payment (`tender` card) or a settlement at a bill's close (no payment id,
 * `state` settled, the tender its method, `amount` what was due, tip 0.00, the cashier's note).
 */
type CsvLine = { kind: 'payment'; entry: PaymentHistoryEntry } | { kind: 'settlement'; entry: SettlementEntry };

/** posNotified: yes / no, empty when it does not apply (never paid, no POS acknowledges, a settlement). */
const yesNo = (value: boolean | null): string | null => (value === null ? null : value ? 'yes' : 'no');

/** The columns, in order (the POS API documents the same): each its header and its value on a line. */
const COLUMNS: readonly (readonly [string, (line: CsvLine) => string | null])[] = [
  ['paymentId', (l) => (l.kind === 'payment' ? l.entry.paymentId : null)],
  ['time', (l) => l.entry.time],
  ['table', (l) => l.entry.table],
  ['bill', (l) => l.entry.bill],
  ['state', (l) => (l.kind === 'payment' ? l.entry.state : 'settled')],
  ['amount', (l) => l.entry.amount],
  ['tip', (l) => (l.kind === 'payment' ? l.entry.tip : '0.00')],
  ['currency', (l) => l.entry.currency],
  ['provider', (l) => (l.kind === 'payment' ? l.entry.provider : null)],
  ['tender', (l) => (l.kind === 'payment' ? 'card' : l.entry.tender)],
  ['waiterId', (l) => l.entry.waiterId],
  ['waiter', (l) => l.entry.waiter],
  ['billId', (l) => l.entry.billId],
  ['note', (l) => (l.kind === 'payment' ? null : l.entry.note)],
  ['posNotified', (l) => (l.kind === 'payment' ? yesNo(l.entry.posNotified) : null)],
];

/** The CSV export's columns, in order. */
export const CSV_COLUMNS = COLUMNS.map(([name]) => name);

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
function field(value: string | null): string {
  const text = value ?? '';
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * UTF-8 CSV, a header row, one payment or settlement per line in time order (a payment before a
 * settlement of the same moment), CRLF line ends (RFC 4180), decimals with a dot and never rounded
 * (the same strings as the list, so the file sums to the day report).
 */
export function paymentsCsv(entries: PaymentHistoryEntry[], settlements: SettlementEntry[] = []): string {
  const rows = [CSV_COLUMNS.join(',')];
  const push = (line: CsvLine) => rows.push(COLUMNS.map(([, value]) => field(value(line))).join(','));
  // Both lists come oldest first: merged by time.
  let s = 0;
  for (const entry of entries) {
    while (s < settlements.length && settlements[s]!.time < entry.time) push({ kind: 'settlement', entry: settlements[s++]! });
    push({ kind: 'payment', entry });
  }
  while (s < settlements.length) push({ kind: 'settlement', entry: settlements[s++]! });
  return `${rows.join('\r\n')}\r\n`;
}

/** A file name for a range: tableside-payments-2026-11-21.csv, or …-2026-11-01_2026-11-30.csv. */
export function csvFileName(from: string, to: string): string {
  return `tableside-payments-${from === to ? from : `${from}_${to}`}.csv`;
}
