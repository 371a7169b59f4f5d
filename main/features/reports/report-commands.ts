import type { CompanionApi, CsvExport, DayReport, PaymentHistoryEntry } from '../../../preload/contract.js';
import type { Clock } from '../../base/clock.js';
import type { ShellPorts } from '../../base/host-types.js';
import type { Logger } from '../../base/log.js';
import { csvFileName, dayReport, daysBetween, paymentsCsv, paymentsOfDays, restaurantDate, settlementsOfDays } from './index.js';
import type { StoreEngine } from '../../store/index.js';
import { attempt, fail, ok } from '../../base/command-result.js';

/** The commands of the payment history and the day report, over main/reports. */
export interface ReportCommandDeps {
  store: StoreEngine;
  clock: Clock;
  log: Logger;
  shell: ShellPorts;
  defaultCurrency: string;
  dayEndsAt(): string;
}

type ReportCommands = Pick<CompanionApi, 'listPayments' | 'dayReport' | 'exportPaymentsCsv' | 'printDayReport'>;

/** The widest range one command reads (a year and a day, as the POS API). */
const MAX_RANGE_DAYS = 366;

function checkRange(input: { from: string; to: string }) {
  if (daysBetween(input.from, input.to) < 0) return fail<never>('BAD_RANGE');
  if (daysBetween(input.from, input.to) > MAX_RANGE_DAYS) return fail<never>('RANGE_TOO_LONG', { max: MAX_RANGE_DAYS });
  return null;
}

export function createReportCommands(deps: ReportCommandDeps): ReportCommands {
  const { store, log } = deps;
  const range = (input: { from: string; to: string }) => ({ from: input.from, to: input.to, dayEndsAt: deps.dayEndsAt() });

  return {
    listPayments: (input) =>
      attempt<PaymentHistoryEntry[]>(log, 'listPayments', () => checkRange(input) ?? ok(paymentsOfDays(store, range(input), input.filters))),
    dayReport: (input) =>
      attempt<DayReport>(log, 'dayReport', () => {
        const date = input.date ?? restaurantDate(deps.clock.now(), deps.dayEndsAt());
        return ok(dayReport(store, { date, dayEndsAt: deps.dayEndsAt(), defaultCurrency: deps.defaultCurrency }));
      }),
    exportPaymentsCsv: (input) =>
      attempt<CsvExport>(log, 'exportPaymentsCsv', async () => {
        const bad = checkRange(input);
        if (bad) return bad;
        const fileName = csvFileName(input.from, input.to);
        const csv = paymentsCsv(paymentsOfDays(store, range(input)), settlementsOfDays(store, range(input)), input.excel ? `excel-${input.excel}` : 'machine');
        if (!deps.shell.saveTextFile) return ok({ fileName, csv, delivery: 'download', path: null });
        const saved = await deps.shell.saveTextFile({ fileName, text: csv, kind: 'csv' });
        if (!saved.ok) return saved;
        if (saved.value.path !== null) log.info({ mod: 'reports', path: saved.value.path }, 'payments exported as CSV');
        return ok({ fileName, csv, delivery: saved.value.path === null ? 'cancelled' : 'saved', path: saved.value.path });
      }),
    printDayReport: (input) => deps.shell.printDayReport?.(input) ?? Promise.resolve(fail('UNSUPPORTED', { reason: 'report' })),
  };
}
