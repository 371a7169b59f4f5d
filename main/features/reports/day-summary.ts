import type { DayReport, PaymentHistoryEntry, ReportSplit } from '../../../preload/contract.js';
import { Decimal } from '../../store/shared/decimal.js';
import { exactMoney } from './payment-history.js';

/**
 * The day's totals from its listed payments, exactly (decimal.js): the report is a pure function
 * of the list, so the list (and its CSV) always sums to the report, to the last decimal.
 * - paid that day: `paid` and `refunded` entries → count, amount, tips, the splits;
 * - refunded that day: `refunded` and `refund` entries → refunded (amount + tip).
 */

const PAID_STATES = new Set(['paid', 'refunded']);
const REFUND_STATES = new Set(['refunded', 'refund']);

interface Totals {
  count: number;
  amount: Decimal;
  tips: Decimal;
}

const zero = (): Totals => ({ count: 0, amount: new Decimal(0), tips: new Decimal(0) });
const add = (t: Totals, e: PaymentHistoryEntry): void => {
  t.count += 1;
  t.amount = t.amount.plus(e.amount);
  t.tips = t.tips.plus(e.tip);
};
const split = (t: Totals): ReportSplit => ({ count: t.count, amount: exactMoney(t.amount), tips: exactMoney(t.tips) });

/**
 * Ties by key in code-unit order: the same on every PC, and no ICU collator, whose collation data
 * would stay resident for one sort of a few names.
 */
const byKey = (a: string | null, b: string | null): number => {
  const x = a ?? '';
  const y = b ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Groups by key, in descending amount (then by key) so the biggest provider or area comes first. */
function splitBy<K extends 'provider' | 'area'>(paid: PaymentHistoryEntry[], key: K): (ReportSplit & Record<K, string | null>)[] {
  const groups = new Map<string | null, Totals>();
  for (const e of paid) {
    const t = groups.get(e[key]) ?? zero();
    add(t, e);
    groups.set(e[key], t);
  }
  return [...groups.entries()]
    .sort(([ka, a], [kb, b]) => b.amount.comparedTo(a.amount) || byKey(ka, kb))
    .map(([k, t]) => ({ [key]: k, ...split(t) }) as ReportSplit & Record<K, string | null>);
}

/** The report of `entries` (one day's list) in `currency`; payments in other currencies are left out. */
export function summarize(input: { date: string; from: number; to: number; currency: string; entries: PaymentHistoryEntry[] }): DayReport {
  const mine = input.entries.filter((e) => e.currency === input.currency);
  const paid = mine.filter((e) => PAID_STATES.has(e.state));
  const totals = zero();
  for (const e of paid) add(totals, e);
  let refunded = new Decimal(0);
  for (const e of mine) if (REFUND_STATES.has(e.state)) refunded = refunded.plus(e.amount).plus(e.tip);
  return {
    date: input.date,
    from: new Date(input.from).toISOString(),
    to: new Date(input.to).toISOString(),
    currency: input.currency,
    count: totals.count,
    amount: exactMoney(totals.amount),
    tips: exactMoney(totals.tips),
    refunded: exactMoney(refunded),
    net: exactMoney(totals.amount.plus(totals.tips).minus(refunded)),
    tipShare: totals.amount.isZero() ? null : totals.tips.dividedBy(totals.amount).toFixed(4),
    byProvider: splitBy(paid, 'provider'),
    byArea: splitBy(paid, 'area'),
    posNotified: { notified: paid.filter((e) => e.posNotified === true).length, notYet: paid.filter((e) => e.posNotified === false).length },
  };
}

/** The report's currency: asked for, else the one most payments of the day used, else the default. */
export function reportCurrency(entries: PaymentHistoryEntry[], asked: string | undefined, fallback: string): string {
  if (asked) return asked;
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(e.currency, (counts.get(e.currency) ?? 0) + 1);
  let best: string | null = null;
  for (const [c, n] of counts) if (best === null || n > counts.get(best)!) best = c;
  return best ?? fallback;
}
