// The history view's data: the chosen restaurant day (default: the current one, as main says),
// its report and its filtered payments, loaded again when a payment event changes the store.
import { useEffect, useState } from 'react';
import type { CompanionApi, DayReport, HistoryFilter, PaymentHistoryEntry } from '../../../../preload/contract';
import { useApi, useAppState } from '../../services/app-context';
import type { CommandError } from '../common/use-command';

export interface PaymentHistory {
  /** The restaurant day shown; null until main named the current one. */
  date: string | null;
  /** The current restaurant day (main's answer at first load). */
  today: string | null;
  setDate(date: string): void;
  filter: HistoryFilter;
  setFilter(filter: HistoryFilter): void;
  report: DayReport | null;
  entries: PaymentHistoryEntry[] | null;
  error: CommandError | null;
}

type DayData = { report: DayReport; entries: PaymentHistoryEntry[] } | { error: CommandError };

/** The report of `date` (null: the current restaurant day) and its payments. */
async function loadDay(api: CompanionApi, date: string | null, filter: HistoryFilter): Promise<DayData> {
  const summary = await api.dayReport(date === null ? {} : { date });
  if (!summary.ok) return { error: summary.error };
  const day = summary.value.date;
  const list = await api.listPayments({ from: day, to: day, filters: filter });
  return list.ok ? { report: summary.value, entries: list.value } : { error: list.error };
}

export function usePaymentHistory(): PaymentHistory {
  const api = useApi();
  // Any payment event replaces this record: the day's numbers may have changed.
  const payments = useAppState((s) => s.payments);
  // The main POS acknowledged more: the "POS notified" column may have changed.
  const posCursor = useAppState((s) => s.posCursor);
  const [date, setDate] = useState<string | null>(null);
  const [today, setToday] = useState<string | null>(null);
  const [filter, setFilter] = useState<HistoryFilter>({});
  const [data, setData] = useState<{ report: DayReport; entries: PaymentHistoryEntry[] } | null>(null);
  const [error, setError] = useState<CommandError | null>(null);

  useEffect(() => {
    // A newer request (another day, a filter, an event) makes this one's answer stale.
    let live = true;
    loadDay(api, date, filter).then(
      (result) => {
        if (!live) return;
        if ('error' in result) {
          setError(result.error);
          return;
        }
        setError(null);
        setData(result);
        if (date === null) {
          setToday(result.report.date);
          setDate(result.report.date);
        }
      },
      (e: unknown) => live && setError({ code: 'bridge-failed', message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [api, date, filter, payments, posCursor]);

  return { date, today, setDate, filter, setFilter, report: data?.report ?? null, entries: data?.entries ?? null, error };
}
