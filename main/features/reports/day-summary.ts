import type { DayReport, PaymentHistoryEntry, ReportSplit, SettlementEntry, Tender } from '../../../preload/contract.js';
import { Decimal } from '../../store/shared/decimal.js';
import { exactMoney } from './payment-history.js';

/**
 * The day's totals from its listed payments, exactly (decimal.js): the report is a pure function
 * of the list, so the list (and its CSV) always sums to the report, to the last decimal.
 * - paid that day: `paid` and `refunded` entries → count, amount, tips, the splits;
 * - refunded that day: `refunded` and `refund` entries → refunded (amount + tip);
 * - settled at a bill's close that day: its own lines → settled, and their tender's split.
 * The tender and waiter splits take both kinds of line, so each sums to `billed` and the tips.
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

/** One line of the day in any tender: a paid payment, or a settlement (no tip). */
interface DayLine {
  tender: Tender;
  amount: string;
  tip: string;
  waiterId: string | null;
  waiter: string | null;
}
const paymentLine = (e: PaymentHistoryEntry): DayLine => ({ tender: 'card', amount: e.amount, tip: e.tip, waiterId: e.waiterId, waiter: e.waiter });
const settlementLine = (s: SettlementEntry): DayLine => ({ tender: s.tender, amount: s.amount, tip: '0', waiterId: s.waiterId, waiter: s.waiter });
const addLine = (t: Totals, l: DayLine): void => {
  t.count += 1;
  t.amount = t.amount.plus(l.amount);
  t.tips = t.tips.plus(l.tip);
};

/** The tenders in the report's order: the service's card payments, then the settlements. */
const TENDERS: readonly Tender[] = ['card', 'cash', 'card-at-counter', 'written-off', 'walkout'];

function byTender(lines: DayLine[]): (ReportSplit & { tender: Tender })[] {
  return TENDERS.flatMap((tender) => {
    const mine = lines.filter((l) => l.tender === tender);
    if (mine.length === 0) return [];
    const t = zero();
    for (const l of mine) addLine(t, l);
    return [{ tender, ...split(t) }];
  });
}

/** Per waiter (null: no waiter), in descending amount, then by id; a waiter's name is the latest one seen. */
function byWaiter(lines: DayLine[]): (ReportSplit & { waiterId: string | null; waiter: string | null })[] {
  const groups = new Map<string | null, { name: string | null; totals: Totals }>();
  for (const l of lines) {
    const g = groups.get(l.waiterId) ?? { name: null, totals: zero() };
    if (l.waiter !== null) g.name = l.waiter;
    addLine(g.totals, l);
    groups.set(l.waiterId, g);
  }
  return [...groups.entries()]
    .sort(([ka, a], [kb, b]) => b.totals.amount.comparedTo(a.totals.amount) || byKey(ka, kb))
    .map(([waiterId, g]) => ({ waiterId, waiter: g.name, ...split(g.totals) }));
}

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

/**
 * The report of `entries` and `settlements` (one day's lists) in `currency`; lines in other
 * currencies are left out. The paid links' line is composed beside it (index.ts).
 */
export function summarize(input: {
  date: string;
  from: number;
  to: number;
  currency: string;
  entries: PaymentHistoryEntry[];
  settlements?: SettlementEntry[];
}): Omit<DayReport, 'paidLinks'> {
  const mine = input.entries.filter((e) => e.currency === input.currency);
  const settlements = (input.settlements ?? []).filter((s) => s.currency === input.currency);
  const paid = mine.filter((e) => PAID_STATES.has(e.state));
  const totals = zero();
  for (const e of paid) add(totals, e);
  let refunded = new Decimal(0);
  for (const e of mine) if (REFUND_STATES.has(e.state)) refunded = refunded.plus(e.amount).plus(e.tip);
  let settled = new Decimal(0);
  for (const s of settlements) settled = settled.plus(s.amount);
  const lines = [...paid.map(paymentLine), ...settlements.map(settlementLine)];
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
    settled: exactMoney(settled),
    billed: exactMoney(totals.amount.plus(settled)),
    byTender: byTender(lines),
    byWaiter: byWaiter(lines),
    settlements,
    posNotified: { notified: paid.filter((e) => e.posNotified === true).length, notYet: paid.filter((e) => e.posNotified === false).length },
  };
}

/** The report's currency: asked for, else the one most payments of the day used, else the default. */
export function reportCurrency(entries: PaymentHistoryEntry[], asked: string | undefined, fallback: string, settlements: SettlementEntry[] = []): string {
  if (asked) return asked;
  const counts = new Map<string, number>();
  for (const e of [...entries, ...settlements]) counts.set(e.currency, (counts.get(e.currency) ?? 0) + 1);
  let best: string | null = null;
  for (const [c, n] of counts) if (best === null || n > counts.get(best)!) best = c;
  return best ?? fallback;
}
