// The printable close-of-day (Z) report: print.html?report=day&date=YYYY-MM-DD. Totals, tips,
// refunds, the provider, area, tender and waiter splits, the day's payments and its settlements at
// close, from the same commands as the Payments tab. Calls onReady once drawn (the shell and the e2e test wait for body[data-ready]).
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanionApi, DayReport, PaymentHistoryEntry } from '../../../../preload/contract';
import { formatClock } from '../../format/time-text';
import { tableLabel } from '../common/labels';
import { DaySummaryPanel } from '../payments/day-summary-panel';
import { PrintToolbar, type BrowserActions } from './print-toolbar';
import { SheetCommandError, useSheetLoad } from './use-sheet-load';
import { wordError } from '../common/command-error';
import { formatCurrency, formatDay } from '../../format/money-format';

interface Loaded {
  restaurant: string | null;
  report: DayReport;
  entries: PaymentHistoryEntry[];
}

async function loadReport(api: CompanionApi, date: string, changeLanguage: (lang: string) => Promise<unknown>): Promise<Loaded> {
  const snapshot = await api.getSnapshot();
  await changeLanguage(snapshot.settings.language);
  const report = await api.dayReport({ date });
  if (!report.ok) throw new SheetCommandError(report.error);
  const list = await api.listPayments({ from: date, to: date });
  if (!list.ok) throw new SheetCommandError(list.error);
  return { restaurant: snapshot.restaurantName, report: report.value, entries: list.value };
}

/** The payment links paid that day: their own line, apart from the table payments' totals. */
function PaidLinksLine({ report }: { report: DayReport }) {
  const { t, i18n } = useTranslation();
  const { count, amount } = report.paidLinks;
  return (
    <section className="z-paid-links" data-count={count}>
      <h2>{t('history.report.paidLinks')}</h2>
      <p>{t('history.report.paidLinksTotal', { count, money: formatCurrency(amount, report.currency, i18n.language) })}</p>
    </section>
  );
}

/** A waiter as printed: their name, else their id; a dash for none. */
const waiterName = (w: { waiterId: string | null; waiter: string | null }) => w.waiter ?? w.waiterId ?? '—';

export function DayReportSheet({
  api,
  date,
  onReady,
  onError,
  browserActions,
}: {
  api: CompanionApi;
  date: string;
  onReady(): void;
  onError(message: string): void;
  /** In a browser tab: Print and Back above the report, as on every other sheet. */
  browserActions?: BrowserActions | undefined;
}) {
  const { t, i18n } = useTranslation();
  const load = useCallback(() => loadReport(api, date, (lang) => i18n.changeLanguage(lang)), [api, date, i18n]);
  // Drawn once the report is in the DOM (plain text and tables: nothing draws later).
  const { loaded, error, failure } = useSheetLoad(load, onReady, onError);

  if (error) {
    // A refusal in the cashier's words; anything else (the bridge itself failed) is a defect.
    const reason = failure instanceof SheetCommandError ? failure.error : { code: 'bridge-failed', message: error };
    return (
      <p role="alert" className="error">
        {t('history.report.failed', { message: wordError(t, i18n, reason) })}
      </p>
    );
  }
  if (!loaded) return <p role="status">{t('app.loading')}</p>;
  const { report, entries } = loaded;
  const lang = i18n.language;
  const at = (iso: string) => new Date(iso).toLocaleString(lang === 'cs' ? 'cs-CZ' : 'en-GB');
  return (
    <article className="z-report" data-date={report.date}>
      {browserActions && <PrintToolbar actions={browserActions} printLabel={t('history.print')} />}
      <h1>{t('history.report.title')}</h1>
      <p>{t('history.report.of', { restaurant: loaded.restaurant ?? '', date: formatDay(report.date, lang) })}</p>
      <p className="muted">{t('history.report.period', { from: at(report.from), to: at(report.to) })}</p>
      <DaySummaryPanel report={report} />
      <PaidLinksLine report={report} />
      <h2>{t('history.report.payments')}</h2>
      <table className="z-payments">
        <thead>
          <tr>
            <th scope="col">{t('history.columns.time')}</th>
            <th scope="col">{t('history.columns.table')}</th>
            <th scope="col">{t('history.columns.state')}</th>
            <th scope="col">{t('history.columns.provider')}</th>
            <th scope="col">{t('history.columns.waiter')}</th>
            <th scope="col">{t('history.columns.amount')}</th>
            <th scope="col">{t('history.columns.tip')}</th>
            <th scope="col">{t('history.columns.id')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.paymentId} data-payment-id={e.paymentId}>
              <td>{formatClock(e.time, lang)}</td>
              <td>{tableLabel(t, e.table)}</td>
              <td>{t(`history.states.${e.state}`)}</td>
              <td>{e.provider ?? '—'}</td>
              <td>{waiterName(e)}</td>
              <td className="amount">{formatCurrency(e.amount, e.currency, lang)}</td>
              <td className="amount">{formatCurrency(e.tip, e.currency, lang)}</td>
              <td className="payment-id">{e.paymentId}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.settlements.length > 0 && (
        <>
          <h2>{t('history.report.settlements')}</h2>
          <table className="z-settlements">
            <thead>
              <tr>
                <th scope="col">{t('history.columns.time')}</th>
                <th scope="col">{t('history.columns.table')}</th>
                <th scope="col">{t('history.columns.tender')}</th>
                <th scope="col">{t('history.columns.waiter')}</th>
                <th scope="col">{t('history.columns.amount')}</th>
                <th scope="col">{t('history.columns.note')}</th>
              </tr>
            </thead>
            <tbody>
              {report.settlements.map((s) => (
                <tr key={s.billId} data-bill-id={s.billId} data-tender={s.tender}>
                  <td>{formatClock(s.time, lang)}</td>
                  <td>{tableLabel(t, s.table)}</td>
                  <td>{t(`history.tenders.${s.tender}`)}</td>
                  <td>{waiterName(s)}</td>
                  <td className="amount">{formatCurrency(s.amount, s.currency, lang)}</td>
                  <td>{s.note ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <p className="muted">{t('history.report.printed', { time: at(new Date().toISOString()) })}</p>
    </article>
  );
}
