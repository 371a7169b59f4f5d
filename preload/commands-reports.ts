import { z } from 'zod';
import { Day, Id, NoInput, Print, command, returns } from './command-kit.js';
import type { CsvExport, DayReport, PaymentHistoryEntry } from './views.js';

/** `from`/`to`: restaurant days YYYY-MM-DD, both included. */
const PaymentRange = z.object({ from: Day, to: Day });
export type PaymentRange = z.output<typeof PaymentRange>;

const HistoryFilter = z.object({
  states: z
    .array(z.enum(['paid', 'refunded', 'refund', 'capture_needed', 'declined', 'cancelled', 'timed_out', 'abandoned', 'pending']))
    .max(7)
    .optional(),
  tableId: Id.optional(),
  /** Matches a payment id (part of it) or an amount ("125", "125.00", with or without the tip). */
  search: z.string().max(200).optional(),
  /** A waiter's id; null: payments under no waiter. */
  waiterId: Id.nullable().optional(),
});
export type HistoryFilter = z.output<typeof HistoryFilter>;

/** Payment history and the day report: the same functions as the local POS API. */
export const REPORT_COMMANDS = {
  /** Payments of restaurant days `from`..`to` (both included), filtered. */
  listPayments: command(PaymentRange.extend({ filters: HistoryFilter.optional() }), returns<PaymentHistoryEntry[]>()),
  /** The close-of-day report of `date` (default: the current restaurant day). */
  dayReport: command(z.object({ date: Day.optional() }), returns<DayReport>()),
  /** The range's CSV: Electron asks where to save it (`saved`/`cancelled`); browser mode answers `download` and the page saves it. */
  /** `excel`: the file as Excel in that language opens it (BOM, separator, decimal mark, local times); without it the POS API's form. */
  exportPaymentsCsv: command(PaymentRange.extend({ excel: z.enum(['cs', 'en']).optional() }), returns<CsvExport>()),
  /** Electron prints the day report from a hidden window; browser mode answers UNSUPPORTED and the page prints itself. */
  printDayReport: command(z.object({ date: Day, mode: Print }), returns<{ pdfPath: string | null }>()),
};

/**
 * Logs and diagnostics: the desktop app opens the folder and saves the support zip through a
 * dialog (file null: cancelled); browser mode downloads both from the UI server instead.
 */
export const DIAGNOSTICS_COMMANDS = {
  exportDiagnostics: command(NoInput, returns<{ file: string | null }>()),
  openLogs: command(NoInput, returns<{ path: string }>()),
};
