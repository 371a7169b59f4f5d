// The history's controls: the day (typed in the app's language, previous, next, today), state, table and waiter
// filters, and a search by amount or payment id. Plain form controls, so all of it is keyboard reachable.
import { useTranslation } from 'react-i18next';
import type { HistoryFilter, HistoryState } from '../../../../preload/contract';
import { useAppState } from '../../services/app-context';
import { tableLabel } from '../common/labels';
import { formatDay } from '../../format/money-format';
import { DateField } from '../common/date-field';
import type { PaymentHistory } from './use-payment-history';

const FILTER_STATES: HistoryState[] = ['paid', 'refunded', 'capture_needed', 'declined', 'cancelled', 'timed_out', 'abandoned', 'pending'];

// The waiter select's values: '' all, NO_WAITER for payments under none, else `w:` and the id
// (an id may be any text, so it never collides with the other two).
const NO_WAITER = 'none';
const waiterValue = (waiterId: string | null | undefined) => (waiterId === undefined ? '' : waiterId === null ? NO_WAITER : `w:${waiterId}`);
const waiterOf = (value: string): string | null | undefined => (value === '' ? undefined : value === NO_WAITER ? null : value.slice(2));

export function HistoryToolbar({ history }: { history: PaymentHistory }) {
  const { t, i18n } = useTranslation();
  const tables = useAppState((s) => s.tables);
  const dayEndsAt = useAppState((s) => s.settings?.dayEndsAt ?? '04:00');
  const { date, today, filter } = history;
  if (date === null) return null;
  const set = (next: Partial<HistoryFilter>) => history.setFilter({ ...filter, ...next });
  const state = filter.states?.[0] ?? '';
  // The day's waiters, as its report counts them (every one with a payment or settlement).
  const waiters = history.report?.byWaiter ?? [];

  return (
    <div className="history-toolbar">
      <div className="day-picker" role="group" aria-label={t('history.day')}>
        <DateField label={t('history.day')} hideLabel value={date} max={today} onChange={history.setDate} />
        {today !== null && date !== today && (
          <button type="button" onClick={() => history.setDate(today)}>
            {t('history.today')}
          </button>
        )}
        <span className="muted day-name">{formatDay(date, i18n.language)}</span>
        <span className="muted">{t('history.dayHint', { time: dayEndsAt })}</span>
      </div>
      <div className="history-filters" role="group" aria-label={t('history.filters')}>
        <label>
          {t('history.state')}
          <select value={state} onChange={(e) => set({ states: e.target.value ? [e.target.value as HistoryState] : [] })}>
            <option value="">{t('history.allStates')}</option>
            {FILTER_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`history.states.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('history.table')}
          <select value={filter.tableId ?? ''} onChange={(e) => set({ tableId: e.target.value || undefined })}>
            <option value="">{t('history.allTables')}</option>
            {Object.values(tables).map((table) => (
              <option key={table.id} value={table.id}>
                {tableLabel(t, table.name)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('history.waiter')}
          <select value={waiterValue(filter.waiterId)} onChange={(e) => set({ waiterId: waiterOf(e.target.value) })}>
            <option value="">{t('history.allWaiters')}</option>
            {waiters.map((w) => (
              <option key={waiterValue(w.waiterId)} value={waiterValue(w.waiterId)}>
                {w.waiterId === null ? t('history.noWaiter') : (w.waiter ?? w.waiterId)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('history.search')}
          <input type="search" value={filter.search ?? ''} onChange={(e) => set({ search: e.target.value })} />
        </label>
      </div>
    </div>
  );
}
