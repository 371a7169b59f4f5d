import type { DayReport, PaymentHistoryEntry, ReportSplit, SettlementEntry, Tender } from '../../../preload/contract.js';
import { Decimal } from '../../store/shared/decimal.js';
import { scaledInteger, scaledText } from '../../store/shared/fixed-point.js';
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

/** Places of the integer a sum is kept in while every amount has at most as many. */
const SUM_PLACES = 4;

/**
 * An exact running sum of decimal texts: in one integer while each is a common amount and the sum a
 * safe integer, in Decimal from the first that is not. A day's report adds every payment into
 * five splits, and a Decimal per addition cost more than reading the day's rows.
 */
class ExactSum {
  private n = 0;
  private big: Decimal | null = null;
  add(text: string): void {
    if (this.big === null) {
      const next = this.n + scaledInteger(text, SUM_PLACES);
      if (Number.isSafeInteger(next)) {
        this.n = next;
        return;
      }
      this.big = new Decimal(scaledText(this.n, SUM_PLACES));
    }
    this.big = this.big.plus(text);
  }
  decimal(): Decimal {
    return this.big ?? new Decimal(scaledText(this.n, SUM_PLACES));
  }
}

interface Totals {
  count: number;
  amount: ExactSum;
  tips: ExactSum;
}

const zero = (): Totals => ({ count: 0, amount: new ExactSum(), tips: new ExactSum() });
const add = (t: Totals, e: PaymentHistoryEntry): void => {
  t.count += 1;
  t.amount.add(e.amount);
  t.tips.add(e.tip);
};
const split = (t: Totals): ReportSplit => ({ count: t.count, amount: exactMoney(t.amount.decimal()), tips: exactMoney(t.tips.decimal()) });

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
  t.amount.add(l.amount);
  t.tips.add(l.tip);
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
    .map(([waiterId, g]) => ({ waiterId, sum: g.totals.amount.decimal(), entry: { waiterId, waiter: g.name, ...split(g.totals) } }))
    .sort((a, b) => b.sum.comparedTo(a.sum) || byKey(a.waiterId, b.waiterId))
    .map((g) => g.entry);
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
    .map(([k, t]) => ({ k, sum: t.amount.decimal(), entry: { [key]: k, ...split(t) } as ReportSplit & Record<K, string | null> }))
    .sort((a, b) => b.sum.comparedTo(a.sum) || byKey(a.k, b.k))
    .map((g) => g.entry);
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
  const sums = zero();
  for (const e of paid) add(sums, e);
  const totals = { count: sums.count, amount: sums.amount.decimal(), tips: sums.tips.decimal() };
  const refundSum = new ExactSum();
  for (const e of mine) {
    if (!REFUND_STATES.has(e.state)) continue;
    refundSum.add(e.amount);
    refundSum.add(e.tip);
  }
  const refunded = refundSum.decimal();
  const settledSum = new ExactSum();
  for (const s of settlements) settledSum.add(s.amount);
  const settled = settledSum.decimal();
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
