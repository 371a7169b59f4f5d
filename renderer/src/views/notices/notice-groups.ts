// How the notices box orders its rows in a rush: problems first (they stay until acknowledged,
// whatever arrives after them), then the good news newest first, where payments that come faster
// than a cashier reads fold into one line per minute ("3 tables paid · 1 250 Kč").
import type { Decimal, Notice } from '../../../../preload/contract';
import { isZero } from '../../format/decimal-text';
import { isProblem } from './notice-text';

/** Paid notices of one minute (and currency) fold into one line from this many on: more than the box's three rows. */
export const PAID_GROUP_MIN = 4;

export type NoticeLine = { kind: 'notice'; notice: Notice } | { kind: 'paid-group'; key: string; notices: Notice[]; total: Decimal; currency: string | null };

export interface ArrangedNotices {
  /** Declined, failed, capture needed, service errors: newest first, always above the rest. */
  problems: Notice[];
  /** The rest, newest first, with bursts of payments folded. */
  others: NoticeLine[];
}

const minuteOf = (n: Notice) => Math.floor(Date.parse(n.at) / 60_000);

/** A fully paid table's notice can fold; a partial one keeps its line (it says what is still due), as does a refunded one. */
function foldable(n: Notice): boolean {
  const partial = Boolean(n.billDue && n.billTotal && !isZero(n.billDue));
  return n.kind === 'paid' && !n.refunded && n.amount !== null && !partial;
}

/** `open` newest first (openNotices); `fold` false lists every notice on its own (the expanded box). */
export function arrangeNotices(open: Notice[], fold = true): ArrangedNotices {
  const problems = open.filter(isProblem);
  const rest = open.filter((n) => !isProblem(n));
  if (!fold) return { problems, others: rest.map((notice) => ({ kind: 'notice', notice })) };
  const buckets = new Map<string, Notice[]>();
  for (const n of rest) {
    if (!foldable(n)) continue;
    const key = `${minuteOf(n)}|${n.currency ?? ''}`;
    const bucket = buckets.get(key);
    if (bucket) bucket.push(n);
    else buckets.set(key, [n]);
  }
  const others: NoticeLine[] = [];
  const placed = new Set<string>();
  for (const n of rest) {
    const key = `${minuteOf(n)}|${n.currency ?? ''}`;
    const bucket = foldable(n) ? buckets.get(key) : undefined;
    if (!bucket || bucket.length < PAID_GROUP_MIN) {
      others.push({ kind: 'notice', notice: n });
      continue;
    }
    // The group stands where its newest payment would.
    if (placed.has(key)) continue;
    placed.add(key);
    others.push({ kind: 'paid-group', key, notices: bucket, total: sumDecimals(bucket.map((b) => b.amount ?? '0')), currency: n.currency });
  }
  return { problems, others };
}

/** Exact sum of decimal strings (no float): BigInt on a common scale. */
export function sumDecimals(values: Decimal[]): Decimal {
  const scale = Math.max(2, ...values.map((v) => (v.split('.')[1] ?? '').length));
  let total = 0n;
  for (const v of values) {
    const negative = v.trim().startsWith('-');
    const [whole = '0', fraction = ''] = v.trim().replace(/^-/, '').split('.');
    const units = BigInt(whole || '0') * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
    total += negative ? -units : units;
  }
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(scale + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** The plural category of a count in the app's language ("3 stoly", "5 stolů"). */
export function pluralOf(n: number, language: string): 'one' | 'few' | 'many' | 'other' {
  const category = new Intl.PluralRules(language === 'cs' ? 'cs-CZ' : 'en-GB').select(n);
  return category === 'one' || category === 'few' || category === 'many' ? category : 'other';
}
