// The Payments tab: the history of one restaurant day (default: the current one) with its summary
// at the top, filters, Export CSV and the printable day report; today's payments keep cancel and
// capture.
import { useTranslation } from 'react-i18next';
import { useAppState, useNow } from '../../services/app-context';
import { useCommand } from '../common/use-command';
import { CancelPaymentDialog } from './cancel-payment-dialog';
import { DaySummaryPanel } from './day-summary-panel';
import { HistoryActions } from './history-actions';
import { HistoryErrorText } from './history-error';
import { HistoryTable } from './history-table';
import { HistoryToolbar } from './history-toolbar';
import { usePaymentHistory } from './use-payment-history';

export function PaymentsView() {
  const { t } = useTranslation();
  const now = useNow();
  const all = useAppState((s) => s.payments);
  const dialog = useAppState((s) => s.dialog);
  const history = usePaymentHistory();
  const command = useCommand();
  const cancelling = dialog?.kind === 'cancel-payment' ? (all[dialog.paymentId] ?? dialog.payment) : undefined;
  const { report, entries, date } = history;
  const filtered = Boolean(history.filter.states?.length || history.filter.tableId || history.filter.search);

  return (
    <section aria-label={t('history.title')} className="history">
      <h2>{t('history.title')}</h2>
      <HistoryToolbar history={history} />
      <HistoryErrorText error={history.error ?? command.error} />
      {report && <DaySummaryPanel report={report} />}
      {date !== null && <HistoryActions date={date} />}
      {entries === null ? (
        <p className="empty" role="status">
          {t('history.loading')}
        </p>
      ) : entries.length === 0 ? (
        <p className="empty">{t(filtered ? 'history.noneMatch' : 'history.none')}</p>
      ) : (
        <HistoryTable entries={entries} now={now} command={command} />
      )}
      {cancelling && <CancelPaymentDialog payment={cancelling} now={now} />}
    </section>
  );
}
