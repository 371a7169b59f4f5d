// The day summary above the history (and on the printed Z report): count, paid, tips, refunds,
// net, average tip share, what was settled at close, and the splits by provider, area, tender and
// waiter. Main does every sum.
import { useTranslation } from 'react-i18next';
import type { DayReport, ReportSplit } from '../../../../preload/contract';
import { formatCurrency, formatShare } from '../../format/money-format';

export function DaySummaryPanel({ report }: { report: DayReport }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const money = (v: string) => formatCurrency(v, report.currency, lang);
  const figures: [string, string, string][] = [
    ['count', t('history.summary.count'), String(report.count)],
    ['amount', t('history.summary.paid'), money(report.amount)],
    ['tips', t('history.summary.tips'), money(report.tips)],
    ['refunded', t('history.summary.refunds'), money(report.refunded)],
    ['net', t('history.summary.net'), money(report.net)],
    ['tipShare', t('history.summary.tipShare'), report.tipShare === null ? '—' : formatShare(report.tipShare, lang)],
  ];
  // Settlements at close only when there were any: a day of card payments reads as before.
  if (report.settlements.length > 0) {
    figures.push(['settled', t('history.summary.settled'), money(report.settled)], ['billed', t('history.summary.billed'), money(report.billed)]);
  }
  // Only where a main POS acknowledges what it takes in (otherwise both counts are 0).
  const { notified, notYet } = report.posNotified;
  if (notified + notYet > 0) {
    figures.push(['posNotified', t('history.summary.posNotified'), t('history.summary.posNotifiedOf', { notified, count: notified + notYet })]);
  }
  return (
    <section className="day-summary" aria-label={t('history.summary.label')}>
      <dl className="day-figures">
        {figures.map(([key, label, value]) => (
          <div key={key} data-figure={key}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="day-splits">
        <SplitTable
          caption={t('history.summary.byProvider')}
          rows={report.byProvider.map((s) => ({ ...s, name: s.provider ?? t('history.summary.unknownProvider') }))}
          money={money}
        />
        <SplitTable
          caption={t('history.summary.byArea')}
          rows={report.byArea.map((s) => ({ ...s, name: s.area ?? t('history.summary.noArea') }))}
          money={money}
        />
        <SplitTable
          caption={t('history.summary.byTender')}
          split="tender"
          amountLabel={t('history.summary.amount')}
          rows={report.byTender.map((s) => ({ ...s, name: t(`history.tenders.${s.tender}`), key: s.tender }))}
          money={money}
        />
        <SplitTable
          caption={t('history.summary.byWaiter')}
          split="waiter"
          amountLabel={t('history.summary.amount')}
          rows={report.byWaiter.map((s) => ({ ...s, name: s.waiterId === null ? t('history.noWaiter') : (s.waiter ?? s.waiterId), key: s.waiterId ?? '' }))}
          money={money}
        />
      </div>
    </section>
  );
}

function SplitTable({
  caption,
  rows,
  money,
  split,
  amountLabel,
}: {
  caption: string;
  rows: (ReportSplit & { name: string; key?: string })[];
  money: (v: string) => string;
  split?: string;
  amountLabel?: string;
}) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <table className="day-split" data-split={split}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{caption}</th>
          <th scope="col">{t('history.summary.count')}</th>
          <th scope="col">{amountLabel ?? t('history.summary.paid')}</th>
          <th scope="col">{t('history.summary.tips')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key ?? r.name} data-key={r.key}>
            <th scope="row">{r.name}</th>
            <td>{r.count}</td>
            <td className="amount">{money(r.amount)}</td>
            <td className="amount">{money(r.tips)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
