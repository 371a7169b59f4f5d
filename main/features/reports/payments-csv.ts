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

/**
 * Who reads the file. `machine` (the POS API's default): comma, dot, UTC times, the names and
 * words as the API documents them. `excel-cs` / `excel-en`: what Excel on a till in that language
 * opens right: a UTF-8 BOM, `;` and a decimal comma in Czech (`,` and a dot in English), local
 * times with their offset, and a cell Excel would run as a formula written as text.
 */
export type CsvForm = 'machine' | 'excel-cs' | 'excel-en';
export const CSV_FORMS: readonly CsvForm[] = ['machine', 'excel-cs', 'excel-en'];

/** Czech Excel's words: the header and the states and tenders as the Payments screen says them. */
const CZECH_HEADERS: Record<string, string> = {
  paymentId: 'ID platby',
  time: 'Čas',
  table: 'Stůl',
  bill: 'Účet',
  state: 'Stav',
  amount: 'Částka',
  tip: 'Spropitné',
  currency: 'Měna',
  provider: 'Poskytovatel',
  tender: 'Způsob úhrady',
  waiterId: 'ID číšníka',
  waiter: 'Číšník',
  billId: 'ID účtu',
  note: 'Poznámka',
  posNotified: 'V hlavní pokladně',
};
const CZECH_WORDS: Record<string, string> = {
  paid: 'zaplaceno',
  refunded: 'vráceno',
  refund: 'vrácení (placeno dříve)',
  capture_needed: 'čeká na stržení',
  declined: 'zamítnuto',
  cancelled: 'zrušeno',
  timed_out: 'vypršelo',
  abandoned: 'opuštěno',
  pending: 'probíhá',
  settled: 'vyrovnáno při uzavření',
  card: 'karta (aplikace hosta)',
  cash: 'hotově',
  'card-at-counter': 'kartou na pokladně',
  'written-off': 'odepsáno',
  walkout: 'odchod bez placení',
  yes: 'ano',
  no: 'ne',
};
const WORD_COLUMNS = new Set(['state', 'tender', 'posNotified']);
const MONEY_COLUMNS = new Set(['amount', 'tip']);

const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');

/**
 * "2026-11-21T18:29:58.000Z" as the till's wall clock writes it, with its offset:
 * "2026-11-21T19:29:58+01:00". The till's own time zone is the restaurant's (its days are too).
 */
export function localIsoTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const offset = -d.getTimezoneOffset();
  const zone = `${offset < 0 ? '-' : '+'}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}${zone}`;
}

/** A cell Excel would take for a formula (OWASP's list): written as text with a leading quote. */
function inert(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function cellOf(form: CsvForm, column: string, value: string | null): string | null {
  if (value === null || form === 'machine') return value;
  if (column === 'time') return localIsoTime(value);
  if (MONEY_COLUMNS.has(column)) return form === 'excel-cs' ? value.replace('.', ',') : value;
  if (WORD_COLUMNS.has(column) && form === 'excel-cs') return CZECH_WORDS[value] ?? value;
  return inert(value);
}

/** RFC 4180: a field with the separator, a quote or a line break is quoted, its quotes doubled. */
function field(value: string | null, separator: string): string {
  const text = value ?? '';
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * UTF-8 CSV, a header row, one payment or settlement per line in time order (a payment before a
 * settlement of the same moment), CRLF line ends (RFC 4180), decimals never rounded (the same
 * strings as the list, so the file sums to the day report); `form` says for whom (CsvForm).
 */
export function paymentsCsv(entries: PaymentHistoryEntry[], settlements: SettlementEntry[] = [], form: CsvForm = 'machine'): string {
  const separator = form === 'excel-cs' ? ';' : ',';
  const header = form === 'excel-cs' ? CSV_COLUMNS.map((c) => CZECH_HEADERS[c] ?? c) : CSV_COLUMNS;
  const rows = [header.join(separator)];
  const push = (line: CsvLine) => rows.push(COLUMNS.map(([name, value]) => field(cellOf(form, name, value(line)), separator)).join(separator));
  // Both lists come oldest first: merged by time.
  let s = 0;
  for (const entry of entries) {
    while (s < settlements.length && settlements[s]!.time < entry.time) push({ kind: 'settlement', entry: settlements[s++]! });
    push({ kind: 'payment', entry });
  }
  while (s < settlements.length) push({ kind: 'settlement', entry: settlements[s++]! });
  // The BOM is how Excel knows the file is UTF-8 (without it "Stůl" reads as "StĹŻl").
  return `${form === 'machine' ? '' : '\ufeff'}${rows.join('\r\n')}\r\n`;
}

/** A file name for a range: tableside-payments-2026-11-21.csv, or …-2026-11-01_2026-11-30.csv. */
export function csvFileName(from: string, to: string): string {
  return `tableside-payments-${from === to ? from : `${from}_${to}`}.csv`;
}
