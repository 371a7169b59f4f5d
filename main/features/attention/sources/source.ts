import type { AttentionAction, AttentionEntry, AttentionKind } from '../../../../preload/contract.js';
import { exactMoney } from '../../reports/payment-history.js';
import type { ReadTx } from '../../../store/index.js';

/** What every source is given: the time (sources whose entries come with age compare against it) and the limits set. */
export interface AttentionContext {
  now: number;
  /** A paid payment the main POS has not acknowledged this long is unsynced; 0 never flags one (the `unsyncedAfterSeconds` setting). */
  unsyncedAfterMs: number;
}

/** The `unsyncedAfterSeconds` setting's default (settings-file.ts), for a caller that has no settings (a POS API on its own, tests). */
export const DEFAULT_UNSYNCED_AFTER_MS = 60_000;

/** A bare time is a context with the default limits. */
export const attentionContext = (at: number | AttentionContext): AttentionContext =>
  typeof at === 'number' ? { now: at, unsyncedAfterMs: DEFAULT_UNSYNCED_AFTER_MS } : at;

/**
 * One kind of Needs attention entry: its own SQL over the store, run through `read.attention.select`
 * (prepared once, refused if it writes). Add a kind with one file here and one line in registry.ts.
 */
export interface AttentionSource {
  kind: AttentionKind;
  /** Store event kinds after which this kind's entries may have changed (the watcher recomputes). */
  triggers: readonly string[];
  /** Entries appear with age alone (a lock growing old): the watcher also rechecks on its timer. */
  timed?: boolean;
  /** Only an `acknowledge` (resolveAttention) takes these entries off; other kinds leave by their action. */
  acknowledgeable: boolean;
  list(read: ReadTx, ctx: AttentionContext): AttentionEntry[];
}

/** The columns every source's SQL selects (AS these names); `subject` makes the entry's id. */
export interface SourceRow {
  subject: string;
  since: string;
  tableId: string | null;
  tableName: string | null;
  billId: string | null;
  billName: string | null;
  paymentId: string | null;
  amount: string | null;
  tip: string | null;
  currency: string | null;
}

/** A payment with its bill and table, as SourceRow columns (for `FROM payments p` + PAYMENT_JOINS). */
export const PAYMENT_COLUMNS =
  'p.id AS subject, p.id AS paymentId, p.billId AS billId, b.name AS billName, b.tableId AS tableId, t.name AS tableName, p.amount AS amount, p.tip AS tip, p.currency AS currency';
export const PAYMENT_JOINS = 'JOIN bills b ON b.id = p.billId LEFT JOIN tables t ON t.id = b.tableId';

/** The SQL condition "this entry was not acknowledged"; `subject` is the SQL expression of its subject id. */
export function notAcknowledged(kind: AttentionKind, subject: string): string {
  return `NOT EXISTS (SELECT 1 FROM attention_resolutions r WHERE r.entryId = '${kind}:' || ${subject} AND r.action = 'acknowledge')`;
}

export const entryId = (kind: AttentionKind, subject: string): string => `${kind}:${subject}`;

/** The entry of one row: money exact (never rounded), the kind's facts in `detail`. */
export function toEntry(kind: AttentionKind, row: SourceRow, actions: AttentionAction[], detail: Record<string, string | null> = {}): AttentionEntry {
  return {
    id: entryId(kind, row.subject),
    kind,
    since: row.since,
    tableId: row.tableId,
    tableName: row.tableName,
    billId: row.billId,
    billName: row.billName,
    paymentId: row.paymentId,
    amount: row.amount === null ? null : exactMoney(row.amount),
    tip: row.tip === null ? null : exactMoney(row.tip),
    currency: row.currency,
    detail: Object.fromEntries(Object.entries(detail).filter((e): e is [string, string] => e[1] !== null)),
    actions,
  };
}
